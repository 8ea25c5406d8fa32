// Writes online.html, the room page, from the built index.html (a step of
// scripts/build.mjs, in every build). The server also sends it for
// `/?room=<id>`, the link players share.
//
// It keeps index.html's head (its theme script, manifest and inlined style,
// so both pages look alike and follow the same settings) and replaces the
// body: the room's header, its players, the status line, the board, the
// lobby (make a room, sit at one, wait for the host) and the end screen.
// Its script is the online module (crates/set-online, scripts/build.mjs's
// table); the page's own wasm is not loaded.
//
// Anything unexpected stops the build.
import { pageFromIndex, piece } from './page-from-index.mjs';

// Its body and the style it adds are www/pages/online-body.html and
// www/pages/online.css.
const BODY = piece('online-body.html');
const STYLE = piece('online.css');

export function writeOnlinePage(dir, files, standings, sound) {
  const page = pageFromIndex(dir, 'online', files);
  // The parts' names out: this page loads the online module only.
  page.drop(/<template[^>]*\bid=["']?parts\b[^>]*>[\s\S]*?<\/template>/);
  // The standings part (crates/set-standings): fetched
  // once the room page's client has started (and drawn), never before; the
  // JS API's leaderboard and profile wait for it.
  const later = `;let s;const standings=()=>s??=import("./${standings.glue}").then(async(m)=>(await m.default({module_or_path:"./${standings.wasm}"}),m));standings();`
    + 'window.wasmBindings.online_leaderboard=(m)=>standings().then((p)=>p.online_leaderboard(m));'
    + 'window.wasmBindings.online_profile=(q)=>standings().then((p)=>p.online_profile(q));'
    // The finished game's deal is hashed by the later part (crates/set-standings/src/digest.rs).
    + 'standings().then((p)=>{window.wasmBindings.sha256_hex=p.sha256_hex});'
    // The sounds (crates/set-sound), as on the other pages: none plays before a gesture anyway.
    + `import("./${sound}").then((m)=>{window.soundPart=m},()=>{})`;
  const named = `<template><a href=${standings.glue}></a><a href=${standings.wasm}></a><a href=${sound}></a></template>`;
  page.replace(/<body[^>]*>[\s\S]*<\/body>/, `<body>${BODY}${page.named}${named}${page.loader(later)}</body>`, 'body');
  page.replace(/<\/style>/, `${STYLE}</style>`, 'style');
  page.replace(/<title>SET<\/title>/, '<title>SET online</title>', 'title');
  page.write('online.html');
}
