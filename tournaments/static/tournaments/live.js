// A tournament page keeps its changing parts current: the live part (status, podium, bracket,
// standings, rounds), the organizer's tools, the viewer's own entry (its check-in) and the
// entries. It follows the event over the notifications socket (signed in) or the event's public
// socket (signed out) and fetches the parts again when told. A part someone is filling in (a
// field typed in or focused, a section opened) keeps what they see until they leave it.
import { keepAlive } from "../keepalive.js";

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
    fetch(page.dataset.liveUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        swapIn(html);
        if (status && quietly !== true) status.textContent = page.dataset.updated || "";
      })
      .finally(function () {
        pending = false;
        if (again) refresh(quietly);
      });
  }

  // The newest content of each part left alone because someone is using it.
  const waiting = {};

  function swapIn(html) {
    const fetched = document.createElement("template");
    fetched.innerHTML = html;
    Array.prototype.forEach.call(fetched.content.children, function (part) {
      const region = part.id && document.getElementById(part.id);
      if (!region) return;
      // The live part holds no forms: a link focused there must not hold back the standings.
      if (region !== live && inUse(region)) {
        waiting[region.id] = part.innerHTML;
        return;
      }
      delete waiting[region.id];
      region.innerHTML = part.innerHTML;
    });
  }

  function swapInWaiting() {
    Object.keys(waiting).forEach(function (id) {
      const region = document.getElementById(id);
      if (!region || inUse(region)) return;
      region.innerHTML = waiting[id];
      delete waiting[id];
    });
  }

  function inUse(region) {
    const active = document.activeElement;
    if (active && active !== document.body && region.contains(active)) return true;
    if (region.querySelector("details[open]")) return true;
    return Array.prototype.some.call(region.querySelectorAll("input, select, textarea"), changed);
  }

  function changed(field) {
    if (field.type === "hidden") return false;
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    if (field.tagName === "SELECT") {
      const chosen = Array.prototype.findIndex.call(field.options, function (o) { return o.defaultSelected; });
      return field.selectedIndex !== Math.max(chosen, 0);
    }
    return field.value !== field.defaultValue;
  }

  // Leaving a part (focus moves on, a section closes) lets what waited for it in.
  document.addEventListener("focusout", function () { setTimeout(swapInWaiting, 0); });
  document.addEventListener("toggle", swapInWaiting, true);

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
      let gone = false; // given up for dead, or closed: one way back either way
      keepAlive(socket, lost);
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
        if (event.code === 4404) page.dataset.socket = "closed"; // not an event this viewer may see
        else lost();
      });
      function lost() {
        if (gone) return;
        gone = true;
        page.dataset.socket = "closed";
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30000);
      }
    }
    connect();
  }
});
