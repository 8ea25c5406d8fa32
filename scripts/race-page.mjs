// Writes race.html, the page that plays with others, from the built
// index.html (a step of scripts/build.mjs, in every build).
//
// race.html is index.html with the race module (the page crate built with
// its `race` feature, scripts/build.mjs's table) in place of the page's own wasm,
// plus what only a game with others shows: the scoreboard, the end screen's
// ranking, and a form to choose the players. Its game is saved under its own
// key, so that each page carries on its own game. Everything else (the
// board, the settings, the notice, the parts that load later) is the same
// markup and the same script, so the two pages cannot drift apart.
//
// Anything unexpected stops the build.
import { pageFromIndex, piece } from './page-from-index.mjs';

/** What race.html adds, in the order it appears (files under www/pages/):
 *  the scoreboard, the end screen's ranking, its style, and the form that
 *  chooses the players (up to four names and three bots), which opens the
 *  page at the address of that game (`?players=…&bots=…`). */
const SCOREBOARD = piece('race-scoreboard.html');
const RANKING = piece('race-ranking.html');
const STYLE = piece('race.css');
const FORM = piece('race-players.html');
const FORM_SCRIPT = `<script>\n${piece('race-players.js')}\n</script>`;

export function writeRacePage(dir, files) {
  const page = pageFromIndex(dir, 'race', files);
  const replace = page.replace;
  // The race module in: the same loader's work, from its own files.
  const loader = page.loader(';dispatchEvent(new CustomEvent("TrunkApplicationStarted",{detail:{}}))');
  replace(/<\/body>/, `${page.named}${FORM}${FORM_SCRIPT}${loader}</body>`, 'end of body');
  // (The release build's minifier puts attributes in any order, unquoted.)
  replace(/(<section[^>]*\bid=["']?notice\b[^>]*>[\s\S]*?<\/section>)/, `$1${SCOREBOARD}`, 'notice');
  replace(/(<h2[^>]*\bid=["']?end-title\b[^>]*>[^<]*<\/h2>)/, `$1${RANKING}`, 'end title');
  replace(/<\/style>/, `${STYLE}</style>`, 'style');
  replace(/<title>SET<\/title>/, '<title>SET with others</title>', 'title');
  // Its own game: every script reads the race's save.
  replace(/set-game\/save/g, 'set-game/race', 'save key');
  // The settings' way across goes back to playing alone.
  replace(/<a[^>]*\bid=["']?open-players\b[^>]*>Play with others<\/a>/,
    '<a href=./>Play alone</a> <button id=open-players type=button aria-haspopup=dialog>Players</button>', 'link to race.html');
  page.write('race.html');
}
