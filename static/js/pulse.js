// The pulse (games/pulse.py, games/views/follow.py): every second while the tab is visible the game page
// asks whether the game or its chat changed. It sends what it shows, read from the page as it is now: the
// board's version (#live) and the chat's token (#chat-messages), so a move or a message of the reader's
// own, already on the page, costs nothing more. The answer's events ("game-moved", "chat-changed") make
// the board's poller and the chat list fetch what changed. Without this file there is no pulse: the page
// is current as loaded, and a reload brings what is new.
(function () {
  "use strict";
  // A hidden tab does not pulse (its player counts as away: docs/architecture.md). Here, not as an hx-trigger
  // filter: htmx evaluates those as script, which the site's Content-Security-Policy forbids.
  document.addEventListener("htmx:confirm", function (event) {
    if (event.target && event.target.id === "pulse" && document.visibilityState !== "visible") {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:configRequest", function (event) {
    if (!event.detail.elt || event.detail.elt.id !== "pulse") return;
    var live = document.getElementById("live");
    var chat = document.getElementById("chat-messages");
    if (live) event.detail.parameters.v = live.dataset.version || "";
    if (chat) event.detail.parameters.c = chat.dataset.chat || "";
  });
})();
