// A finished hand's analysis in the replay: for the card shown, what each legal card was
// worth by both measures and what the card played lost; the hand's biggest mistakes first
// (each a link to its moment); per player, the mean loss per decision.
import { el } from "./cards.js";
import { _, LANGUAGE, bidWords, cardWords, readable } from "./words.js";

// Tenths of a point as the page's language writes them ("80,2" in Bulgarian, Croatian, French).
const tenths = new Intl.NumberFormat(LANGUAGE, { maximumFractionDigits: 1, useGrouping: false });
const points = (value) => _("%(n)s pts", { n: tenths.format(Number(value)) });

/** Card decisions and calls by the frame that shows them (frame n+1 shows action n). */
export function decisionsByFrame(analysis) {
  const byFrame = new Map();
  for (const decision of [...(analysis.decisions ?? []), ...(analysis.auction ?? [])]) byFrame.set(decision.action + 1, decision);
  return byFrame;
}

/** Who chose a move: the player the hand names at its seat, or who chose for them (the
 * computer when their time ran out or it held their seat, or a person who took it over). */
export function chooser(move, nameOf) {
  const name = nameOf(move.seat);
  if (!move.stand_in) return name;
  if (move.stand_in.name === null) return _("The computer (for %(name)s)", { name });
  return _("%(stand_in)s (for %(name)s)", { stand_in: move.stand_in.name, name });
}

/** A call of the auction: each call weighed, its expected score, the loss of the one made. */
function callPanel(call, nameOf, turned) {
  const box = el("div", { class: "analysis-decision" });
  const words = (bid) => bidWords(bid, turned);
  const facts = { name: chooser(call, nameOf), call: words(call.call), value: points(call.value), best: call.best.map(words).join(", "), loss: points(call.loss) };
  box.append(el("p", {}, readable(call.loss > 0
    ? _("%(name)s called %(call)s: expected %(value)s; the best call weighed, %(best)s, %(loss)s more.", facts)
    : _("%(name)s called %(call)s: expected %(value)s, the best of the calls weighed.", facts))));
  const head = el("tr", {}, el("th", { scope: "col" }, _("Call")), el("th", { scope: "col" }, _("Expected score, own view")));
  const body = el("tbody");
  for (const option of call.calls) {
    const made = option.call === call.call;
    const best = call.best.includes(option.call);
    body.append(el("tr", { class: made ? "played" : "" },
      el("th", { scope: "row" }, readable(words(option.call)), made ? ` (${_("called")})` : ""),
      el("td", { class: best ? "best" : "" }, `${points(option.value)}${best ? " ★" : ""}`)));
  }
  box.append(el("table", { class: "analysis-cards" }, el("thead", {}, head), body),
    el("p", { class: "muted small" }, _("Each call played out over deals of the cards the caller could not see, everyone bidding and playing on naturally.")));
  return box;
}

/** The card decision shown at this frame: each legal card, its values, the losses. */
export function decisionPanel(analysis, decision, nameOf, turned = null) {
  const box = el("div", { class: "analysis-decision" });
  if (analysis.status !== "ready") {
    box.append(el("p", { class: "muted" }, _("The analysis of this hand is being computed: it will appear here in a moment.")));
    return box;
  }
  if (!decision) {
    box.append(el("p", { class: "muted" }, _("Step to a call or a card played with a choice to see what each was worth.")));
    return box;
  }
  if (decision.calls) return callPanel(decision, nameOf, turned);
  box.append(el("p", {}, _("%(name)s played %(card)s: lost %(view)s from their view, %(perfect)s with every card known.", {
    name: chooser(decision, nameOf), card: cardWords(decision.card),
    view: points(decision.loss_view), perfect: points(decision.loss_perfect),
  })));
  const head = el("tr", {}, el("th", { scope: "col" }, _("Card")),
    el("th", { scope: "col" }, _("Loss, own view")), el("th", { scope: "col" }, _("Loss, all cards known")));
  const table = el("table", { class: "analysis-cards" },
    el("caption", { class: "visually-hidden" }, _("Each legal card's loss against the best")), el("thead", {}, head));
  const body = el("tbody");
  const topView = Math.max(...decision.cards.map((c) => c.view));
  const topPerfect = Math.max(...decision.cards.map((c) => c.perfect));
  for (const option of decision.cards) {
    const played = option.card === decision.card;
    const label = el("th", { scope: "row" }, cardWords(option.card), played ? ` (${_("played")})` : "");
    const cell = (loss, best) => el("td", { class: best ? "best" : "" }, best ? `${points(0)} ★` : `−${points(loss)}`);
    const viewBest = decision.best_view.includes(option.card);
    const perfectBest = decision.best_perfect.includes(option.card);
    body.append(el("tr", { class: played ? "played" : "" }, label,
      cell(topView - option.view, viewBest), cell(topPerfect - option.perfect, perfectBest)));
  }
  table.append(body);
  box.append(table, el("p", { class: "muted small" }, _("★ best card. Own view: the hard computer player's judgement from what the player could see; all cards known: perfect play by everyone.")));
  return box;
}

/** The hand's costliest cards, biggest first, each a button to its moment. */
export function mistakesList(analysis, nameOf, goTo) {
  const list = el("ol", { class: "analysis-mistakes" });
  for (const m of analysis.mistakes ?? []) {
    list.append(el("li", {}, el("button", { type: "button", onclick: () => goTo(m.action + 1) },
      _("%(name)s, trick %(trick)s: %(card)s lost %(view)s (own view), %(perfect)s (all cards known); best %(best)s", {
        name: chooser(m, nameOf), trick: m.trick + 1, card: cardWords(m.card),
        view: points(m.loss_view), perfect: points(m.loss_perfect), best: m.best_view.map(cardWords).join(", "),
      }))));
  }
  if (!list.children.length) return el("p", { class: "muted" }, _("No card cost a point: well played."));
  return list;
}

/** Per player: mean loss per decision by each measure, and how many of their decisions found a
 * best card (the count of decisions is its second number: a column of its own did not fit a phone). */
export function playersTable(analysis, nameOf) {
  const head = el("tr", {}, ...[_("Player"), _("Mean loss, own view"), _("Mean loss, all cards known"), _("Best cards")]
    .map((text) => el("th", { scope: "col" }, text)));
  const body = el("tbody");
  for (const p of analysis.players ?? []) {
    const mean = (v) => (v === null ? "–" : points(v));
    body.append(el("tr", {}, el("th", { scope: "row" }, nameOf(p.seat)),
      el("td", {}, mean(p.mean_loss_view)), el("td", {}, mean(p.mean_loss_perfect)),
      el("td", {}, `${p.best_view} / ${p.decisions}`)));
  }
  const table = el("table", { class: "analysis-players" }, el("thead", {}, head), body);
  if (!(analysis.decisions ?? []).some((d) => d.stand_in)) return table;
  const note = _("Cards played for a player, by the computer when their time ran out or by whoever took their seat, are not counted as theirs.");
  return el("div", {}, table, el("p", { class: "muted small" }, note));
}
