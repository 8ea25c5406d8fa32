// Writes help.html, the rules page ("How to play"), from the built
// index.html (a step of scripts/build.mjs, in every build).
//
// It keeps index.html's head (its theme script, manifest and inlined style,
// so the page looks like the others and follows the same settings) and
// replaces the body with the rules (www/pages/help-body.html, with
// help.css's style). Its script is the help module (crates/set-help,
// scripts/build.mjs's table), which only draws the examples' cards: the
// page reads whole without it. Every page links here, so the service
// worker keeps it for offline use.
//
// Anything unexpected stops the build.
import { pageFromIndex, piece } from './page-from-index.mjs';

const BODY = piece('help-body.html');
const STYLE = piece('help.css');

export function writeHelpPage(dir, files) {
  const page = pageFromIndex(dir, 'help', files);
  page.drop(/<template[^>]*\bid=["']?parts\b[^>]*>[\s\S]*?<\/template>/);
  page.replace(/<body[^>]*>[\s\S]*<\/body>/, `<body class=help>${BODY}${page.named}${page.loader()}</body>`, 'body');
  page.replace(/<\/style>/, `${STYLE}</style>`, 'style');
  page.replace(/<title>SET<\/title>/, '<title>How to play SET</title>', 'title');
  page.write('help.html');
}
