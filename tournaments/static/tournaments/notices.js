// Signed-in pages: one notifications socket per tab. "Your table is ready" shows a notice with
// its link (and changes the tab title) on any page, and away from a table takes the player
// there after a few seconds unless they choose to stay. Other scripts share the socket through
// window.beloteNotices (tournament pages follow their event's changes on it).
// Every word shown comes from the server, already translated.
import { keepAlive } from "../keepalive.js";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone) document.cookie = "tz=" + encodeURIComponent(zone) + ";path=/;max-age=31536000;samesite=lax";

const listeners = [];
const follows = new Set();
let socket = null;
let delay = 1000;
// Closed as not signed in: opened once more to tell a sign-out (closed again) from a
// password changed in this browser (its new session key opens it).
let checkingSignIn = false;
const baseTitle = document.title;

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const here = new WebSocket(scheme + location.host + "/ws/notifications/");
  socket = here;
  keepAlive(here, lost);
  here.addEventListener("open", function () {
    delay = 1000;
    if (checkingSignIn) send({ type: "ping" });
    follows.forEach(function (topic) { send({ type: "follow", topic: topic }); });
  });
  here.addEventListener("message", function (event) {
    let message;
    try { message = JSON.parse(event.data); } catch (error) { return; }
    checkingSignIn = false;
    const here = message.url === location.pathname; // at the very table already
    if ((message.type === "table_ready" && !here) || message.type === "invitation") show(message);
    listeners.forEach(function (listener) { listener(message); });
  });
  here.addEventListener("close", function (event) {
    if (socket !== here) return; // given up for dead already
    if (event.code === 4401) { // not signed in (any more?)
      if (!checkingSignIn) { checkingSignIn = true; connect(); }
      return;
    }
    lost();
  });
}

function lost() {
  socket = null;
  setTimeout(connect, delay);
  delay = Math.min(delay * 2, 30000);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function show(message) {
  let box = document.getElementById("site-notice");
  if (!box) {
    box = document.createElement("div");
    box.id = "site-notice";
    box.className = "site-notice";
    box.setAttribute("role", "alert");
    const main = document.querySelector("main") || document.body;
    main.insertBefore(box, main.firstChild);
  }
  box.replaceChildren();
  const text = document.createElement("p");
  text.textContent = message.message || "";
  const link = document.createElement("a");
  link.href = message.url;
  link.className = "button";
  link.textContent = message.action || message.url;
  box.append(text, link);
  if (message.title) document.title = message.title + " · " + baseTitle;
  const atATable = /^\/tables\/\d+\/$/.test(location.pathname);
  if (message.type === "table_ready" && !atATable) {
    const stay = document.createElement("button");
    stay.type = "button";
    stay.textContent = message.stay || "";
    const timer = setTimeout(function () { location.assign(message.url); }, (message.go_in_seconds || 5) * 1000);
    stay.addEventListener("click", function () { clearTimeout(timer); stay.remove(); });
    box.append(" ", stay);
  }
  link.focus();
}

window.beloteNotices = {
  on: function (listener) { listeners.push(listener); },
  follow: function (topic) { follows.add(topic); send({ type: "follow", topic: topic }); },
  connected: function () { return Boolean(socket && socket.readyState === WebSocket.OPEN); },
};
connect();
