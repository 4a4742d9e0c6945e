// The create-game form: the clock's fields show only for the kind of clock chosen (NewGameForm's
// CLOCK_FIELD_MODES, carried by data-clock-modes). Without this script every field stays shown.
(function () {
  "use strict";
  function apply(form) {
    var chosen = form.querySelector('input[name="clock_mode"]:checked');
    var mode = chosen ? chosen.value : "";
    form.querySelectorAll("[data-clock-modes]").forEach(function (field) {
      field.hidden = mode !== "" && field.dataset.clockModes.split(" ").indexOf(mode) === -1;
    });
  }
  function applyAll() {
    document.querySelectorAll("form#new-form").forEach(apply);
  }
  document.addEventListener("change", function (event) {
    if (event.target.name === "clock_mode" && event.target.form) apply(event.target.form);
  });
  document.addEventListener("htmx:afterSettle", applyAll); // the form comes back with its errors
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", applyAll);
  else applyAll();
})();
