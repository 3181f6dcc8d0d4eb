// A finished hand in words: who took which contract, made or failed, and where every point
// came from. Shared by the live table's summary and the replay.
import { el } from "./cards.js";
import { _, bidWords, declarationWords, isContractBid, outcomeWords, sweepWord } from "./words.js";

/** The seat whose bid became the contract (the last contract bid of the auction). */
export function takerSeat(bids) {
  const calls = bids.filter((b) => isContractBid(b.bid));
  return calls.length ? calls[calls.length - 1].seat : null;
}

/** The contract as words: "100 ♥ ×2" (French Belote's "take" is stored as its suit). */
export function contractWords(contract) {
  const times = contract.multiplier > 1 ? ` ×${contract.multiplier}` : "";
  return `${bidWords(contract.bid)}${times}`;
}

/** One sentence: "Boris took ♥ Hearts: made." / "Thrown in: nobody took a contract."
 * Without the auction (a summary caught up after a reconnect) the taking team is named. */
export function resultHeadline(view, names, teams) {
  const result = view.result;
  if (!view.contract || result.outcome === "thrown_in") return _("Thrown in: nobody took a contract.");
  const seat = takerSeat(view.bids);
  return _("%(name)s took %(contract)s: %(outcome)s.", {
    name: seat === null ? teams[view.contract.team] : names[seat],
    contract: contractWords(view.contract),
    outcome: outcomeWords(result.outcome),
  });
}

/** The points table: cards, each declaration (beaten ones struck out), last trick, sweep,
 * hanging points, the hand's points and the match score; one column per team. */
export function pointsTable(view, names, teams) {
  const result = view.result;
  const table = el("table", { class: "points" });
  table.append(el("tr", {}, el("th", { scope: "col" }, _("Points")),
    el("th", { scope: "col" }, teams[0]), el("th", { scope: "col" }, teams[1])));
  const row = (label, pair, attrs = {}) => table.append(el("tr", attrs, el("th", { scope: "row" }, label),
    el("td", {}, pair[0] === null ? "" : String(pair[0])), el("td", {}, pair[1] === null ? "" : String(pair[1]))));
  const lastTrick = view.tricks.length === 8 ? view.tricks[7].winner : null;
  row(_("Card points"), result.card_points);
  if (lastTrick !== null) {
    const pair = [null, null];
    pair[lastTrick % 2] = "+10";
    row(_("Last trick (in the card points): %(name)s", { name: names[lastTrick] }), pair);
  }
  for (const d of view.declarations) {
    const pair = [null, null];
    pair[d.seat % 2] = d.scored ? `+${d.points}` : "0";
    const label = _("%(declaration)s: %(name)s", {
      declaration: declarationWords(d.kind, d.points, view.variant), name: names[d.seat],
    });
    row(d.scored ? label : `${label} · ${_("beaten, not scored")}`, pair, { class: d.scored ? "scored" : "beaten" });
  }
  if (result.valat !== null && result.valat !== undefined) {
    const pair = [null, null];
    pair[result.valat] = "✓";
    row(sweepWord(view.variant), pair);
  }
  if (result.raw_points) row(_("Total"), result.raw_points);
  if (result.hanging && (result.hanging[0] || result.hanging[1])) row(_("Hanging points"), result.hanging);
  row(_("Hand points"), result.hand_points);
  row(_("Match score"), result.match_score);
  return table;
}
