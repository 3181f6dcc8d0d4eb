// The live table: one socket, events drawn in version order as SVG cards; only legal moves
// clickable; a move made while the socket is down is sent once it is back.

// Every word a person reads, in one place for translation.
const TEXT = {
  connected: "Connected.",
  reconnecting: "Connection lost; reconnecting…",
  moveWaiting: "Reconnecting… your move will be sent.",
  moveRefused: "The table moved on while you were reconnecting; play again.",
  freeSeat: "Free seat",
  bot: "bot",
  botPlaying: "bot playing",
  you: "you",
  dealer: "dealer",
  timeLeft: "Time left to play",
  cardsLeft: (n) => `${n} cards`,
  wonBy: (name) => ` won by ${name}`,
  playCard: (label) => `Play ${label}`,
  yourBid: "Your bid: ",
  teamYou: " (you)",
  waitingForPlayers: "Waiting for four players.",
  matchTo: (target) => `Match (to ${target})`,
  hanging: "Hanging",
  thisHand: "This hand",
  contract: (bid, times, team) => `Contract: ${bid}${times}, team of ${team}`,
  turned: "Turned card: ",
  cardPoints: "Card points",
  declarations: "Declarations",
  handPoints: "Hand points",
  matchScore: "Match score",
  handOver: "Hand over",
  outcome: (outcome) => `Outcome: ${outcome}`,
  valatBy: (team) => ` · valat by ${team}`,
  continue: "Continue",
  youWin: "You win!",
  youLose: "You lose.",
  matchLevel: (score) => `Match over: level at ${score}`,
  matchWon: (team, won, lost) => `Match over: ${team} win ${won} to ${lost}`,
  lastHand: "Last hand",
  replay: "Replay the hands",
  lobby: "Back to the lobby",
};
const GAP_GRACE_MS = 1500; // an early event waits this long for the ones before it
const RETRY_FIRST_MS = 250; // reconnect at once, then back off ...
const RETRY_MAX_MS = 5000; // ... to at most this

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
let connected = false; // open, and its snapshot drawn: a move made now is made against it
const early = new Map(); // version -> an event that arrived before the one it follows
let gapTimer = null;
let summarized = null; // the last hand whose summary this page showed (null: no snapshot yet)
let pending = null; // the act clicked while the socket was down, sent once it is back
let resentSeq = null; // client_seq of that act once sent
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

function isOpen() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

function send(message) {
  if (isOpen()) socket.send(JSON.stringify(message));
}

function act(action) {
  $("error").hidden = true;
  clientSeq += 1;
  const message = { type: "act", action, version, client_seq: clientSeq };
  if (connected) {
    send(message);
  } else {
    pending = message; // the latest click wins; it keeps the version it was made against
    showConnection();
  }
}

function showConnection() {
  const box = $("connection");
  box.textContent = pending ? TEXT.moveWaiting : connected ? TEXT.connected : TEXT.reconnecting;
  box.classList.toggle("waiting", pending !== null);
}

function bidLabel(bid) {
  return bid.replace(/(clubs|diamonds|hearts|spades)/, (s) => `${s} ${SUITS[s[0]]}`);
}

function drawSeats() {
  for (const seatInfo of info.seats) {
    const box = $(`pos-${position(seatInfo.number)}`);
    box.replaceChildren();
    box.classList.toggle("to-act", view?.to_act === seatInfo.number);
    const name = el("div", { class: "seat-name" }, seatInfo.name ?? TEXT.freeSeat);
    if (seatInfo.bot) name.append(" ", el("span", { class: "badge" }, TEXT.bot));
    if (seatInfo.held_by_bot) name.append(" ", el("span", { class: "badge" }, TEXT.botPlaying));
    if (seatInfo.number === mySeat) name.append(" ", el("span", { class: "badge you" }, TEXT.you));
    if (turnEndsAt !== null && view?.to_act === seatInfo.number) {
      name.append(" ", el("span", { class: "seat-clock", role: "timer", "aria-label": TEXT.timeLeft }));
    }
    if (view && view.dealer === seatInfo.number) name.append(" ", el("span", { class: "badge" }, TEXT.dealer));
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
      const backs = el("div", { class: "backs", "aria-label": TEXT.cardsLeft(view.hand_sizes[seatInfo.number]) });
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
    last.append(el("span", { class: "muted" }, TEXT.wonBy(info.seats[t.winner].name)));
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
        "aria-label": TEXT.playCard(cardLabel(code)), onclick: () => play(code) });
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
  box.append(el("span", { class: "muted" }, TEXT.yourBid));
  for (const bid of view.legal) {
    box.append(el("button", { type: "button", class: "bid", "data-bid": bid, onclick: () => act({ bid }) }, bidLabel(bid)));
  }
}

function teamName(team) {
  const seats = info.seats.filter((s) => s.number % 2 === team).map((s) => s.name);
  const mine = mySeat !== null && mySeat % 2 === team ? TEXT.teamYou : "";
  return `${seats.join(" & ")}${mine}`;
}

function drawScoreboard() {
  const box = $("scoreboard");
  box.replaceChildren();
  const match = info.match;
  if (!match) {
    box.append(el("p", { class: "muted" }, TEXT.waitingForPlayers));
    return;
  }
  const rows = el("table", { class: "score" });
  rows.append(el("tr", {}, el("th", {}, ""), el("th", {}, teamName(0)), el("th", {}, teamName(1))));
  rows.append(el("tr", {}, el("th", {}, TEXT.matchTo(match.target)),
    el("td", { "data-score": "0" }, String(match.score[0])), el("td", { "data-score": "1" }, String(match.score[1]))));
  if (match.hanging[0] || match.hanging[1]) {
    rows.append(el("tr", {}, el("th", {}, TEXT.hanging), el("td", {}, String(match.hanging[0])), el("td", {}, String(match.hanging[1]))));
  }
  if (view) {
    rows.append(el("tr", {}, el("th", {}, TEXT.thisHand), el("td", {}, String(view.card_points[0])), el("td", {}, String(view.card_points[1]))));
  }
  box.append(rows);
  if (info.withheld) box.append(el("p", { class: "muted", id: "withheld" }, info.withheld));
  if (view && view.contract) {
    const c = view.contract;
    const times = c.multiplier > 1 ? ` ×${c.multiplier}` : "";
    box.append(el("p", { class: "contract" }, TEXT.contract(bidLabel(c.bid), times, teamName(c.team))));
  }
  if (view && view.turned) box.append(el("p", {}, TEXT.turned, cardSvg(view.turned)));
}

function pointsTable(result) {
  const table = el("table", { class: "points" });
  table.append(el("tr", {}, el("th", {}, ""), el("th", {}, teamName(0)), el("th", {}, teamName(1))));
  const row = (label, pair) => table.append(el("tr", {}, el("th", {}, label), el("td", {}, String(pair[0])), el("td", {}, String(pair[1]))));
  row(TEXT.cardPoints, result.card_points);
  row(TEXT.declarations, [result.raw_points[0] - result.card_points[0], result.raw_points[1] - result.card_points[1]]);
  row(TEXT.handPoints, result.hand_points);
  row(TEXT.matchScore, result.match_score);
  return table;
}

function summarize(number, result) {
  // Every finished hand gets its summary once; the match-end screen shows the last one.
  summarized = number;
  if (info.status === "finished") return;
  const box = $("summary");
  const outcome = result.outcome + (result.valat !== null && result.valat !== undefined ? TEXT.valatBy(teamName(result.valat)) : "");
  box.dataset.hand = String(number);
  box.replaceChildren(el("div", { class: "dialog" },
    el("h2", { id: "summary-title" }, TEXT.handOver),
    el("p", {}, TEXT.outcome(outcome)),
    pointsTable(result),
    el("button", { type: "button", id: "summary-close", onclick: () => { box.hidden = true; } }, TEXT.continue)));
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
  const won = mySeat !== null && match.winner !== null ? (match.winner === mySeat % 2 ? TEXT.youWin : TEXT.youLose) : "";
  box.replaceChildren(el("div", { class: "dialog" },
    el("h2", { id: "match-end-title" }, match.winner === null
      ? TEXT.matchLevel(match.score[0])
      : TEXT.matchWon(teamName(match.winner), match.score[match.winner], match.score[1 - match.winner])),
    el("p", {}, won),
    view && view.result ? el("div", {}, el("h3", {}, TEXT.lastHand), pointsTable(view.result)) : "",
    el("p", {}, el("a", { href: `/tables/${tableId}/hands/` }, TEXT.replay), " · ", el("a", { href: "/tables/" }, TEXT.lobby))));
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

function show(message) {
  version = message.version;
  view = message.view;
  info = message.table;
  turnEndsAt = info.turn_left === null || info.turn_left === undefined ? null : Date.now() + info.turn_left * 1000;
  draw();
  tickClock();
}

function receiveEvent(message) {
  // Sends can overtake each other: draw events strictly in version order, each once.
  if (message.version <= version) return;
  early.set(message.version, message);
  applyEarly();
}

function applyEarly() {
  // Apply the held events that now follow on; a hole left for too long is a real gap.
  while (early.has(version + 1)) {
    const message = early.get(version + 1);
    early.delete(version + 1);
    show(message);
    if (message.event.kind === "hand_end") summarize(message.event.hand, message.event.result);
  }
  if (early.size === 0) {
    clearTimeout(gapTimer);
    gapTimer = null;
  } else if (gapTimer === null) {
    gapTimer = setTimeout(() => {
      gapTimer = null;
      send({ type: "sync" });
    }, GAP_GRACE_MS);
  }
}

function receiveSnapshot(message) {
  retries = 0; // the server is answering, not just accepting
  connected = true;
  for (const held of early.keys()) if (held <= message.version) early.delete(held);
  show(message);
  const last = message.last_hand;
  if (summarized === null) {
    summarized = last ? last.number : 0; // a page opened mid-match owes no earlier summary
  } else if (last && last.number > summarized) {
    summarize(last.number, last.result); // its hand_end was jumped over
  }
  applyEarly();
  if (pending) {
    // Sent with the version it was made against: the server refuses it if the table moved on.
    resentSeq = pending.client_seq;
    send(pending);
    pending = null;
  }
  showConnection();
}

function receive(message) {
  if (message.type === "snapshot") {
    receiveSnapshot(message);
  } else if (message.type === "event") {
    receiveEvent(message);
  } else if (message.type === "error") {
    const movedOn = message.code === "stale_version" && message.client_seq === resentSeq;
    showError(movedOn ? TEXT.moveRefused : message.message);
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
  socket.addEventListener("message", (e) => receive(JSON.parse(e.data)));
  socket.addEventListener("close", () => {
    connected = false;
    showConnection();
    // Jittered, so a restarted server is not hit by every table's page at the same instant.
    const delay = Math.min(RETRY_FIRST_MS * 2 ** retries, RETRY_MAX_MS);
    retries += 1;
    setTimeout(connect, delay * (0.5 + Math.random() / 2));
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
