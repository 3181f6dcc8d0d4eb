// A socket can die without closing: a phone that slept, a laptop that changed networks, a
// router that forgot the connection. The browser still calls it open, and what is sent on it is
// lost without a word: a card tapped never lands, a notice never comes. So a page pings its
// socket now and then, and when the device wakes or its network comes or goes; a ping left
// unanswered closes the socket, and the page opens another.
const PING_EVERY_MS = 25000;
const ANSWER_WITHIN_MS = 10000; // a live server answers in milliseconds; a busy one in seconds

export function keepAlive(socket, onDead) {
  // Watches one socket until it closes; onDead is called once if it stops answering. Returns
  // `probe`, to ask at once (after a move, say) rather than at the next ping.
  let unanswered = null; // the timer of the ping waiting for its answer
  const probe = () => {
    if (socket.readyState !== WebSocket.OPEN || unanswered !== null) return;
    socket.send(JSON.stringify({ type: "ping" }));
    unanswered = setTimeout(dead, ANSWER_WITHIN_MS);
  };
  const woken = () => {
    if (document.visibilityState === "visible") probe();
  };
  const every = setInterval(probe, PING_EVERY_MS);
  function stop() {
    clearInterval(every);
    clearTimeout(unanswered);
    window.removeEventListener("online", probe);
    window.removeEventListener("offline", probe);
    document.removeEventListener("visibilitychange", woken);
  }
  function dead() {
    stop();
    socket.close();
    onDead();
  }
  socket.addEventListener("message", () => {
    clearTimeout(unanswered); // anything the server says proves the socket alive
    unanswered = null;
  });
  socket.addEventListener("close", stop);
  window.addEventListener("online", probe);
  window.addEventListener("offline", probe); // the player is told within seconds, not minutes
  document.addEventListener("visibilitychange", woken);
  return probe;
}
