// A tournament page keeps its live part (status, podium, bracket, standings, rounds) current:
// it follows the event over the notifications socket (signed in) or the event's public socket
// (signed out) and fetches the part again when told.
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
  let again = false; // told of a change while fetching: what comes back may predate it

  function refresh(quietly) {
    if (pending) {
      again = true;
      return;
    }
    pending = true;
    again = false;
    fetch(live.dataset.liveUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        live.innerHTML = html;
        if (status && quietly !== true) status.textContent = live.dataset.updated || "";
      })
      .finally(function () {
        pending = false;
        if (again) refresh(quietly);
      });
  }

  if (zone && !zoneKnown) refresh(true);
  if (window.beloteNotices) {
    window.beloteNotices.on(function (message) {
      if (message.type === "tournament_changed" && String(message.tournament) === id) refresh(false);
    });
    window.beloteNotices.follow("tournament-" + id);
  } else {
    followPublicly();
  }

  // Signed out: the event's own public socket (it says only that the event changed).
  function followPublicly() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    let delay = 1000;
    let opened = false;
    function connect() {
      const socket = new WebSocket(scheme + location.host + "/ws/tournaments/" + id + "/");
      socket.addEventListener("open", function () {
        if (opened) refresh(true); // changes made while it was away
        opened = true;
        delay = 1000;
        page.dataset.socket = "open"; // browser tests wait for it
      });
      socket.addEventListener("message", function (event) {
        let message;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.type === "tournament_changed" && String(message.tournament) === id) refresh(false);
      });
      socket.addEventListener("close", function (event) {
        page.dataset.socket = "closed";
        if (event.code === 4404) return; // not an event this viewer may see
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30000);
      });
    }
    connect();
  }
});
