// Replay page: a small enhancement over plain ?step=N links and a GET form (everything works without
// this file). The arrow keys step (Home and End jump to the ends; Page Up and Page Down, or Shift with an
// arrow, step by whole turns), the slider shows its step as it moves (htmx swaps only the frame, so the
// Show button is not needed), and the slider follows the links.
//
// Keys are queued, never dropped: a key held down sends keydowns faster than a frame loads, so each key
// moves the step the keys ask for (`wanted`), and one frame is loaded at a time, the latest wanted, until
// the frame shown is the one wanted. A turn step needs the frame it starts from (its data-prev-turn and
// data-next-turn say where the turns begin), so the queue waits for that frame before taking it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var BY = { ArrowLeft: -1, ArrowRight: 1 };
  var ENDS = { Home: "first", End: "last" };
  var TURNS = { PageUp: "prevTurn", PageDown: "nextTurn" };
  var queue = []; // what the keys asked for, oldest first: {by: n}, {to: step} or {turn: "prevTurn"|"nextTurn"}
  var wanted = null; // the step asked for so far (null: the frame shown)
  var loading = false;

  function frame() { return document.getElementById("frame"); }
  function number(name) { return parseInt(frame().dataset[name], 10); }
  function clamp(step) { return Math.max(0, Math.min(number("last"), step)); }
  function urlOf(step) {
    var url = new URL(window.location.href);
    url.searchParams.set("step", String(step));
    return url.pathname + url.search;
  }

  function load(step) {
    loading = true;
    window.htmx.ajax("GET", urlOf(step), { target: "#frame", swap: "outerHTML" });
  }

  // Takes what it can from the queue without the server, and loads a frame when it needs one.
  function pump() {
    if (loading || !frame()) return;
    var shown = number("step");
    if (wanted === null) wanted = shown;
    while (queue.length) {
      var next = queue[0];
      if (next.turn) {
        if (wanted !== shown) break; // the turn is counted from the frame wanted: load it first
        wanted = number(next.turn);
      } else if (next.to !== undefined) {
        wanted = clamp(next.to);
      } else {
        wanted = clamp(wanted + next.by);
      }
      queue.shift();
    }
    if (wanted !== shown) load(wanted);
    else if (!queue.length) wanted = null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    var asked = null;
    if (BY[key] && event.shiftKey) asked = { turn: BY[key] < 0 ? "prevTurn" : "nextTurn" };
    else if (BY[key]) asked = { by: BY[key] };
    else if (TURNS[key]) asked = { turn: TURNS[key] };
    else if (ENDS[key]) asked = { to: key === "Home" ? 0 : Infinity };
    if (!asked || !frame() || !window.htmx) return;
    var target = event.target;
    // The slider and text fields keep their own keys.
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    if (asked.to === Infinity) asked.to = number("last");
    queue.push(asked);
    pump();
  });

  document.addEventListener("htmx:afterSettle", function () {
    var current = frame();
    var slider = document.getElementById("step");
    if (!current) return;
    if (loading) {
      loading = false;
      // One history entry, not one per key: the address says the step shown, as the links' pushes do.
      window.history.replaceState(window.history.state, "", urlOf(current.dataset.step));
    } else {
      wanted = null; // a link or the slider moved the frame: the keys start from there
      queue = [];
    }
    if (slider && current.dataset.step && document.activeElement !== slider) {
      slider.value = current.dataset.step;
      slider.setAttribute("aria-valuetext", current.dataset.valuetext || "");
    }
    pump();
  });

  // A frame that failed to load: drop what was asked, so the keys work from the frame shown again.
  ["htmx:responseError", "htmx:sendError"].forEach(function (name) {
    document.addEventListener(name, function () {
      loading = false;
      wanted = null;
      queue = [];
    });
  });
})();
