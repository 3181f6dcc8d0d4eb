// A tournament page keeps its live part (status, podium, bracket, standings, rounds) current:
// it follows the event over the notifications socket and fetches the part again when told;
// without a socket (signed out) it looks again every 30 s.
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  const page = document.getElementById("tournament-page");
  const live = document.getElementById("tournament-live");
  if (!page || !live) return;
  const id = page.dataset.tournament;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneKnown = document.cookie.split("; ").some(function (c) { return c.indexOf("tz=") === 0; });
  if (zone && !zoneKnown) {
    // Signed-out viewers too: from now on times are shown in their zone.
    document.cookie = "tz=" + encodeURIComponent(zone) + ";path=/;max-age=31536000;samesite=lax";
  }
  const status = document.getElementById("live-status");
  let pending = false;

  function refresh(quietly) {
    if (pending) return;
    pending = true;
    fetch(live.dataset.liveUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        live.innerHTML = html;
        if (status && quietly !== true) status.textContent = live.dataset.updated || "";
      })
      .finally(function () { pending = false; });
  }

  if (zone && !zoneKnown) refresh(true);
  if (window.beloteNotices) {
    window.beloteNotices.on(function (message) {
      if (message.type === "tournament_changed" && String(message.tournament) === id) refresh(false);
    });
    window.beloteNotices.follow("tournament-" + id);
  } else {
    setInterval(function () { refresh(true); }, 30000);
  }
});
