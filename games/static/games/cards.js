// Cards drawn as SVG: a face with rank and suit (red suits in red), or a back.
import { _, cardName, rankLetter, SUITS, suitOfCard } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
export const RED = new Set(["d", "h"]); // the red suits' letters

/** A card face for the code "Qs", "Th"...; labelled for screen readers. */
export function cardSvg(code) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", `card-face ${RED.has(code[1]) ? "red" : "black"}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", cardName(code));
  const rank = rankLetter(code);
  const suit = SUITS[suitOfCard(code)];
  svg.innerHTML =
    `<rect x="1" y="1" width="58" height="82" rx="6" class="card-bg"/>` +
    `<text x="5" y="20" class="card-rank">${rank}</text>` +
    `<text x="5" y="38" class="card-suit-small">${suit}</text>` +
    `<text x="34" y="66" text-anchor="middle" class="card-suit">${suit}</text>`;
  return svg;
}

/** A card's back (hidden cards). */
export function cardBack() {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", "card-back");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = `<rect x="1" y="1" width="58" height="82" rx="6"/>`;
  return svg;
}

/** French Belote's turned card, face up in the middle of the felt while the auction is about
 * it, as at a real table (small in the side panel, it was missed, and on a phone the felt
 * jumped up when it went); null otherwise. */
export function turnedCard(view) {
  if (!view?.turned || view.phase !== "bidding") return null;
  return el("figure", { class: "turned-card", "data-card": view.turned },
    cardSvg(view.turned), el("figcaption", {}, _("Turned card")));
}

/** document.createElement with attributes (on* become listeners) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}
