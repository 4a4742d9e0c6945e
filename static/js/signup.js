// Sign-up: the hidden time zone field takes the browser's zone (accounts/forms.py checks it against
// zoneinfo; without this script, or in a browser that cannot say, the account starts on UTC).
(function () {
  "use strict";
  function fill() {
    var field = document.querySelector("input[data-browser-time-zone]");
    if (!field || field.value) return;
    try {
      var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) field.value = zone;
    } catch (e) { /* no Intl: UTC */ }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
  else fill();
})();
