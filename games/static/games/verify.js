// The deal check in the browser: games/verify.py's algorithm (belote-deal-v1) with the Web
// Crypto API, run on the proofs the page carries, so nobody need trust the server's word.
import { _ } from "./words.js";

const ALGORITHM = "belote-deal-v1";
const CARDS = [..."cdhs"].flatMap((suit) => [..."789TJQKA"].map((rank) => rank + suit));
const encoder = new TextEncoder();
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const bytes = (text) => new Uint8Array(text.match(/../g).map((pair) => Number.parseInt(pair, 16)));

export async function commitment(seed, dealId) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(`${ALGORITHM}\n${dealId}\n${seed}`)));
}

export async function deckFromSeed(seed, dealId) {
  const key = await crypto.subtle.importKey("raw", bytes(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  let block = 0;
  let words = [];
  const next = async () => {
    if (!words.length) {
      const view = new DataView(await crypto.subtle.sign("HMAC", key, encoder.encode(`${dealId}/${block}`)));
      block += 1;
      words = [0, 4, 8, 12, 16, 20, 24, 28].map((at) => view.getUint32(at));
    }
    return words.shift();
  };
  const deck = [...CARDS];
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const span = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % span);
    let r = await next();
    while (r >= limit) r = await next();
    const j = r % span;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** What is wrong with one deal's proof (empty: it holds), as games.verify.check_deal says. */
export async function checkDeal(proof) {
  const problems = [];
  if (proof.commitment && (await commitment(proof.seed, proof.deal_id)) !== proof.commitment) {
    problems.push(_("the seed does not match the commitment"));
  }
  const deck = await deckFromSeed(proof.seed, proof.deal_id);
  if (proof.deck && proof.deck.join(" ") !== deck.join(" ")) problems.push(_("the deck dealt is not the deck of this seed"));
  const seen = new Set();
  for (const [seat, card] of proof.plays ?? []) {
    if (!deck.includes(card) || seen.has(card)) problems.push(_("%(card)s was played but not dealt, or played twice", { card }));
    else if (proof.hands && !proof.hands[seat].includes(card)) problems.push(_("%(card)s was played by a seat not dealt it", { card }));
    seen.add(card);
  }
  return problems;
}

const button = document.getElementById("deals-check");
const proofs = JSON.parse(document.getElementById("deal-proofs").textContent);
button?.addEventListener("click", async () => {
  const summary = document.getElementById("deals-summary");
  if (!globalThis.crypto?.subtle) {
    summary.textContent = _("This browser cannot check here (it needs a secure connection): use the command instead.");
    return;
  }
  let failed = 0;
  const checked = proofs.deals.filter((deal) => deal.seed);
  for (const deal of checked) {
    const problems = await checkDeal(deal);
    const cell = document.querySelector(`tr[data-hand="${deal.hand}"] .deal-check`);
    cell.className = `deal-check ${problems.length ? "bad" : "ok"}`;
    cell.textContent = problems.length ? `✗ ${problems.join("; ")}` : `✓ ${_("fair")}`;
    failed += problems.length ? 1 : 0;
  }
  summary.textContent = failed
    ? _("%(n)s of %(total)s deals fail the check.", { n: failed, total: checked.length })
    : _("All %(total)s deals check out: each deck came from its committed seed.", { total: checked.length });
});
// The page renders the button disabled, so a press before this module has loaded is not lost.
if (button) button.disabled = false;
