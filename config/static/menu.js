// The phone's header menu (a <details>, so it opens and closes without this script): Escape
// closes it and gives the focus back to its button, and a tap anywhere else closes it, as a
// menu laid over the page should.
(function () {
  "use strict";
  const menu = document.querySelector("details.site-menu");
  if (!menu) return;
  const button = menu.querySelector("summary");
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    button.focus();
  });
  document.addEventListener("click", function (event) {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
})();
