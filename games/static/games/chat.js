// The table's chat box: players' lines reach everyone at the table, spectators' only other
// spectators (the server sorts them). A person alone with computers has no box: nobody at
// their table could answer.
import { el } from "./cards.js";
import { _, fill, LANGUAGE, ngettext } from "./words.js";

const $ = (id) => document.getElementById(id);
const clock = new Intl.DateTimeFormat(LANGUAGE, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** Wire the page's chat box to `send`; returns what shows a line of chat (`add`) and the
 * lines so far a snapshot carries (`history`): nothing without a box. */
export function tableChat(send) {
  if (!$("chat")) return { add: () => {}, history: () => {} };
  const form = $("chat-form");
  if (form) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("chat-text").value.trim();
      if (text) send({ type: "chat", text });
      $("chat-text").value = "";
    });
  }
  const mute = $("chat-mute");
  const lines = $("chat-lines");
  mute.checked = localStorage.getItem("chat-muted") === "1";
  lines.hidden = mute.checked;
  mute.addEventListener("change", () => {
    localStorage.setItem("chat-muted", mute.checked ? "1" : "0");
    lines.hidden = mute.checked;
  });
  // The box sits below the table, out of sight while playing: the head's link counts the
  // lines said since it was last in sight.
  const unread = $("chat-unread");
  let unseen = 0;
  let inSight = false;
  new IntersectionObserver(([entry]) => {
    inSight = entry.isIntersecting;
    if (inSight) {
      unseen = 0;
      unread.hidden = true;
    }
  }).observe(lines);
  const shown = (id) => lines.querySelector(`li[data-id="${id}"]`) !== null;
  const add = (message, fresh = true) => {
    if (shown(message.id)) return; // a line the snapshot brought, or the other way round
    if (fresh && !inSight && !mute.checked) {
      unseen += 1;
      // The count as a sign over the link (it moves nothing on the page), in words for the ear.
      const words = fill(ngettext("%(n)s new line", "%(n)s new lines", unseen), { n: unseen });
      unread.replaceChildren(el("span", { "aria-hidden": "true" }, String(unseen)), el("span", { class: "visually-hidden" }, words));
      unread.hidden = false;
    }
    const name = message.guest ? _("Guest") : message.name;
    // The colon is the language's: French sets it apart ("Ana : bonjour").
    // When it was said, in the viewer's clock: a line read after a reload may be an old one.
    const said = el("time", { class: "said-at", datetime: message.at }, clock.format(new Date(message.at)));
    const line = el("li", { "data-id": String(message.id) }, said, " ", el("strong", {}, _("%(name)s:", { name })), " ", message.text);
    if (message.channel === "spectators") line.classList.add("from-spectator");
    // The newest line in sight, unless the reader scrolled up to an older one.
    const following = lines.scrollHeight - lines.scrollTop - lines.clientHeight < 8;
    // In the order they were said: a reconnect's snapshot may bring lines its gap missed.
    const later = [...lines.children].find((li) => Number(li.dataset.id) > message.id);
    lines.insertBefore(line, later ?? null);
    if (following) lines.scrollTop = lines.scrollHeight;
  };
  const history = (messages) => {
    for (const message of messages ?? []) add(message, false);
    // Heard as they come, once the lines said before the page opened are in (not read out).
    lines.setAttribute("aria-live", "polite");
  };
  return { add, history };
}
