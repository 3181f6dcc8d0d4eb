// A form sends once. On a slow phone line a second tap on "Play" while the first was on its way
// opened a second table: a rated match the player never saw, conceded days later as deserted;
// an account signed up twice was told its own name was taken. Forms the page's scripts handle
// themselves (they prevent the browser's sending) and those that open elsewhere are left alone.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (event.defaultPrevented || form.method !== "post" || form.target) return;
    if (form.dataset.sending) {
      event.preventDefault();
      return;
    }
    form.dataset.sending = "true";
    form.setAttribute("aria-busy", "true");
  });
  // Back on this page from the browser's cache, as it was left: its forms may send again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-sending]").forEach(function (form) {
      delete form.dataset.sending;
      form.removeAttribute("aria-busy");
    });
  });
})();
