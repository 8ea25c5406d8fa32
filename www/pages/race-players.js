// The players' setup: the first screen of race.html opened plain (nothing
// in its address), offering the last setup again; and the
// Players button's dialog. Start opens the page at that game's address.
// The last setup is kept under set-game/race-setup (crates/set-client/src/storage.rs).
var K="set-game/race-setup",d=document.getElementById("players"),v=function(id){return document.getElementById(id).value.trim()};
document.getElementById("open-players").onclick=function(){document.getElementById("settings").close();d.showModal()};
try{var last=JSON.parse(localStorage.getItem(K)||"null");if(last){(last.players||[]).forEach(function(n,i){if(i<4)document.getElementById("player-"+(i+1)).value=n});(last.bots||[]).forEach(function(b,i){if(i<3)document.getElementById("bot-"+(i+1)).value=b});document.getElementById("players-note").textContent="Your last table, ready to start again."}}catch(e){}
if(!location.search)d.showModal();
document.getElementById("players-start").onclick=function(){
var q=[],p=[1,2,3,4].map(function(n){return v("player-"+n)}).filter(String),b=[1,2,3].map(function(n){return v("bot-"+n)}).filter(String);
try{localStorage.setItem(K,JSON.stringify({players:p,bots:b}))}catch(e){}
if(p.length)q.push("players="+p.map(encodeURIComponent).join(","));if(b.length)q.push("bots="+b.join(","));
var m=document.getElementById("mode").value;if(m!="classic"&&m!="daily")q.unshift("mode="+m);
location.assign("race.html?"+q.join("&"))};
