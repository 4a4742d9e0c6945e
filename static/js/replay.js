// Replay page: a small enhancement over plain ?step=N links and a GET form (everything works without
// this file). The arrow keys step (Home and End jump to the ends), the slider shows its step as it moves
// (htmx swaps only the frame, so the Show button is not needed), and the slider follows the links.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

  document.addEventListener("keydown", function (event) {
    var rel = KEYS[event.key];
    if (!rel || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    // The slider and text fields keep their own arrow keys.
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var link = document.querySelector('#frame a[data-step="' + rel + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  document.addEventListener("htmx:afterSettle", function () {
    var frame = document.getElementById("frame");
    var slider = document.getElementById("step");
    if (frame && slider && frame.dataset.step && document.activeElement !== slider) {
      slider.value = frame.dataset.step;
      slider.setAttribute("aria-valuetext", frame.dataset.valuetext || "");
    }
  });
})();
