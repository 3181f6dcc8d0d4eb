// A finished hand replayed on the felt: the four hands face up, the auction, declarations and
// each trick, step by step (buttons, arrow keys, autoplay) without reloading; ?step=N in the
// address links to the moment shown; the result comes at the end.
import { chooser, decisionPanel, decisionsByFrame, mistakesList, playersTable } from "./analysis.js";
import { auctionTable } from "./auction.js";
import { cardSvg, el, turnedCard } from "./cards.js";
import { inHandOrder, trumpsOf } from "./hand_order.js";
import { contractWords, pointsTable, resultHeadline, takerSeat } from "./result.js";
import { _, bidWords, cardWords, declarationWords, readable, trumpsWords } from "./words.js";

const AUTOPLAY_MS = 1200;
const POSITIONS = ["bottom", "right", "top", "left"];
const frames = JSON.parse(document.getElementById("replay-frames").textContent);
const names = JSON.parse(document.getElementById("replay-names").textContent);
const root = document.getElementById("replay");
const $ = (id) => document.getElementById(id);
const last = frames.length - 1;
let analysis = JSON.parse(document.getElementById("replay-analysis").textContent);
let decisions = decisionsByFrame(analysis);
// How long to wait before asking again for an analysis still being computed (ms), growing.
const ANALYSIS_ASK_FIRST = 2000;
const ANALYSIS_ASK_MOST = 30000;
let step = 0;
let timer = null;

const nameOf = (seat) => names[seat] || _("Seat %(n)s", { n: seat + 1 });
const seatNames = () => [0, 1, 2, 3].map(nameOf);
const teams = () => [0, 1].map((team) => _("%(a)s & %(b)s", { a: nameOf(team), b: nameOf(team + 2) }));

function actionWords(frame) {
  if (frame.action === null) return _("The deal: %(name)s deals.", { name: nameOf(frame.view.dealer) });
  const isCard = /^[2-9TJQKA][cdhs]$/.test(frame.action);
  const name = chooser(frame, nameOf);
  return isCard
    ? _("%(name)s plays %(card)s", { name, card: cardWords(frame.action) })
    : _("%(name)s bids %(bid)s", { name, bid: bidWords(frame.action, frame.view.turned) });
}

function drawSeats(frame) {
  const view = frame.view;
  for (const seat of [0, 1, 2, 3]) {
    const box = $(`pos-${POSITIONS[seat]}`);
    box.classList.toggle("to-act", view.to_act === seat);
    const name = el("div", { class: "seat-name" }, el("strong", {}, nameOf(seat)));
    if (view.dealer === seat) name.append(" ", el("span", { class: "badge dealer" }, _("dealer")));
    if (view.tricks.at(-1)?.winner === seat) name.append(" ", el("span", { class: "badge leads" }, _("wins the trick")));
    const hand = el("div", { class: "replay-hand", role: "list", "aria-label": _("Cards of %(name)s", { name: nameOf(seat) }) });
    for (const code of inHandOrder(frame.hands[seat], trumpsOf(view))) hand.append(el("span", { class: "card", role: "listitem", "data-card": code }, cardSvg(code)));
    box.replaceChildren(name, hand);
    for (const d of view.declarations.filter((x) => x.seat === seat)) {
      const cards = d.cards ? ` ${d.cards.map(cardWords).join(" ")}` : "";
      box.append(el("div", { class: `seat-declaration ${d.scored === false ? "beaten" : ""}` },
        readable(declarationWords(d.kind, d.points, view.variant) + cards)));
    }
  }
}

function drawTrick(view) {
  const box = $("trick");
  box.replaceChildren();
  const turned = turnedCard(view);
  if (turned) box.append(turned);
  const trick = view.tricks[view.tricks.length - 1];
  if (!trick) return;
  trick.cards.forEach((code, i) => {
    const seat = (trick.leader + i) % 4;
    const classes = ["played", `at-${POSITIONS[seat]}`, i === 0 ? "led" : "", trick.winner === seat ? "winner" : ""];
    box.append(el("div", { class: classes.join(" "), "data-card": code }, cardSvg(code)));
  });
  // In words for a screen reader; the eye reads it by the winner's name (over the cards it hid them).
  if (trick.winner !== null) box.append(el("p", { class: "visually-hidden" }, _("%(name)s wins the trick", { name: nameOf(trick.winner) })));
}

function drawFacts(view) {
  const box = $("replay-facts");
  const facts = el("p", { class: "facts" });
  if (view.contract) {
    const taker = takerSeat(view.bids);
    facts.append(el("span", { class: "contract" }, readable(_("Contract: %(contract)s by %(name)s",
      { contract: contractWords(view.contract), name: taker === null ? "?" : nameOf(taker) }))));
    const trumps = trumpsWords(view.contract.bid);
    if (trumps) facts.append(" · ", el("span", { class: "trumps" }, readable(trumps)));
  } else {
    facts.append(el("span", { class: "muted" }, _("No contract yet")));
  }
  const tricks = view.tricks.filter((x) => x.winner !== null).length;
  facts.append(el("br"), _("Tricks played: %(n)s of 8", { n: tricks }), " · ",
    _("Card points: %(a)s – %(b)s", { a: view.card_points[0], b: view.card_points[1] }));
  box.replaceChildren(facts);
}

function drawResult(frame) {
  const box = $("replay-result");
  box.hidden = step !== last || !frame.view.result;
  if (box.hidden) return;
  box.replaceChildren(el("h2", { id: "replay-result-title" }, _("Result")),
    el("p", { class: "headline" }, readable(resultHeadline(frame.view, seatNames(), teams()))),
    pointsTable(frame.view, seatNames(), teams()));
}

function draw() {
  const frame = frames[step];
  root.dataset.step = String(step);
  $("replay-step").value = String(step);
  $("replay-position").textContent = _("Step %(step)s of %(last)s", { step, last });
  $("replay-action").replaceChildren(readable(actionWords(frame)));
  drawSeats(frame);
  drawTrick(frame.view);
  drawFacts(frame.view);
  $("auction").replaceChildren(auctionTable(frame.view, nameOf));
  drawResult(frame);
  $("analysis-card").replaceChildren(decisionPanel(analysis, decisions.get(step), nameOf, frame.view.turned));
  $("replay-first").disabled = $("replay-previous").disabled = step === 0;
  $("replay-next").disabled = $("replay-last").disabled = step === last;
  const url = new URL(location.href);
  url.searchParams.set("step", String(step));
  history.replaceState(null, "", url);
}

function go(to) {
  step = Math.max(0, Math.min(last, to));
  if (step === last) stop();
  draw();
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("replay-play").setAttribute("aria-pressed", "false");
  $("replay-play").textContent = `▶ ${_("Play")}`;
}

function toggle() {
  if (timer !== null) return stop();
  if (step === last) step = 0;
  timer = setInterval(() => go(step + 1), AUTOPLAY_MS);
  $("replay-play").setAttribute("aria-pressed", "true");
  $("replay-play").textContent = `⏸ ${_("Pause")}`;
  return undefined;
}

$("replay-first").addEventListener("click", () => go(0));
$("replay-previous").addEventListener("click", () => go(step - 1));
$("replay-next").addEventListener("click", () => go(step + 1));
$("replay-last").addEventListener("click", () => go(last));
$("replay-play").addEventListener("click", toggle);
$("replay-step").addEventListener("input", (e) => go(Number(e.target.value)));
$("replay-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    $("replay-copy").textContent = _("Link copied");
  } catch {
    $("replay-copy").textContent = location.href;
  }
});
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowRight: () => go(step + 1), ArrowLeft: () => go(step - 1), Home: () => go(0), End: () => go(last), " ": toggle };
  if (moves[e.key] && !(e.key === " " && e.target.closest("button"))) {
    e.preventDefault();
    moves[e.key]();
  }
});

function drawHandAnalysis() {
  if (analysis.status === "ready") {
    $("analysis-mistakes").replaceChildren(mistakesList(analysis, nameOf, go));
    $("analysis-players").replaceChildren(playersTable(analysis, nameOf));
  }
  $("analysis-hand").hidden = analysis.status !== "ready";
}

// A worker computes the analysis seconds after the hand ends: a replay opened at once asks for
// it again, less often as time goes on, and shows it where it comes, without a reload.
async function awaitAnalysis(wait) {
  await new Promise((resolve) => setTimeout(resolve, wait));
  let response = null;
  try {
    response = await fetch(root.dataset.analysis, { headers: { Accept: "application/json" } });
  } catch {
    // Offline for a moment: ask again later.
  }
  if (response?.ok) {
    const fresh = await response.json();
    if (fresh.status === "ready") {
      analysis = fresh;
      decisions = decisionsByFrame(analysis);
      drawHandAnalysis();
      draw();
      return;
    }
  } else if (response && response.status < 500 && response.status !== 429) {
    return; // refused for good (the hand hidden again): the page says what it had
  }
  awaitAnalysis(Math.min(wait * 2, ANALYSIS_ASK_MOST));
}

drawHandAnalysis();
if (analysis.status !== "ready") awaitAnalysis(ANALYSIS_ASK_FIRST);

const asked = Number.parseInt(new URLSearchParams(location.search).get("step") ?? "0", 10);
go(Number.isNaN(asked) ? 0 : asked);
