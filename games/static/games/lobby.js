// The lobby. Show only the chosen rule set's house rules, and what its match against the
// chosen computer would do to the player's rating.
const select = document.getElementById("id_variant");
const level = document.getElementById("id_bot_level");
const sync = () => {
  document.querySelectorAll(".house-rules").forEach((set) => {
    set.hidden = set.dataset.variant !== select.value;
  });
  document.querySelectorAll(".stake").forEach((stake) => {
    stake.hidden = stake.dataset.variant !== select.value || stake.dataset.level !== level.value;
  });
};
if (select) { select.addEventListener("change", sync); level.addEventListener("change", sync); sync(); }
// The tables listed keep up by themselves: the lists are fetched again now and then.
const lists = document.getElementById("lobby-tables");
setInterval(async () => {
  const response = await fetch(location.href, { headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  const replacement = fresh.getElementById("lobby-tables");
  if (replacement) lists.replaceChildren(...replacement.childNodes);
}, Number(lists.dataset.refreshSeconds) * 1000);
