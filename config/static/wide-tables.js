// A table wider than the screen scrolls inside itself (site.css); one that does can be
// reached and scrolled from the keyboard too.
function markWideTables() {
  for (const table of document.querySelectorAll("main table")) {
    if (table.scrollWidth > table.clientWidth + 1) table.tabIndex = 0;
    else table.removeAttribute("tabindex");
  }
}
markWideTables();
window.addEventListener("resize", markWideTables);
