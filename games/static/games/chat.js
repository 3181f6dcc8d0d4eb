// The table's chat box: players' lines reach everyone at the table, spectators' only other
// spectators (the server sorts them). A person alone with computers has no box: nobody at
// their table could answer.
import { el } from "./cards.js";
import { _ } from "./words.js";

const $ = (id) => document.getElementById(id);

/** Wire the page's chat box to `send`; returns what shows a line of chat (nothing without a box). */
export function tableChat(send) {
  if (!$("chat")) return () => {};
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
  return (message) => {
    if (mute.checked) return;
    const name = message.guest ? _("Guest") : message.name;
    // The colon is the language's: French sets it apart ("Ana : bonjour").
    const line = el("li", {}, el("strong", {}, _("%(name)s:", { name })), " ", message.text);
    if (message.channel === "spectators") line.classList.add("from-spectator");
    lines.append(line);
  };
}
