document.getElementById("open-players").onclick=function(){document.getElementById("settings").close();document.getElementById("players").showModal()};
document.getElementById("players-start").onclick=function(){
var v=function(id){return document.getElementById(id).value.trim()},q=[],p=[1,2,3,4].map(function(n){return v("player-"+n)}).filter(String),b=[1,2,3].map(function(n){return v("bot-"+n)}).filter(String);
if(p.length)q.push("players="+p.map(encodeURIComponent).join(","));if(b.length)q.push("bots="+b.join(","));
var m=document.getElementById("mode").value;if(m!="classic"&&m!="daily")q.unshift("mode="+m);
location.assign("race.html?"+q.join("&"))};
