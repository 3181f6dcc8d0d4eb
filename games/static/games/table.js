// The live table: one socket, the newest view drawn as SVG cards; only legal moves clickable.
const app = document.getElementById("table-app");
const tableId = app.dataset.table;
const mySeat = app.dataset.seat === "" ? null : Number(app.dataset.seat);
const base = mySeat ?? 0;
const POSITIONS = ["bottom", "right", "top", "left"]; // play passes to the right
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RED = new Set(["d", "h"]);
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let socket = null;
let version = -1;
let view = null;
let info = null;
let clientSeq = 0;
let retries = 0;
let turnEndsAt = null; // local clock (ms) when the person to act runs out of time

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function cardLabel(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return `${rank}${SUITS[code[1]]}`;
}

function cardSvg(code) {
  // A card face: rank in the corners, the suit in the middle; red suits in red.
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", `card-face ${RED.has(code[1]) ? "red" : "black"}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", cardLabel(code));
  const rank = code[0] === "T" ? "10" : code[0];
  svg.innerHTML =
    `<rect x="1" y="1" width="58" height="82" rx="6" class="card-bg"/>` +
    `<text x="6" y="18" class="card-rank">${rank}</text>` +
    `<text x="6" y="32" class="card-suit-small">${SUITS[code[1]]}</text>` +
    `<text x="30" y="58" text-anchor="middle" class="card-suit">${SUITS[code[1]]}</text>`;
  return svg;
}

function cardBack() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", "card-back");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = `<rect x="1" y="1" width="58" height="82" rx="6"/>`;
  return svg;
}

function position(seat) {
  return POSITIONS[(seat - base + 4) % 4];
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  $("error").hidden = true;
  clientSeq += 1;
  send({ type: "act", action, version, client_seq: clientSeq });
}

function bidLabel(bid) {
  return bid.replace(/(clubs|diamonds|hearts|spades)/, (s) => `${s} ${SUITS[s[0]]}`);
}

function drawSeats() {
  for (const seatInfo of info.seats) {
    const box = $(`pos-${position(seatInfo.number)}`);
    box.replaceChildren();
    box.classList.toggle("to-act", view?.to_act === seatInfo.number);
    const name = el("div", { class: "seat-name" }, seatInfo.name ?? "Free seat");
    if (seatInfo.bot) name.append(" ", el("span", { class: "badge" }, "bot"));
    if (seatInfo.held_by_bot) name.append(" ", el("span", { class: "badge" }, "bot playing"));
    if (seatInfo.number === mySeat) name.append(" ", el("span", { class: "badge you" }, "you"));
    if (turnEndsAt !== null && view?.to_act === seatInfo.number) {
      name.append(" ", el("span", { class: "seat-clock", role: "timer", "aria-label": "Time left to play" }));
    }
    if (view && view.dealer === seatInfo.number) name.append(" ", el("span", { class: "badge" }, "dealer"));
    box.append(name);
    if (!view) continue;
    const bids = view.bids.filter((b) => b.seat === seatInfo.number);
    if (bids.length) box.append(el("div", { class: "seat-bid" }, bidLabel(bids[bids.length - 1].bid)));
    const said = view.declarations.filter((d) => d.seat === seatInfo.number);
    for (const d of said) {
      const cards = d.cards ? ` (${d.cards.map(cardLabel).join(" ")})` : "";
      box.append(el("div", { class: "seat-declaration" }, `${d.kind} ${d.points}${cards}`));
    }
    if (seatInfo.number !== mySeat) {
      const backs = el("div", { class: "backs", "aria-label": `${view.hand_sizes[seatInfo.number]} cards` });
      for (let i = 0; i < view.hand_sizes[seatInfo.number]; i += 1) backs.append(cardBack());
      box.append(backs);
    }
  }
}

function drawTrick() {
  const box = $("trick");
  box.replaceChildren();
  if (!view || !view.tricks.length) return;
  const trick = view.tricks[view.tricks.length - 1];
  trick.cards.forEach((code, i) => {
    const seat = (trick.leader + i) % 4;
    box.append(el("div", { class: `played at-${position(seat)}`, "data-card": code }, cardSvg(code)));
  });
  const done = view.tricks.filter((t) => t.winner !== null);
  const last = $("last-trick").querySelector("div");
  last.replaceChildren();
  if (done.length) {
    const t = done[done.length - 1];
    t.cards.forEach((code) => last.append(cardSvg(code)));
    last.append(el("span", { class: "muted" }, ` won by ${info.seats[t.winner].name}`));
  }
}

function drawHand() {
  const box = $("hand");
  box.replaceChildren();
  if (mySeat === null || !view || !view.hand) return;
  const playing = view.phase === "playing" && !info.paused;
  const legal = new Set(playing ? view.legal : []);
  for (const code of view.hand) {
    if (legal.has(code)) {
      const button = el("button", { class: "card legal", type: "button", "data-card": code,
        "aria-label": `Play ${cardLabel(code)}`, onclick: () => play(code) });
      button.append(cardSvg(code));
      box.append(button);
    } else {
      box.append(el("span", { class: "card", "data-card": code }, cardSvg(code)));
    }
  }
  const firstCard = playing && legal.size > 0 && view.hand_sizes[mySeat] === 8;
  $("declare-options").hidden = !firstCard;
}

function play(code) {
  const action = { play: code };
  if (!$("declare-options").hidden) {
    action.declare = $("declare").checked;
    action.belot = $("belot").checked;
  }
  act(action);
}

function drawBidding() {
  const box = $("bidding");
  box.replaceChildren();
  const bidding = view && view.phase === "bidding" && view.legal && view.legal.length > 0 && !info.paused;
  box.hidden = !bidding;
  if (!bidding) return;
  box.append(el("span", { class: "muted" }, "Your bid: "));
  for (const bid of view.legal) {
    box.append(el("button", { type: "button", class: "bid", "data-bid": bid, onclick: () => act({ bid }) }, bidLabel(bid)));
  }
}

function teamName(team) {
  const seats = info.seats.filter((s) => s.number % 2 === team).map((s) => s.name);
  const mine = mySeat !== null && mySeat % 2 === team ? " (you)" : "";
  return `${seats.join(" & ")}${mine}`;
}

function drawScoreboard() {
  const box = $("scoreboard");
  box.replaceChildren();
  const match = info.match;
  if (!match) {
    box.append(el("p", { class: "muted" }, "Waiting for four players."));
    return;
  }
  const rows = el("table", { class: "score" });
  rows.append(el("tr", {}, el("th", {}, ""), el("th", {}, teamName(0)), el("th", {}, teamName(1))));
  rows.append(el("tr", {}, el("th", {}, `Match (to ${match.target})`),
    el("td", { "data-score": "0" }, String(match.score[0])), el("td", { "data-score": "1" }, String(match.score[1]))));
  if (match.hanging[0] || match.hanging[1]) {
    rows.append(el("tr", {}, el("th", {}, "Hanging"), el("td", {}, String(match.hanging[0])), el("td", {}, String(match.hanging[1]))));
  }
  if (view) {
    rows.append(el("tr", {}, el("th", {}, "This hand"), el("td", {}, String(view.card_points[0])), el("td", {}, String(view.card_points[1]))));
  }
  box.append(rows);
  if (info.withheld) box.append(el("p", { class: "muted", id: "withheld" }, info.withheld));
  if (view && view.contract) {
    const c = view.contract;
    const times = c.multiplier > 1 ? ` ×${c.multiplier}` : "";
    box.append(el("p", { class: "contract" }, `Contract: ${bidLabel(c.bid)}${times}, team of ${teamName(c.team)}`));
  }
  if (view && view.turned) box.append(el("p", {}, "Turned card: ", cardSvg(view.turned)));
}

function pointsTable(result) {
  const table = el("table", { class: "points" });
  table.append(el("tr", {}, el("th", {}, ""), el("th", {}, teamName(0)), el("th", {}, teamName(1))));
  const row = (label, pair) => table.append(el("tr", {}, el("th", {}, label), el("td", {}, String(pair[0])), el("td", {}, String(pair[1]))));
  row("Card points", result.card_points);
  row("Declarations", [result.raw_points[0] - result.card_points[0], result.raw_points[1] - result.card_points[1]]);
  row("Hand points", result.hand_points);
  row("Match score", result.match_score);
  return table;
}

function showSummary(result) {
  const box = $("summary");
  const outcome = result.outcome + (result.valat !== null && result.valat !== undefined ? ` · valat by ${teamName(result.valat)}` : "");
  box.replaceChildren(el("div", { class: "dialog" },
    el("h2", { id: "summary-title" }, "Hand over"),
    el("p", {}, `Outcome: ${outcome}`),
    pointsTable(result),
    el("button", { type: "button", id: "summary-close", onclick: () => { box.hidden = true; } }, "Continue")));
  box.hidden = false;
}

function drawMatchEnd() {
  const box = $("match-end");
  const match = info.match;
  if (info.status !== "finished" || !match) {
    box.hidden = true;
    return;
  }
  $("summary").hidden = true;
  const won = mySeat !== null && match.winner !== null ? (match.winner === mySeat % 2 ? "You win!" : "You lose.") : "";
  box.replaceChildren(el("div", { class: "dialog" },
    el("h2", { id: "match-end-title" }, match.winner === null
      ? `Match over: level at ${match.score[0]}`
      : `Match over: ${teamName(match.winner)} win ${match.score[match.winner]} to ${match.score[1 - match.winner]}`),
    el("p", {}, won),
    view && view.result ? el("div", {}, el("h3", {}, "Last hand"), pointsTable(view.result)) : "",
    el("p", {}, el("a", { href: `/tables/${tableId}/hands/` }, "Replay the hands"), " · ", el("a", { href: "/tables/" }, "Back to the lobby"))));
  box.hidden = false;
}

function tickClock() {
  // Seconds left for the person to act; at zero their bot plays for them.
  const clock = document.querySelector(".seat-clock");
  if (!clock || turnEndsAt === null) return;
  const left = Math.max(0, Math.ceil((turnEndsAt - Date.now()) / 1000));
  clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.classList.toggle("urgent", left <= 10);
}

function draw() {
  app.dataset.version = String(version);
  app.dataset.phase = view ? view.phase : "none";
  const paused = info.paused && info.status !== "finished";
  app.dataset.paused = paused ? "true" : "false";
  $("paused").hidden = !paused;
  drawScoreboard();
  drawSeats();
  drawTrick();
  drawHand();
  drawBidding();
  drawMatchEnd();
}

function receive(message) {
  if (message.type === "snapshot" || message.type === "event") {
    if (message.version <= version && message.type === "event") return; // older than shown
    version = message.version;
    view = message.view;
    info = message.table;
    turnEndsAt = info.turn_left === null || info.turn_left === undefined ? null : Date.now() + info.turn_left * 1000;
    draw();
    tickClock();
    if (message.type === "event" && message.event.kind === "hand_end" && info.status !== "finished") {
      showSummary(message.event.result);
    }
  } else if (message.type === "error") {
    showError(message.message);
    if (message.code === "stale_version") send({ type: "sync" });
  } else if (message.type === "chat") {
    addChat(message);
  }
}

function addChat(message) {
  if ($("chat-mute").checked) return;
  const line = el("li", {}, el("strong", {}, message.name), ": ", message.text);
  if (message.channel === "spectators") line.classList.add("from-spectator");
  $("chat-lines").append(line);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}/`);
  socket.addEventListener("open", () => {
    retries = 0;
    $("connection").textContent = "Connected.";
  });
  socket.addEventListener("message", (e) => receive(JSON.parse(e.data)));
  socket.addEventListener("close", () => {
    $("connection").textContent = "Connection lost; reconnecting…";
    retries += 1;
    setTimeout(connect, Math.min(500 * 2 ** retries, 10000));
  });
}

setInterval(tickClock, 250);

const chatForm = $("chat-form");
if (chatForm) {
  chatForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) send({ type: "chat", text });
    $("chat-text").value = "";
  });
}
const mute = $("chat-mute");
mute.checked = localStorage.getItem("chat-muted") === "1";
mute.addEventListener("change", () => {
  localStorage.setItem("chat-muted", mute.checked ? "1" : "0");
  $("chat-lines").hidden = mute.checked;
});
$("chat-lines").hidden = mute.checked;
// Keep the socket honest on flaky networks: a ping now and then.
setInterval(() => send({ type: "ping" }), 25000);
connect();
