// Writes race.html, the page that plays with others, from the built
// index.html (a step of scripts/post-build.mjs, in every build).
//
// race.html is index.html with the race part (the page crate built with its
// `race` feature by scripts/build-parts.sh) in place of the page's own wasm,
// plus what only a game with others shows: the scoreboard, the end screen's
// ranking, and a form to choose the players. Its game is saved under its own
// key, so that each page carries on its own game. Everything else (the
// board, the settings, the notice, the parts that load later) is the same
// markup and the same script, so the two pages cannot drift apart.
//
// Anything unexpected stops the build.
import { pageFromIndex } from './page-from-index.mjs';

/** What race.html adds, in the order it appears. */
const SCOREBOARD = '<section aria-label=Players><ol id=scores hidden></ol></section>';
const RANKING = '<ol id=end-ranking hidden></ol>';
const STYLE = `#scores{display:flex;flex-wrap:wrap;gap:4px 14px;margin:0;padding:4px 10px;list-style:none}
#scores[hidden],#end-ranking[hidden]{display:none}
#scores li{border-left:5px solid var(--seat);padding-left:6px;display:flex;align-items:center;gap:6px}
#scores button{min-height:32px;padding:2px 8px}
#scores button *{pointer-events:none}
#scores kbd{font:inherit;font-weight:700;border:1px solid currentColor;border-radius:4px;padding:0 4px}
#end-ranking{text-align:left;margin:0 0 14px}
#players fieldset{border:0;padding:0;margin:0 0 10px;display:grid;gap:6px}
#players input,#players select{font:inherit;min-height:32px}`;
/** The form that chooses the players: up to four names and three bots. It
 *  opens the page at the address of that game (`?players=…&bots=…`). */
const FORM = `<dialog id=players aria-labelledby=players-title><form method=dialog class=panel>
<h2 id=players-title>Players</h2>
<fieldset><legend>People on this screen (2 to 4; none or one: you alone)</legend>
<input id=player-1 aria-label="Player 1" maxlength=20><input id=player-2 aria-label="Player 2" maxlength=20>
<input id=player-3 aria-label="Player 3" maxlength=20><input id=player-4 aria-label="Player 4" maxlength=20></fieldset>
<fieldset><legend>Computer opponents</legend>
${[1, 2, 3].map((n) => `<select id=bot-${n} aria-label="Computer opponent ${n}"><option value="">None</option><option>easy</option><option>medium</option><option>hard</option><option>expert</option></select>`).join('')}</fieldset>
<button id=players-start type=button>Start</button> <button>Cancel</button></form></dialog>`;
const FORM_SCRIPT = `<script>
document.getElementById("open-players").onclick=function(){document.getElementById("settings").close();document.getElementById("players").showModal()};
document.getElementById("players-start").onclick=function(){
var v=function(id){return document.getElementById(id).value.trim()},q=[],p=[1,2,3,4].map(function(n){return v("player-"+n)}).filter(String),b=[1,2,3].map(function(n){return v("bot-"+n)}).filter(String);
if(p.length)q.push("players="+p.map(encodeURIComponent).join(","));if(b.length)q.push("bots="+b.join(","));
var m=document.getElementById("mode").value;if(m!="classic"&&m!="daily")q.unshift("mode="+m);
location.assign("race.html?"+q.join("&"))};
</script>`;

export function writeRacePage(dir) {
  const page = pageFromIndex(dir, 'race');
  const replace = page.replace;
  page.dropSoloLoader();
  // The race part in: the same loader's work, from its own files.
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
