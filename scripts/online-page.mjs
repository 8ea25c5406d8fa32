// Writes online.html, the room page, from the built index.html (a step of
// scripts/post-build.mjs, in every build). The server also sends it for
// `/?room=<id>`, the link players share.
//
// It keeps index.html's head (its theme script, manifest and inlined style,
// so both pages look alike and follow the same settings) and replaces the
// body: the room's header, its players, the status line, the board, the
// lobby (make a room, sit at one, wait for the host) and the end screen.
// Its script is the online part (crates/set-online, built by
// scripts/build-parts.sh); the page's own wasm is not loaded.
//
// Anything unexpected stops the build.
import { pageFromIndex } from './page-from-index.mjs';

const STYLE = `#roster{display:flex;flex-wrap:wrap;gap:4px 14px;margin:0;padding:4px 10px;list-style:none}
#roster li.off{opacity:.65}#roster small{opacity:.85}#roster .mute{margin-left:6px;padding:0 8px;min-height:24px;font-size:.8em}
#room-note{margin:0;padding:4px 10px;min-height:1.7em}#watchers{margin:0;padding:0 10px;font-size:.85em}#watchers:empty{display:none}
#lobby h3{margin:6px 0 0;font-size:1em}#lobby ul{margin:0;padding:0;list-style:none;max-height:12em;overflow:auto}#lobby li{margin:2px 0}
#lobby .row{display:flex;flex-wrap:wrap;gap:6px}#lobby li button{margin-left:6px;padding:0 10px;min-height:28px}
#cards button{pointer-events:auto}
#lobby{position:absolute;inset:0;z-index:1;display:grid;place-items:center;overflow:auto}
#lobby .panel{display:grid;gap:8px;text-align:left;max-width:94vw}
#lobby[hidden],#lobby [hidden],#end-screen[hidden]{display:none}#lobby ol{margin:0;padding-left:1.4em;max-height:12em;overflow:auto}#lobby li a{color:#164635;font-weight:600}
#lobby label{font-weight:600}#lobby .check{display:flex;gap:8px;align-items:center}
#lobby input,#lobby select{font:inherit;min-height:32px}#lobby select{background:#eef2ef;color:#1b2a24}
#room-link{width:100%}
#end-ranking{text-align:left;margin:0 0 12px}
#end-deal{font-size:.8em;overflow-wrap:anywhere;max-width:30em}
#end-screen a{color:#164635;font-weight:600}
nav a{color:inherit;font-weight:600;align-self:center}
#chat{padding:2px 10px 6px}#chat[hidden],#chat-form[hidden]{display:none}
#chat-lines{list-style:none;margin:0 0 4px;padding:0;max-height:4.4em;overflow:auto;overflow-wrap:anywhere}
#chat-form{display:flex;gap:6px;align-items:center}#chat-text{flex:1;min-width:0;font:inherit;min-height:32px}`;

const BODY = `<header><h1>SET</h1>
<dl id=status aria-label="Room status"><div><dt>Room</dt><dd id=room-name>–</dd></div><div><dt>Deck</dt><dd id=deck-left>–</dd></div><div><dt>Sets</dt><dd id=sets-found>0</dd></div><div><dt>Link</dt><dd id=link-state>connecting</dd></div></dl>
<nav><button id=hint-button type=button hidden>Hint</button><a href=online.html>Lobby</a> <a href=./>Play alone</a></nav></header>
<section aria-label=Players><ol id=roster></ol></section>
<p id=room-note role=status></p><p id=watchers></p>
<main><canvas id=board aria-hidden=true></canvas><div id=cards role=group aria-label="Cards on the table"></div>
<div id=lobby>
<section id=create-panel class=panel aria-labelledby=create-title><h2 id=create-title>Play online</h2>
<p id=online-count role=status></p>
<label for=create-name>Your name</label><input id=create-name maxlength=20 autocomplete=nickname>
<h3 id=quick-title>Quick play</h3><div class=row role=group aria-labelledby=quick-title><button id=quick-classic type=button>Classic</button><button id=quick-junior type=button>Junior</button><button id=quick-chain type=button>Set-Chain</button><button id=quick-ultra type=button>UltraSet</button></div>
<h3 id=rooms-title>Public rooms</h3><ul id=lobby-rooms aria-labelledby=rooms-title></ul><p id=no-rooms hidden>None yet: quick play makes one.</p>
<h3>Make a room</h3>
<label for=create-mode>Way to play</label><select id=create-mode><option value=classic>Classic</option><option value=junior>Junior</option><option value=chain>Set-Chain</option><option value=ultra>UltraSet</option></select>
<label class=check><input id=create-hints type=checkbox> Hints allowed</label>
<label class=check><input id=create-public type=checkbox checked> Listed in the lobby</label>
<label for=create-bots>Computer opponent</label><select id=create-bots><option value="">None</option><option value=easy>Easy</option><option value=medium>Medium</option><option value=hard>Hard</option><option value=expert>Expert</option></select>
<button id=create-room type=button>Make a room</button>
<h3 id=people-title>In the lobby</h3><ul id=lobby-people aria-labelledby=people-title></ul>
<h3 id=board-title>Leaderboard</h3><div class=row><select id=board-mode aria-label="Way to play"><option value=classic>Classic</option><option value=junior>Junior</option><option value=chain>Set-Chain</option><option value=ultra>UltraSet</option></select><button id=board-show type=button>Show</button><button id=my-profile type=button>Your profile</button></div>
<ol id=board-lines aria-labelledby=board-title></ol>
<section id=profile aria-labelledby=profile-title hidden><h3 id=profile-title></h3><p id=profile-summary></p><ol id=profile-games></ol><button id=profile-close type=button>Close the profile</button></section>
<h3>This identity on another browser</h3><p><button id=transfer-get type=button>Get a one-time code</button> <span id=transfer-code role=status></span></p>
<label for=transfer-input>Or enter a code from your other browser</label><div class=row><input id=transfer-input maxlength=12 autocomplete=off><button id=transfer-use type=button>Use the code</button></div></section>
<section id=join-panel class=panel aria-labelledby=join-title hidden><h2 id=join-title>Join this room</h2>
<label for=join-name>Your name</label><input id=join-name maxlength=20 autocomplete=nickname>
<button id=join-room type=button>Join</button></section>
<section id=waiting-panel class=panel aria-labelledby=waiting-title hidden><h2 id=waiting-title>Waiting for players</h2>
<label for=room-link>Send this link to the others</label><input id=room-link readonly>
<p><button id=copy-link type=button>Copy the link</button> <span id=copy-status role=status></span></p>
<p id=waiting-for></p><p id=bot-offer hidden>Nobody has come yet. <button id=offer-bots type=button>Play a computer opponent now</button> <button id=keep-waiting type=button>Keep waiting</button></p><button id=start-game type=button hidden>Start the game</button></section>
</div>
<noscript><p class=fallback>SET needs JavaScript and WebAssembly to play.</p></noscript></main>
<section id=chat aria-label=Chat hidden><ol id=chat-lines aria-live=polite></ol>
<div id=chat-form><label for=chat-text>Chat</label><input id=chat-text maxlength=250 autocomplete=off><button id=chat-send type=button>Send</button></div></section>
<section id=end-screen class=overlay role=dialog aria-modal=true aria-labelledby=end-title hidden><div class=panel>
<h2 id=end-title>Game over</h2><ol id=end-ranking></ol><p id=end-deal></p>
<p><a id=end-download download>Download the game</a></p>
<button id=end-rematch type=button>Rematch</button> <a href=online.html>Back to the lobby</a> <a href=./>Play alone</a></div></section>`;

export function writeOnlinePage(dir) {
  const page = pageFromIndex(dir, 'online');
  // The page's own wasm and the parts' names out: this page loads the online part only.
  page.dropSoloLoader();
  page.drop(/<template[^>]*\bid=["']?parts\b[^>]*>[\s\S]*?<\/template>/);
  // The standings part (crates/set-online built with `standings`): fetched
  // once the room page's client has started (and drawn), never before; the
  // JS API's leaderboard and profile wait for it.
  const standings = page.partFiles('standings');
  const later = `;let s;const standings=()=>s??=import("./${standings.glue}").then(async(m)=>(await m.default({module_or_path:"./${standings.wasm}"}),m));standings();`
    + 'window.wasmBindings.online_leaderboard=(m)=>standings().then((p)=>p.online_leaderboard(m));'
    + 'window.wasmBindings.online_profile=(q)=>standings().then((p)=>p.online_profile(q))';
  const named = `<template><a href=${standings.glue}></a><a href=${standings.wasm}></a></template>`;
  page.replace(/<body[^>]*>[\s\S]*<\/body>/, `<body>${BODY}${page.named}${named}${page.loader(later)}</body>`, 'body');
  page.replace(/<\/style>/, `${STYLE}</style>`, 'style');
  page.replace(/<title>SET<\/title>/, '<title>SET online</title>', 'title');
  page.write('online.html');
}
