// The whole auction of a hand, one column per seat from the first to speak.
import { el } from "./cards.js";
import { _, bidWords } from "./words.js";

/** A table of the bids so far; `nameOf(seat)` names the columns. */
export function auctionTable(view, nameOf) {
  const first = (view.dealer + 1) % 4;
  const order = [0, 1, 2, 3].map((i) => (first + i) % 4);
  const table = el("table", { class: "auction-grid" });
  table.append(el("caption", {}, _("Auction")));
  table.append(el("tr", {}, ...order.map((seat) => el("th", { scope: "col" }, nameOf(seat)))));
  let row = null;
  view.bids.forEach((b, i) => {
    if (i % 4 === 0) {
      row = el("tr");
      table.append(row);
    }
    row.append(el("td", { "data-seat": String(b.seat) }, bidWords(b.bid, view.turned)));
  });
  if (!view.bids.length) table.append(el("tr", {}, el("td", { colspan: "4", class: "muted" }, _("No bid yet."))));
  return table;
}
