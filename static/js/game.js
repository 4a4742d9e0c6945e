// MetalTalon game page: small progressive enhancement over plain links and forms (everything works
// without this file). 1. Board clicks: the SVG's <a> links become htmx requests (a move or a shot is
// posted at once instead of going through the confirmation page). 2. The launch builder previews the ship
// as you type, from the list of launches the server says are legal. 3. After a swap, focus goes where
// the new content asks (data-autofocus) so keyboard users keep their place.
(function () {
  "use strict";
  document.documentElement.classList.add("js");  // the launch preview runs here, so its button hides

  function csrfHeaders() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    } catch (e) {
      return {};
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#board a");
    if (!link || !window.htmx || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var href = link.getAttribute("href") || link.getAttribute("xlink:href");
    if (!href) return;
    var url = new URL(href, window.location.href);
    var command = url.searchParams.get("command");
    event.preventDefault();
    if (command) {
      htmx.ajax("POST", url.pathname, {
        target: "#live", swap: "outerHTML", headers: csrfHeaders(),
        values: { command: command, expected_version: url.searchParams.get("v") || "" }
      });
    } else {
      htmx.ajax("GET", url.pathname + url.search, { target: "#live", swap: "outerHTML" });
    }
  });

  function piecesOf(form) {
    return ["n1", "n5", "n10"].map(function (name) {
      var input = form.querySelector('[name="' + name + '"]');
      var n = parseInt(input && input.value, 10);
      return isNaN(n) || n < 0 ? 0 : n;
    });
  }

  function updateLaunch(form) {
    var out = form.querySelector(".launch-preview");
    var button = form.querySelector(".launch-btn");
    if (!out || !button) return;
    var p = piecesOf(form);
    var legal = (form.dataset.launches || "").split(";");
    var key = p.join(",");
    var value = p[0] + 5 * p[1] + 10 * p[2];
    var reserve = parseInt(form.dataset.reserve, 10) || 0;
    if (value === 0) {
      out.textContent = "Choose the pieces; the ship starts on your home base.";
      button.disabled = true;
      return;
    }
    var moves = form.dataset.zoomers ? Math.ceil(1.5 * p[0]) : p[0];
    if (legal.indexOf(key) === -1) {
      out.textContent = "Worth " + value + (value > reserve ? ": more than your reserve of " + reserve + "."
        : ": not a legal launch (a big coin ship needs a dime).");
      button.disabled = true;
      return;
    }
    var wild = form.dataset.wild && p[2] ? ", " + p[2] + " dimes that may move or fire" : "";
    out.textContent = "Worth " + value + " of " + reserve + ": " + moves + " moves, " + p[1] + " shots, " +
      p[2] + " shields" + wild + ".";
    button.disabled = false;
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest(".launch-builder");
    if (form) updateLaunch(form);
  });

  function afterSwap(root) {
    var live = document.getElementById("live");
    var version = document.getElementById("command-version");
    if (live && version && live.dataset.version) version.value = live.dataset.version;
    (root || document).querySelectorAll(".launch-builder").forEach(updateLaunch);
    var chosen = document.querySelector("#board .mark-selected");
    if (chosen && chosen.scrollIntoView) chosen.scrollIntoView({ block: "nearest", inline: "center" });
    else centreBoard();
    var focus = root && root.querySelector && root.querySelector("[data-autofocus]");
    if (focus && root.id === "live" && document.activeElement === document.body) focus.focus();
  }

  // On a phone the board is wider than the screen: start it centred, and keep where the reader had
  // scrolled it when a poll redraws it.
  var boardScroll = null;
  function centreBoard() {
    var board = document.getElementById("board");
    if (board && board.scrollWidth > board.clientWidth) {
      board.scrollLeft = boardScroll !== null ? boardScroll : (board.scrollWidth - board.clientWidth) / 2;
    }
  }
  // What arrived with a poll is lit for a moment in the log, so a reader sees what just happened.
  var lastSeq = 0;
  function newestSeq() {
    var first = document.querySelector("#log .entry[data-seq]");
    return first ? parseInt(first.dataset.seq, 10) || 0 : 0;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (ownSwap(event)) return;
    var board = document.getElementById("board");
    boardScroll = board && board.scrollWidth > board.clientWidth ? board.scrollLeft : null;
    lastSeq = newestSeq();
  });
  function markFresh() {
    if (!lastSeq) return;
    document.querySelectorAll("#log .entry[data-seq]").forEach(function (li) {
      if ((parseInt(li.dataset.seq, 10) || 0) > lastSeq) li.classList.add("fresh");
    });
  }

  // Polls refresh the page for others' moves: they must never move the reader's focus. Which element asked
  // is read from each response, not from a flag: the pulse, the chat and the poll overlap.
  function requester(event) {
    var config = event.detail.requestConfig;
    return config && config.elt;
  }
  // The chat and the pulse swap their own small parts (the target may be detached by then: its id says).
  function ownSwap(event) {
    var target = event.detail.target;
    return !!target && (/^(chat|chat-messages|pulse)$/.test(target.id) || !!(target.closest && target.closest("#chat")));
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    if (ownSwap(event)) return;
    var elt = requester(event);
    var fromPoll = !!(elt && elt.classList && elt.classList.contains("poller"));
    var live = document.getElementById("live");
    if (fromPoll) {
      centreBoard();
      markFresh();
      var version = document.getElementById("command-version");
      if (live && version) version.value = live.dataset.version;
      (live || document).querySelectorAll(".launch-builder").forEach(updateLaunch);
      return;
    }
    afterSwap(live);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".launch-builder").forEach(updateLaunch);
    var chosen = document.querySelector("#board .mark-selected");
    if (chosen && chosen.scrollIntoView) chosen.scrollIntoView({ block: "nearest", inline: "center" });
    else centreBoard();
  });
})();
