// A short chime when the turn comes to the player, for one who looks away while the others
// play: the title's dot is easy to miss, and a missed turn runs out its clock. Off until the
// player turns it on (remembered on this device), when it plays the chime so they know it.
// Browsers let a page sound only once it was clicked: after a reload, from the first bid or
// card the player clicks.
const REMEMBERED = "turn-chime";
let audio = null;

/** Wire the switch `button` (null: none on this page); returns what to call with whether it is
 * the player's turn at each drawing: it chimes when the turn comes, not while it stays. */
export function turnChime(button) {
  if (!button) return () => {};
  let on = localStorage.getItem(REMEMBERED) === "1";
  button.setAttribute("aria-pressed", String(on));
  button.addEventListener("click", () => {
    on = !on;
    localStorage.setItem(REMEMBERED, on ? "1" : "0");
    button.setAttribute("aria-pressed", String(on));
    if (on) chime();
  });
  let wasMyTurn = null; // not on opening the page: the player is looking
  return (myTurn) => {
    if (on && myTurn && wasMyTurn === false) chime();
    wasMyTurn = myTurn;
  };
}

/** Two soft notes, a fourth apart, a third of a second in all; nothing where the browser
 * has no sound to give (the table is drawn on regardless). */
function chime() {
  try {
    audio ??= new AudioContext();
  } catch {
    return;
  }
  audio.resume().catch(() => {});
  const now = audio.currentTime;
  [660, 880].forEach((pitch, i) => {
    const start = now + i * 0.12;
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.frequency.value = pitch;
    level.gain.setValueAtTime(0.0001, start);
    level.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    tone.connect(level).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.26);
  });
}
