// The whole auction of a hand, one column per seat from the first to speak.
import { el } from "./cards.js";
import { _, bidShort, bidWords, readable } from "./words.js";

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
    row.append(callCell(b, view.turned));
  });
  if (!view.bids.length) table.append(el("tr", {}, el("td", { colspan: "4", class: "muted" }, _("No bid yet."))));
  fitting.observe(table);
  return table;
}

/** A call's cell: its words, and the short form shown instead where the words don't fit. */
function callCell(b, turned) {
  const words = bidWords(b.bid, turned);
  const short = bidShort(b.bid, turned);
  const cell = el("td", { "data-seat": String(b.seat) });
  if (short === null) {
    cell.append(readable(words));
    return cell;
  }
  cell.title = words;
  cell.append(el("span", { class: "call-words" }, readable(words)),
    el("span", { class: "call-short", "aria-hidden": "true", hidden: "" }, short));
  return cell;
}

// Each grid, whenever its width changes (drawn, a phone turned): a cell whose words overflow
// its column shows the short form; a screen reader still reads the words.
const fitting = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (!target.isConnected) {
      fitting.unobserve(target);
      continue;
    }
    for (const cell of target.querySelectorAll("td[title]")) {
      const [words, short] = cell.children;
      words.classList.remove("visually-hidden");
      short.hidden = true;
      if (!overflows(cell, words)) continue;
      words.classList.add("visually-hidden");
      short.hidden = false;
    }
  }
});

/** Whether a line of `words` is wider than its cell's room, to the fraction of a pixel:
 * scrollWidth rounds, and "Diamonds" 0.3 px too wide showed as "Diamon…". */
function overflows(cell, words) {
  const style = getComputedStyle(cell);
  const room = cell.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
  return [...words.getClientRects()].some((line) => line.width > room + 0.01);
}
