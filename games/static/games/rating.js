// A rated match's end: how it moved the person's rating, read from the matches API. The move
// is stored in the transaction that stores the result, so it is there once the page hears the
// match is over.
import { _, LANGUAGE } from "./words.js";

// Grouped as the profile and the lobby write ratings: "1.474" in Croatian, "1 474" in Bulgarian
// (whose own rule leaves four digits ungrouped).
const whole = new Intl.NumberFormat(LANGUAGE, { maximumFractionDigits: 0, useGrouping: "always" });
const signedTenths = new Intl.NumberFormat(LANGUAGE, { maximumFractionDigits: 1, signDisplay: "exceptZero", useGrouping: false });

/** "Your rating is now 1486 (−14,4)." for the player in `seat` of the table's match, or null
 * (an unrated match, or the API out of reach: the profile has it too). */
export async function ratingMoveWords(tableId, seat) {
  try {
    const response = await fetch(`/api/matches/?table=${tableId}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const match = (await response.json()).results?.[0];
    const player = match?.players.find((p) => p.seat === seat);
    const move = match?.rating_changes.find((c) => c.username === player?.username);
    if (!move) return null;
    return _("Your rating is now %(rating)s (%(change)s).", {
      rating: whole.format(move.after), change: signedTenths.format(move.after - move.before),
    });
  } catch {
    return null;
  }
}
