// Counts each <time data-countdown datetime="..."> down to its moment, in the words the server writes
// (games/deadlines.py left_text), so a page left open still tells the truth. Without JavaScript the
// server's text stands; the moment itself is printed beside it in the viewer's time zone.
(function () {
  "use strict";
  function leftText(seconds) {
    if (seconds <= 0) return "overdue";
    var minutes = Math.floor(seconds / 60);
    var days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60);
    var mins = minutes % 60;
    if (days >= 2) return days + " days" + (hours ? " " + hours + " h" : "") + " left";
    hours += days * 24;
    if (hours) return hours + " h " + mins + " min left";
    return Math.max(1, mins) + " min left";
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      var due = Date.parse(el.getAttribute("datetime"));
      if (isNaN(due)) return;
      var left = (due - now) / 1000;
      var text = leftText(left);
      if (el.textContent !== text) el.textContent = text;
      var box = el.closest(".deadline");
      if (box) box.classList.toggle("overdue", left <= 0);
    });
  }
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
  setInterval(tick, 20000);
})();
