// A hand laid out as card players hold it: the trumps first, then the suits alternating black
// and red (side by side, ♦ and ♥ are hard to tell apart on a phone), each suit from its
// strongest card down (in index order, the jack sat below the ten and the ace).
import { RED } from "./cards.js";
import { CODE_SUIT } from "./words.js";

const SUIT_ORDER = ["s", "h", "c", "d"];
const TRUMP_STRENGTH = "J9ATKQ87";
const PLAIN_STRENGTH = "ATKQJ987";

/** The trumps once the auction is over: a suit's letter, "all", or null (no trumps, or the
 * auction still running, where a hand re-sorted at every bid would move under the player). */
export function trumpsOf(view) {
  if (!view.contract || view.phase === "bidding") return null;
  const bid = view.contract.bid;
  if (bid === "all_trumps") return "all";
  if (bid === "take") return view.turned?.[1] ?? null;
  const named = (letter) => bid === CODE_SUIT[letter] || bid.endsWith(` ${CODE_SUIT[letter]}`);
  return Object.keys(CODE_SUIT).find(named) ?? null;
}

/** The card codes ("Js", "Th"...) in the order a player holds them under `trumps`. */
export function inHandOrder(codes, trumps) {
  const held = SUIT_ORDER.filter((suit) => codes.some((code) => code[1] === suit));
  const suits = held.includes(trumps) ? [trumps] : [];
  let left = held.filter((suit) => suit !== trumps);
  // Free to begin, begin with the colour held in more suits: red, black, red; not black, red, red.
  const reds = left.filter((suit) => RED.has(suit)).length;
  const first = reds > left.length - reds ? left.find((suit) => RED.has(suit)) : left[0];
  while (left.length) {
    const last = suits.at(-1);
    const next = last === undefined ? first : left.find((suit) => RED.has(suit) !== RED.has(last)) ?? left[0];
    suits.push(next);
    left = left.filter((suit) => suit !== next);
  }
  const strength = (code) =>
    (trumps === "all" || code[1] === trumps ? TRUMP_STRENGTH : PLAIN_STRENGTH).indexOf(code[0]);
  return [...codes].sort((a, b) => suits.indexOf(a[1]) - suits.indexOf(b[1]) || strength(a) - strength(b));
}
