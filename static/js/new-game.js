// The create-game form: the clock's fields show only for the kind of clock chosen (NewGameForm's
// CLOCK_FIELD_MODES, carried by data-clock-modes), and with bots for opponents the Ratings choice is
// disabled beside its note: a game with bots is never rated (docs/ratings.md). Without this script every
// field stays shown and enabled, and the server's answer says a game with bots is unrated.
(function () {
  "use strict";
  function apply(form) {
    var chosen = form.querySelector('input[name="clock_mode"]:checked');
    var mode = chosen ? chosen.value : "";
    form.querySelectorAll("[data-clock-modes]").forEach(function (field) {
      field.hidden = mode !== "" && field.dataset.clockModes.split(" ").indexOf(mode) === -1;
    });
    var opponents = form.querySelector('input[name="opponents"]:checked');
    var bots = !!opponents && opponents.value !== "people";
    form.querySelectorAll('input[name="rated"]').forEach(function (box) { box.disabled = bots; });
    var note = form.querySelector("#rated-bots-note");
    if (note) note.hidden = !bots;
  }
  function applyAll() {
    document.querySelectorAll("form#new-form").forEach(apply);
  }
  document.addEventListener("change", function (event) {
    var name = event.target.name;
    if ((name === "clock_mode" || name === "opponents") && event.target.form) apply(event.target.form);
  });
  document.addEventListener("htmx:afterSettle", applyAll); // the form comes back with its errors
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", applyAll);
  else applyAll();
})();
