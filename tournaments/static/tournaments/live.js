// A tournament page keeps its live part (status, podium, bracket, standings, rounds) current:
// it follows the event over the notifications socket and fetches the part again when told;
// without a socket (signed out) it looks again every 30 s.
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  const page = document.getElementById("tournament-page");
  const live = document.getElementById("tournament-live");
  if (!page || !live) return;
  const id = page.dataset.tournament;
  const status = document.getElementById("live-status");
  let pending = false;

  function refresh() {
    if (pending) return;
    pending = true;
    fetch(live.dataset.liveUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        live.innerHTML = html;
        if (status) status.textContent = live.dataset.updated || "";
      })
      .finally(function () { pending = false; });
  }

  if (window.beloteNotices) {
    window.beloteNotices.on(function (message) {
      if (message.type === "tournament_changed" && String(message.tournament) === id) refresh();
    });
    window.beloteNotices.follow("tournament-" + id);
  } else {
    setInterval(refresh, 30000);
  }
});
