// The live table: one socket, events drawn in version order; a finished trick stays on the
// felt long enough to read; only legal moves raised, an illegal one explained by the engine;
// a move made while the socket is down is sent once it is back.
import { auctionTable } from "./auction.js";
import { tableChat } from "./chat.js";
import { cardBack, cardSvg, el, turnedCard } from "./cards.js";
import { inHandOrder, trumpsOf } from "./hand_order.js";
import { keepAlive } from "../keepalive.js";
import { ratingMoveWords } from "./rating.js";
import { contractWords, pointsTable, resultHeadline, takerSeat } from "./result.js";
import { turnChime } from "./turn_chime.js";
import { _, bidWords, cardName, cardWords, declarationWords, fill, levelWords, ngettext, readable, spoken, trumpsWords } from "./words.js";

const GAP_GRACE_MS = 1500; // an early event waits this long for the ones before it
// Closes after which the page, loaded again, shows what the visitor may now see (docs/protocol.md):
// signed out, the table gone, or watching it refused. Retried, they would say "Reconnecting…"
// for ever.
const CLOSE_RELOADS = new Set([4401, 4403, 4404]);
const RETRY_FIRST_MS = 250; // reconnect at once, then back off ...
const RETRY_MAX_MS = 5000; // ... to at most this
const COINCHE_CALLS = ["pass", "coinche", "surcoinche"];

const app = document.getElementById("table-app");
const tableId = app.dataset.table;
const mySeat = app.dataset.seat === "" ? null : Number(app.dataset.seat);
const base = mySeat ?? 0;
const POSITIONS = ["bottom", "right", "top", "left"]; // play passes to the right
const $ = (id) => document.getElementById(id);
const pageTitle = document.title;
const chat = tableChat(send);
const chimeOnMyTurn = turnChime($("turn-chime"));

let socket = null;
let probe = () => {}; // asks the socket whether it is still alive
let version = -1;
let view = null;
let info = null;
let clientSeq = 0;
let retries = 0;
let connected = false; // open, and its snapshot drawn: a move made now is made against it
const early = new Map(); // version -> an event not drawn yet (early, or held by the pacing)
let gapTimer = null;
let holdUntil = 0; // a finished trick stays on the felt until then (local clock, ms)
let holdTimer = null;
let matchEndShown = false; // the match-end screen opened once (the person may have closed it)
let summarized = null; // the last hand whose summary this page showed (null: no snapshot yet)
let pending = null; // the act clicked while the socket was down, sent once it is back
let resentSeq = null; // client_seq of that act once sent
let sent = false; // an act is on its way: no second one until the table answers
let turnEndsAt = null; // local clock (ms) when the person to act runs out of time
let announceBelot = true; // the player's belot choice, sent with every card
let coincheValue = null; // the value chosen in Coinche's bidding box
let deal = null; // the deal shown: its name and commitment, public before its first card
let onTheFelt = null; // the trick drawn last: its cards and winner (null: nothing drawn yet)

const TEXT = {
  connected: () => _("Connected."),
  reconnecting: () => _("Connection lost; reconnecting…"),
  moveWaiting: () => _("Reconnecting… your move will be sent."),
  moveRefused: () => _("The table moved on while you were reconnecting; play again."),
  moveTooLate: () => _("Too late: the table moved on before your move reached it."),
  playedForYou: () => _("Time ran out: the computer played for you."),
  bidForYou: () => _("Time ran out: the computer bid for you."),
};

// ----- names ------------------------------------------------------------------------------

function seatInfo(seat) {
  return info.seats[seat];
}

function nameOf(seat) {
  if (seat === mySeat) return _("You");
  if (seatInfo(seat).guest) return _("Guest");
  return seatInfo(seat).name ?? _("Free seat");
}

function names() {
  return [0, 1, 2, 3].map(nameOf);
}

function teamName(team) {
  const [a, b] = [team, team + 2].map(nameOf);
  return _("%(a)s & %(b)s", { a, b });
}

/** A team's column heading: each name can be cut short on its own, with an ellipsis, where the
 * column is narrower than it (a phone's score box: a long name spilled out of the box and was
 * cut off unseen); the whole name stays in the page, read out and shown on hover. */
function teamHeading(team) {
  const players = [team, team + 2].map((seat) => el("span", { class: "player" }, nameOf(seat)));
  const marked = _("%(a)s & %(b)s", { a: "\u0001", b: "\u0002" });
  const parts = marked.split(/([\u0001\u0002])/).filter(Boolean);
  const words = parts.map((part) => (part === "\u0001" ? players[0] : part === "\u0002" ? players[1] : part));
  return el("th", { scope: "col", class: "team", title: teamName(team) }, ...words);
}

function teams() {
  return [teamName(0), teamName(1)];
}

// ----- sending ----------------------------------------------------------------------------

function myMove() {
  // Whether the person here is to act; not for their last card, which plays itself.
  const lastCard = view.phase === "playing" && view.hand?.length === 1;
  return mySeat !== null && view.to_act === mySeat && !info.paused && !lastCard;
}

function isOpen() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

function send(message) {
  if (isOpen()) socket.send(JSON.stringify(message));
}

function act(action) {
  // A second click before the answer (a double click) would be made against a table that has
  // moved on, and refused: one move at a time.
  if (sent) return;
  $("error").hidden = true;
  $("hand-note").hidden = true;
  $("refusal").hidden = true;
  clientSeq += 1;
  const message = { type: "act", action, version, client_seq: clientSeq };
  if (connected) {
    sendAct(message);
  } else {
    pending = message; // the latest click wins; it keeps the version it was made against
    showConnection();
  }
}

function sendAct(message) {
  // Until the table answers (its next state, or an error), the moves are put away; a socket
  // that died silently is found at once, not with the next ping.
  send(message);
  probe();
  sent = true;
  drawHand();
  drawBidding();
}

function answered() {
  if (!sent) return;
  sent = false;
  if (view) draw();
}

function play(code) {
  const action = { play: code, belot: announceBelot };
  if (view.first_card) action.declare = $("declare")?.checked ?? true;
  act(action);
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
}

function showNote(box, message) {
  // By the cards the player is looking at: the engine's reason for a refusal (on the felt,
  // where their card will lie), or what was done for them; gone with their next move.
  box.textContent = message;
  box.hidden = false;
}

function showConnection() {
  const box = $("connection");
  box.textContent = pending ? TEXT.moveWaiting() : connected ? TEXT.connected() : TEXT.reconnecting();
  box.classList.toggle("waiting", pending !== null);
}

function announce(text) {
  // Read out by screen readers: bids, cards, tricks and results, suit signs in words.
  const line = el("p", {}, spoken(text));
  const region = $("announcer");
  region.append(line);
  while (region.childElementCount > 5) region.firstElementChild.remove();
}

// ----- drawing ----------------------------------------------------------------------------

function position(seat) {
  return POSITIONS[(seat - base + 4) % 4];
}

function currentTrick() {
  return view && view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
}

function leaderNow() {
  // Who leads the trick on the felt, or the next one when the felt is clear.
  if (!view || view.phase !== "playing") return null;
  const trick = currentTrick();
  if (!trick) return view.to_act;
  return trick.winner === null ? trick.leader : trick.winner;
}

function drawSeats() {
  const leads = leaderNow();
  // A finished trick on the felt: its winner (who leads next) is named by their seat.
  const won = view && view.phase !== "bidding" ? currentTrick()?.winner ?? null : null;
  for (const seat of [0, 1, 2, 3]) {
    const s = seatInfo(seat);
    const box = $(`pos-${position(seat)}`);
    box.replaceChildren();
    box.classList.toggle("to-act", view?.to_act === seat);
    const name = el("div", { class: "seat-name" }, el("strong", { title: nameOf(seat) }, nameOf(seat)));
    if (s.level) name.append(" ", el("span", { class: "badge level" }, levelWords(s.level)));
    if (s.held_by_bot) {
      const away = info.paused && info.waits_for_people; // the game waits for them
      name.append(" ", el("span", { class: "badge" }, away ? _("away") : _("computer playing")));
    }
    if (mySeat !== null && seat === (mySeat + 2) % 4) name.append(" ", el("span", { class: "badge partner" }, _("partner")));
    if (view && view.dealer === seat) name.append(" ", el("span", { class: "badge dealer", title: _("Dealer") }, _("dealer")));
    if (won === seat) name.append(" ", el("span", { class: "badge leads" }, _("wins the trick")));
    else if (leads === seat) name.append(" ", el("span", { class: "badge leads" }, _("leads")));
    const call = lastCall(seat);
    if (call) name.append(" ", el("span", { class: "badge call", "data-seat": String(seat) }, readable(call)));
    if (turnEndsAt !== null && view?.to_act === seat) {
      name.append(" ", el("span", { class: "seat-clock", role: "timer", "aria-label": _("Time left to play") }));
    }
    box.append(name);
    const choice = seatChoice(seat, s);
    if (choice) box.append(choice);
    if (!view) continue;
    for (const d of view.declarations.filter((x) => x.seat === seat)) {
      const cards = d.cards ? ` ${d.cards.map(cardWords).join(" ")}` : "";
      box.append(el("div", { class: `seat-declaration ${d.scored === false ? "beaten" : ""}` },
        readable(declarationWords(d.kind, d.points, view.variant) + cards)));
    }
    if (seat !== mySeat) {
      const count = view.hand_sizes[seat];
      const backs = el("div", { class: "backs", role: "img", "aria-label": _("%(n)s cards", { n: count }) });
      for (let i = 0; i < count; i += 1) backs.append(cardBack());
      box.append(backs);
    }
  }
}

/** While the table waits for players, what this viewer may do with a seat: the host puts a
 * computer player in a free seat or takes one's seat back, someone not seated sits there. */
function seatChoice(seat, s) {
  const form = $("seat-form");
  if (info.status !== "open" || !form) return null;
  const may = app.dataset;
  const post = (action) => () => {
    form.action = form.dataset[action];
    form.elements.seat.value = String(seat);
    form.requestSubmit(); // as a click would: sent once (forms.js)
  };
  if (s.name === null && may.host !== undefined) {
    const label = {
      right: () => _("A computer player as the opponent on your right"),
      top: () => _("A computer player as your partner"),
      left: () => _("A computer player as the opponent on your left"),
    }[position(seat)]?.() ?? null;
    return el("button", { type: "button", class: "seat-choice", onclick: post("computer"), "aria-label": label },
      _("Computer player"));
  }
  if (s.name === null && may.maySit !== undefined) {
    return el("button", { type: "button", class: "seat-choice", onclick: post("sit") }, _("Sit here"));
  }
  if (s.bot && may.host !== undefined) {
    return el("button", { type: "button", class: "seat-choice", onclick: post("free"),
      "aria-label": _("Free the seat of %(name)s", { name: nameOf(seat) }) }, _("Free this seat"));
  }
  return null;
}

/** The waiting room's link to the table, copied for the host to send (selected for copying
 * by hand where the browser keeps the clipboard to secure pages). */
function copyInvite() {
  const link = $("invite-link");
  link.select();
  const said = (text) => { $("copied").textContent = text; };
  navigator.clipboard?.writeText(link.value)
    .then(() => said(_("Copied.")), () => said(_("Selected: copy it with your device's copy command.")))
    ?? said(_("Selected: copy it with your device's copy command."));
}

/** A seat's latest call while the auction runs, shown by its name: the felt has room for
 * it where the auction's box may not (a phone held sideways). */
function lastCall(seat) {
  if (!view || view.phase !== "bidding") return null;
  const bid = view.bids.findLast((b) => b.seat === seat);
  return bid ? bidWords(bid.bid, view.turned) : null;
}

function drawTrick() {
  const box = $("trick");
  const trick = currentTrick();
  const shown = trick && view.phase !== "bidding" ? trick : null;
  const before = onTheFelt;
  const turned = turnedCard(view);
  onTheFelt = { cards: new Set(shown?.cards ?? []), winner: shown?.winner ?? null, turned: turned !== null };
  // A won trick leaving the felt goes to its winner; the turned card to the player who took it.
  const taken = before?.winner != null && !shown?.cards.some((code) => before.cards.has(code));
  const leaving = taken ? [...box.querySelectorAll(".played")] : [];
  const taker = before?.turned && !turned && view?.contract ? takerSeat(view.bids) : null;
  const pickedUp = taker !== null ? box.querySelector(".turned-card") : null;
  box.replaceChildren();
  if (leaving.length) gather(leaving, before.winner);
  if (pickedUp) gather([pickedUp], taker);
  if (turned) box.append(turned);
  if (!shown) return;
  // The one card played since the last drawing slides in from its player (not a whole trick
  // drawn at once, on opening the page or after a reconnect).
  const fresh = before ? trick.cards.filter((code) => !before.cards.has(code)) : [];
  trick.cards.forEach((code, i) => {
    const seat = (trick.leader + i) % 4;
    const classes = ["played", `at-${position(seat)}`];
    if (i === 0) classes.push("led");
    if (trick.winner === seat) classes.push("winner");
    const card = el("div", { class: classes.join(" "), "data-card": code, "data-seat": String(seat) }, cardSvg(code));
    box.append(card);
    if (fresh.length === 1 && fresh[0] === code) slideIn(card, seat);
  });
  // In words for a screen reader; the eye reads it by the winner's name (over the cards it hid them).
  if (trick.winner !== null) {
    box.append(el("p", { class: "visually-hidden", id: "trick-winner" }, winsTheTrick(trick.winner)));
  }
}

const lessMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** From a card on the felt to the middle of `rect`, at `scale`: "translate(…) scale(…)". */
function toward(card, rect, scale) {
  const from = card.getBoundingClientRect();
  const dx = Math.round(rect.left + rect.width / 2 - (from.left + from.width / 2));
  const dy = Math.round(rect.top + rect.height / 2 - (from.top + from.height / 2));
  return `translate(${dx}px, ${dy}px) scale(${scale})`;
}

/** Where a played card comes from: the person's own from its place in their hand (not drawn
 * again yet), anyone else's from the backs of the cards they hold, else from their place. */
function whence(code, seat) {
  const place = $(`pos-${position(seat)}`);
  const own = seat === mySeat ? $("hand").querySelector(`[data-card="${code}"]`) : null;
  return (own ?? place.querySelector(".backs") ?? place).getBoundingClientRect();
}

/** A played card moves from its player's hand to its place, unless the viewer asks for less motion. */
function slideIn(card, seat) {
  if (lessMotion()) return;
  const start = whence(card.dataset.card, seat);
  const scale = Math.min(1.5, Math.max(0.2, start.height / card.getBoundingClientRect().height));
  card.animate(
    [{ transform: toward(card, start, scale.toFixed(2)), opacity: 0.5 }, { transform: "none", opacity: 1 }],
    { duration: 250, easing: "ease-out" },
  );
}

/** The cards of a won trick go to its winner, then leave the page (at once for less motion). */
function gather(cards, winner) {
  if (lessMotion()) return;
  const place = $(`pos-${position(winner)}`).getBoundingClientRect();
  for (const card of cards) {
    card.classList.remove("played"); // no longer a card of the trick on the felt
    card.classList.add("gathered");
    $("trick").append(card);
    const motion = card.animate(
      [{ transform: "none", opacity: 1 }, { transform: toward(card, place, 0.6), opacity: 0 }],
      { duration: 300, easing: "ease-in" },
    );
    motion.onfinish = () => card.remove();
  }
}

function winsTheTrick(seat) {
  return seat === mySeat ? _("You win the trick") : _("%(name)s wins the trick", { name: nameOf(seat) });
}

function drawLastTrick() {
  const box = $("last-trick-cards");
  box.replaceChildren();
  const done = view ? view.tricks.filter((x) => x.winner !== null) : [];
  // Its place is kept from the deal on: shown only once a trick was won, it pushed the felt
  // down on a phone as the first trick left, and back up at the next deal.
  $("last-trick").hidden = !view;
  if (!done.length) {
    box.append(el("p", { class: "muted" }, _("No trick won yet this hand.")));
    return;
  }
  const trick = done[done.length - 1];
  trick.cards.forEach((code, i) => {
    const seat = (trick.leader + i) % 4;
    box.append(el("span", { class: `last-card ${seat === trick.winner ? "winner" : ""}` }, cardSvg(code), el("small", {}, nameOf(seat))));
  });
  box.append(el("p", { class: "muted" }, _("Won by %(name)s", { name: nameOf(trick.winner) })));
}

function drawAuction() {
  const box = $("auction");
  box.replaceChildren();
  if (!view) return;
  box.append(auctionTable(view, nameOf));
  box.scrollTop = box.scrollHeight;
}

function drawScoreboard() {
  const box = $("scoreboard");
  box.replaceChildren();
  const match = info.match;
  if (!match) {
    const free = info.seats.filter((s) => s.name === null).length;
    box.append(el("p", { class: "muted" }, fill(ngettext("Waiting for %(n)s more player.", "Waiting for %(n)s more players.", free), { n: free })));
    return;
  }
  const rows = el("table", { class: "score" });
  rows.append(el("tr", {}, el("th", { scope: "col" }, _("To %(target)s", { target: match.target })),
    teamHeading(0), teamHeading(1)));
  rows.append(el("tr", {}, el("th", { scope: "row" }, _("Match")),
    el("td", { "data-score": "0" }, String(match.score[0])), el("td", { "data-score": "1" }, String(match.score[1]))));
  if (match.hanging[0] || match.hanging[1]) {
    rows.append(el("tr", {}, el("th", { scope: "row" }, _("Hanging")), el("td", {}, String(match.hanging[0])), el("td", {}, String(match.hanging[1]))));
  }
  if (view && view.phase !== "bidding") { // no card played yet: 0 and 0, in a line it needs
    rows.append(el("tr", {}, el("th", { scope: "row" }, _("This hand")), el("td", {}, String(view.card_points[0])), el("td", {}, String(view.card_points[1]))));
  }
  box.append(rows);
  if (info.withheld) {
    const why = _("Deals are shown once every table of the round has finished them.");
    box.append(el("p", { class: "muted", id: "withheld" }, why));
  }
}

/** The hand's facts in words: the contract (or the highest bid), the trumps, the dealer. */
function drawFacts() {
  const facts = $("facts");
  facts.replaceChildren();
  facts.hidden = !info.match || !view;
  if (facts.hidden) return;
  if (view.contract) {
    const taker = takerSeat(view.bids);
    const words = { contract: contractWords(view.contract), name: taker === null ? "?" : nameOf(taker) };
    facts.append(el("span", { class: "contract", id: "contract" }, readable(view.phase === "bidding"
      ? _("Highest bid: %(contract)s by %(name)s", words)
      : _("Contract: %(contract)s by %(name)s", words))));
    const trumps = trumpsWords(view.contract.bid);
    if (trumps) facts.append(" · ", el("span", { class: "trumps" }, readable(trumps)));
  } else {
    facts.append(el("span", { class: "contract muted", id: "contract" }, _("No contract yet")));
  }
  facts.append(" · ", el("span", { class: "dealer-line" }, _("Dealer: %(name)s", { name: nameOf(view.dealer) })));
}

function drawHand() {
  const box = $("hand");
  const hadFocus = box.contains(document.activeElement) || $("bidding").contains(document.activeElement);
  box.replaceChildren();
  if (mySeat === null || !view || !view.hand) return;
  const playing = view.phase === "playing" && myMove() && !sent;
  const legal = new Set(playing ? view.legal : []);
  for (const code of inHandOrder(view.hand, trumpsOf(view))) {
    if (!playing) {
      box.append(el("span", { class: "card", "data-card": code }, cardSvg(code)));
      continue;
    }
    const ok = legal.has(code);
    const button = el("button", {
      class: ok ? "card legal" : "card illegal", type: "button", "data-card": code,
      "aria-label": ok ? _("Play %(card)s", { card: cardName(code) }) : _("%(card)s (not playable now)", { card: cardName(code) }),
      onclick: () => play(code),
    });
    button.append(cardSvg(code));
    box.append(button);
  }
  drawFirstCard();
  if (hadFocus || playing) focusMoves();
}

function drawFirstCard() {
  // The first card announces the seat's declarations: say which, or offer nothing at all.
  const box = $("declare-options");
  box.replaceChildren();
  const offer = view?.first_card;
  const declarations = offer ? offer.declarations : [];
  box.hidden = !offer || (!declarations.length && !offer.belot);
  if (box.hidden) return;
  // A short screen shows each option short (no cards, no explanation) after one "Announce:":
  // whole, over a phone held sideways, they hid the card led to the person. A reader hears it whole.
  box.append(el("span", { class: "offer-short", "aria-hidden": "true" }, _("Announce:")));
  if (declarations.length) {
    const named = declarations.map((d) => declarationWords(d.kind, d.points, view.variant));
    const list = declarations.map((d, i) => `${named[i]} ${d.cards.map(cardWords).join(" ")}`).join(", ");
    box.append(offerOption(el("input", { type: "checkbox", id: "declare", checked: true }),
      readable(_("Announce with my first card: %(list)s", { list })), named.join(", ")));
  }
  if (offer.belot) {
    const input = el("input", { type: "checkbox", id: "belot", checked: announceBelot, onchange: (e) => { announceBelot = e.target.checked; } });
    const belot = declarationWords("belot", 20, view.variant);
    box.append(offerOption(input, _("Announce %(belot)s (king and queen of trumps)", { belot }), belot));
  }
}

function offerOption(input, whole, short) {
  // A first card's option: its checkbox, its words whole, and short for a short screen.
  return el("label", {}, input, " ", el("span", { class: "offer-whole" }, whole),
    el("span", { class: "offer-short", "aria-hidden": "true" }, short));
}

function focusMoves() {
  // Keep the keyboard on the moves: the first raised card, else the first bid, else the hand;
  // never taken from someone typing in the chat or reading a dialog.
  const active = document.activeElement;
  if (active?.closest("#chat, dialog, .overlay:not([hidden])") || !$("summary").hidden) return;
  const target = document.querySelector("#hand button.legal, #bidding button:not([disabled]), #bidding select");
  if (target) target.focus({ preventScroll: true });
  else if (document.activeElement === document.body || !document.activeElement) $("hand").focus({ preventScroll: true });
}

function bidButton(bid, label = null) {
  const words = label ?? bidWords(bid, view.turned);
  const heard = spoken(words);
  return el("button", { type: "button", class: "bid", "data-bid": bid, "aria-label": heard === words ? null : heard, onclick: () => act({ bid }) }, words);
}

function drawBidding() {
  const box = $("bidding");
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren();
  const bidding = view && view.phase === "bidding" && view.legal?.length > 0 && !info.paused && !sent;
  box.hidden = !bidding;
  if (!bidding) return;
  box.append(el("span", { class: "muted", id: "bid-label" }, _("Your bid:")));
  if (view.variant === "coinche") drawCoincheBids(box);
  else for (const bid of view.legal) box.append(bidButton(bid));
  if (hadFocus || !$("hand").contains(document.activeElement)) focusMoves();
}

function drawCoincheBids(box) {
  // A value, then a suit: four buttons instead of forty.
  const legal = new Set(view.legal);
  for (const call of COINCHE_CALLS) if (legal.has(call)) box.append(bidButton(call));
  const values = [...new Set(view.legal.filter((b) => !COINCHE_CALLS.includes(b)).map((b) => b.split(" ")[0]))];
  if (!values.length) return;
  if (!values.includes(coincheValue)) coincheValue = values[0];
  const select = el("select", { id: "bid-value", "aria-label": _("Contract value"), onchange: (e) => { coincheValue = e.target.value; drawBidding(); $("bid-value").focus(); } });
  for (const value of values) {
    const option = el("option", { value }, value === "capot" ? _("Capot") : value);
    if (value === coincheValue) option.selected = true;
    select.append(option);
  }
  box.append(select);
  for (const suit of ["clubs", "diamonds", "hearts", "spades"]) {
    const bid = `${coincheValue} ${suit}`;
    const button = bidButton(bid);
    if (!legal.has(bid)) button.disabled = true;
    box.append(button);
  }
}

function finishedHand(result, contract) {
  // The finished hand as drawn; a summary caught up after a reconnect has only its result.
  if (view && view.result) return view;
  return { variant: app.dataset.variant, result, contract, bids: [], declarations: [], tricks: [] };
}

function summaryDialog(number, finished) {
  return el("div", { class: "dialog" },
    el("h2", { id: "summary-title" }, _("Hand %(number)s over", { number })),
    el("p", { class: "headline" }, readable(resultHeadline(finished, names(), teams()))),
    pointsTable(finished, names(), teams()));
}

function openDialog(box, focusId) {
  box.hidden = false;
  $(focusId).focus();
}

function closeSummary() {
  $("summary").hidden = true;
  focusMoves();
}

function summarize(number, result, contract) {
  // Every finished hand gets its summary once; the match-end screen shows the last one.
  summarized = number;
  const finished = finishedHand(result, contract);
  announce(resultHeadline(finished, names(), teams()));
  if (info.status === "finished") return;
  const box = $("summary");
  box.dataset.hand = String(number);
  const dialog = summaryDialog(number, finished);
  dialog.append(
    el("p", { id: "summary-turn", class: "summary-turn", hidden: true },
      _("Your turn is waiting. Time left:"), " ", el("span", { class: "summary-clock", role: "timer" })),
    el("button", { type: "button", id: "summary-close", class: "primary", onclick: closeSummary }, _("Continue")));
  box.replaceChildren(dialog);
  openDialog(box, "summary-close");
  drawSummaryTurn();
}

function drawHeld() {
  // A bot holds the person's seat (three turns ran out, or they stood up) with the page open:
  // it plays for them until they say they are back (a reconnect says it too).
  const box = $("held");
  if (!box) return;
  const held = mySeat !== null && info.status === "playing" && Boolean(seatInfo(mySeat)?.held_by_bot);
  const hadFocus = box.contains(document.activeElement);
  // A game against the computer does not play on without its person: it waits, paused.
  const waiting = held && waitsForMe();
  $("held-playing").hidden = waiting;
  $("held-waiting").hidden = !waiting;
  if (held) $("hand-note").hidden = true; // its "time ran out" is said here, with what to do
  if (held && (box.hidden || box.dataset.waiting !== String(waiting))) {
    announce((waiting ? $("held-waiting") : $("held-playing")).textContent.trim());
  }
  box.dataset.waiting = String(waiting);
  box.hidden = !held;
  if (hadFocus && !held) focusMoves();
}

/** Whether the table is paused waiting for this person, whose seat a bot holds. */
function waitsForMe() {
  return Boolean(info.paused && info.waits_for_people && mySeat !== null && seatInfo(mySeat)?.held_by_bot);
}

function drawSummaryTurn() {
  // The summary covers the table while the next hand starts: it says when the person's own
  // turn waits beneath it, and how long is left, once as it comes (read out too).
  const line = $("summary-turn");
  if (!line) return;
  const waiting = turnEndsAt !== null && mySeat !== null && view?.to_act === mySeat && !$("summary").hidden;
  if (waiting && line.hidden) announce(_("Your turn is waiting."));
  line.hidden = !waiting;
}

function drawMatchEnd() {
  // Shown once when the match ends: closed, it stays closed through reconnects and redraws.
  const box = $("match-end");
  const match = info.match;
  if (info.status !== "finished" || !match) {
    box.hidden = true;
    matchEndShown = false;
    return;
  }
  if (matchEndShown) return;
  matchEndShown = true;
  $("summary").hidden = true;
  const won = mySeat !== null && match.winner !== null ? (match.winner === mySeat % 2 ? _("You win!") : _("You lose.")) : "";
  const title = match.winner === null
    ? _("Match over: level at %(score)s", { score: match.score[0] })
    : _("Match over: %(team)s win %(won)s to %(lost)s", { team: teamName(match.winner), won: match.score[match.winner], lost: match.score[1 - match.winner] });
  const links = el("p", { class: "actions" });
  const again = $("play-again-form");
  if (again) {
    const clone = again.content.cloneNode(true);
    links.append(clone);
  }
  // A round's table leads back to its event, where the next round is paired.
  const event = app.dataset.eventUrl
    ? el("a", { href: app.dataset.eventUrl, id: "to-event" }, _("Back to %(event)s", { event: app.dataset.eventName }))
    : el("a", { href: "/tables/", id: "to-lobby" }, _("Back to the lobby"));
  links.append(el("a", { href: `/tables/${tableId}/hands/` }, _("Replay the hands")), " ", event);
  const rated = el("p", { id: "rating-move", role: "status" });
  if (info.rated && mySeat !== null) {
    // Its line kept while the words come: the buttons below moved as they came, under a click.
    rated.classList.add("pending");
    ratingMoveWords(tableId, mySeat).then((words) => {
      rated.textContent = words ?? "";
      rated.classList.remove("pending");
    });
  }
  box.replaceChildren(el("div", { class: "dialog" },
    el("h2", { id: "match-end-title" }, title),
    el("p", {}, won),
    rated,
    $("guest-offer") ? $("guest-offer").content.cloneNode(true) : "",
    view && view.result ? el("div", {}, el("h3", {}, _("Last hand")), el("p", {}, readable(resultHeadline(view, names(), teams()))), pointsTable(view, names(), teams())) : "",
    links));
  announce(title);
  box.hidden = false;
  (box.querySelector("#play-again") ?? event).focus();
}

function tickClock() {
  // Seconds left for the person to act; at zero their bot plays for them.
  if (turnEndsAt === null) return;
  const left = Math.max(0, Math.ceil((turnEndsAt - Date.now()) / 1000));
  for (const clock of document.querySelectorAll(".seat-clock, .summary-clock")) {
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    clock.classList.toggle("urgent", left <= 10);
  }
}

function drawTitle() {
  const myTurn = view && myMove() && info.status !== "finished";
  document.title = myTurn ? `● ${_("Your turn")} · ${pageTitle}` : pageTitle;
  app.dataset.myTurn = myTurn ? "true" : "false";
  chimeOnMyTurn(Boolean(myTurn));
}

function draw() {
  app.dataset.version = String(version);
  app.dataset.phase = view ? view.phase : "none";
  const paused = info.paused && info.status !== "finished";
  app.dataset.paused = paused ? "true" : "false";
  $("paused").hidden = !paused || waitsForMe(); // the held bar says it, with what to do
  const waiting = $("waiting-room");
  if (waiting) waiting.hidden = info.status !== "open";
  drawScoreboard();
  drawFacts();
  drawSeats();
  drawTrick();
  drawLastTrick();
  drawAuction();
  drawHand();
  drawBidding();
  drawTitle();
  drawHeld();
  drawSummaryTurn();
  drawMatchEnd();
}

function drawDeal() {
  // The commitment to this deal's secret seed, checked on the deals page once it is revealed.
  $("deal-commitment").hidden = !deal;
  if (!deal) return;
  $("deal-link").hidden = deal.chosen;
  $("deal-chosen").hidden = !deal.chosen;
  $("deal-hash").textContent = deal.commitment ?? "";
}

function show(message) {
  sent = false; // the table answered: a new state
  version = message.version;
  view = message.view;
  info = message.table;
  if (message.type === "snapshot") deal = message.deal ?? null;
  else if (message.event?.kind === "deal") deal = message.event.deal ?? deal;
  drawDeal();
  turnEndsAt = info.turn_left === null || info.turn_left === undefined ? null : Date.now() + info.turn_left * 1000;
  draw();
  tickClock();
}

// ----- the event stream -------------------------------------------------------------------

function tell(event, next) {
  // Announce what happened, in words, for screen readers.
  if (event.kind === "bid") {
    const bid = next.view?.bids[next.view.bids.length - 1];
    if (bid) announce(_("%(name)s: %(bid)s", { name: nameOf(bid.seat), bid: bidWords(bid.bid, next.view.turned) }));
  } else if (event.kind === "play") {
    const trick = next.view?.tricks[next.view.tricks.length - 1];
    if (!trick) return;
    const seat = (trick.leader + trick.cards.length - 1) % 4;
    const card = cardName(trick.cards[trick.cards.length - 1]);
    announce(seat === mySeat ? _("You play %(card)s", { card }) : _("%(name)s plays %(card)s", { name: nameOf(seat), card }));
    if (trick.winner !== null) announce(winsTheTrick(trick.winner));
  } else if (event.kind === "deal") {
    const dealer = next.view.dealer;
    announce(dealer === mySeat ? _("New hand dealt; you deal.") : _("New hand dealt; %(name)s deals.", { name: nameOf(dealer) }));
    if (next.view.turned) announce(_("Turned card: %(card)s.", { card: cardName(next.view.turned) }));
  }
}

function finishesTrick(message) {
  const tricks = message.view?.tricks;
  return message.event.kind === "play" && tricks?.length > 0 && tricks[tricks.length - 1].winner !== null;
}

function receiveEvent(message) {
  // Sends can overtake each other: draw events strictly in version order, each once.
  if (message.version <= version) return;
  early.set(message.version, message);
  applyEarly();
}

function applyEarly() {
  // Apply the held events that now follow on, each finished trick left on the felt for the
  // table's pause; a hole left for too long is a real gap.
  while (early.has(version + 1) && Date.now() >= holdUntil) {
    const message = early.get(version + 1);
    early.delete(version + 1);
    show(message);
    tell(message.event, message);
    if (message.event.actor === "timeout" && message.event.seat === mySeat) {
      showNote($("hand-note"), message.event.kind === "bid" ? TEXT.bidForYou() : TEXT.playedForYou());
    }
    const pause = info.trick_pause_ms ?? 0;
    // Cards that piled up behind a pause land one by one, not all at once.
    if (message.event.kind === "play") holdUntil = Date.now() + (finishesTrick(message) ? pause : pause / 4);
    if (message.event.kind === "hand_end") summarize(message.event.hand, message.event.result, message.event.contract);
  }
  if (early.has(version + 1) && holdTimer === null) {
    holdTimer = setTimeout(() => {
      holdTimer = null;
      applyEarly();
    }, holdUntil - Date.now());
  }
  if (early.size === 0 || early.has(version + 1)) {
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
  holdUntil = 0;
  show(message);
  const last = message.last_hand;
  if (summarized === null) {
    summarized = last ? last.number : 0; // a page opened mid-match owes no earlier summary
  } else if (last && last.number > summarized) {
    summarize(last.number, last.result, last.contract); // its hand_end was jumped over
  }
  applyEarly();
  if (pending) {
    // Sent with the version it was made against: the server refuses it if the table moved on.
    resentSeq = pending.client_seq;
    sendAct(pending);
    pending = null;
  }
  showConnection();
}

function receive(message) {
  if (message.type === "snapshot") {
    receiveSnapshot(message);
    chat.history(message.chat);
  } else if (message.type === "event") {
    receiveEvent(message);
  } else if (message.type === "error") {
    if (message.client_seq === clientSeq) answered(); // the move was refused: choose again
    const resent = message.client_seq === resentSeq;
    if (message.code === "illegal_play" || message.code === "illegal_bid") showNote($("refusal"), message.message);
    else if (message.code === "stale_version") showError(resent ? TEXT.moveRefused() : TEXT.moveTooLate());
    else showError(message.message);
    if (message.code === "stale_version") send({ type: "sync" });
  } else if (message.type === "chat") {
    chat.add(message);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const here = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}/`);
  socket = here;
  probe = keepAlive(here, lost);
  here.addEventListener("message", (e) => receive(JSON.parse(e.data)));
  here.addEventListener("close", (e) => {
    if (socket !== here) return; // given up for dead already
    if (CLOSE_RELOADS.has(e.code)) location.reload();
    else lost();
  });
}

function lost() {
  socket = null;
  connected = false;
  answered(); // whether the move landed, the snapshot on the way back will tell
  showConnection();
  // Jittered, so a restarted server is not hit by every table's page at the same instant.
  const delay = Math.min(RETRY_FIRST_MS * 2 ** retries, RETRY_MAX_MS);
  retries += 1;
  setTimeout(connect, delay * (0.5 + Math.random() / 2));
}

// ----- keyboard ---------------------------------------------------------------------------

function moveFocus(step) {
  // Arrow keys walk the cards (or the bids) the focus is among.
  const group = document.activeElement?.closest("#hand, #bidding");
  if (!group) return false;
  const items = [...group.querySelectorAll("button:not([disabled]), select")];
  const at = items.indexOf(document.activeElement);
  if (!items.length) return false;
  items[(at + step + items.length) % items.length].focus();
  return true;
}

function onKey(e) {
  if (e.target.closest("input, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape") {
    if (!$("summary").hidden) closeSummary();
    else if (!$("match-end").hidden) $("match-end").hidden = true;
    return;
  }
  if (e.target.closest("select")) return;
  if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && moveFocus(e.key === "ArrowRight" ? 1 : -1)) {
    e.preventDefault();
  } else if (e.key === "m" || e.key === "M") {
    focusMoves();
  } else if (e.key === "l" || e.key === "L") {
    const last = $("last-trick");
    if (!last.hidden) last.open = !last.open;
  } else if (/^[1-8]$/.test(e.key)) {
    const card = $("hand").querySelectorAll("button.card")[Number(e.key) - 1];
    if (card) card.click();
  }
}

function sizeToScreen() {
  // The table fills what the site header leaves of the window.
  const header = document.querySelector("body > header");
  document.documentElement.style.setProperty("--header-height", `${header ? header.offsetHeight : 0}px`);
}

// ----- start ------------------------------------------------------------------------------

$("copy-invite")?.addEventListener("click", copyInvite);

setInterval(tickClock, 250);
document.addEventListener("keydown", onKey);
window.addEventListener("resize", sizeToScreen);
sizeToScreen();
for (const box of [$("summary"), $("match-end")]) {
  // A click on the shade closes the dialog, as Escape does.
  box.addEventListener("click", (e) => { if (e.target === box) (box.id === "summary" ? closeSummary() : (box.hidden = true)); });
}

const leave = $("leave-form");
if (leave) {
  // Leaving hands the seat to a computer player for the rest of the match: ask first.
  const dialog = $("leave-dialog");
  leave.addEventListener("submit", (e) => {
    if (leave.dataset.confirmed === "true") return;
    e.preventDefault();
    dialog.showModal();
  });
  $("leave-confirm").addEventListener("click", () => {
    leave.dataset.confirmed = "true";
    leave.requestSubmit();
  });
  $("leave-cancel").addEventListener("click", () => dialog.close());
}
// Back at the seat a bot holds: it is the person's again from the next state on.
$("back")?.addEventListener("click", () => send({ type: "back" }));
connect();
