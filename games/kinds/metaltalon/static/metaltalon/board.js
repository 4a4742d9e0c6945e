// MetalTalon's page script (the kind's `scripts`, loaded after static/js/game.js): small progressive
// enhancement over plain links and forms (everything works without this file). 1. Board clicks: the SVG's
// <a> links become htmx requests (a move or a shot is posted at once instead of going through the
// confirmation page). 2. The launch builder previews the ship as you type, from the list of launches the
// server says are legal. 3. The board keeps the selected ship, or where the reader had scrolled it, in view
// (and when its size changes). 4. A click that does nothing asks the page why; the selection stays in the URL.
// It follows the live region through game.js's "game:before-swap" and "game:swapped" events.
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

  // A click on a cell that is not a link does nothing by itself: on the player's turn the page says why
  // (page.py, _clicked: "Select one of your ships first", "That ship cannot reach P3: ...").
  function askWhy(event) {
    var board = document.getElementById("board");
    // A cell that is not a link is a <g id="cell-O9"> of the board's cells layer (board_svg.py).
    var cell = event.target.closest && event.target.closest("#board .cells > g");
    if (!board || !cell || !board.dataset.ask || !window.htmx) return;
    var query = new URLSearchParams();
    if (board.dataset.selected) query.set("ship", board.dataset.selected);
    query.set("at", cell.id.replace(/^cell-/, ""));
    htmx.ajax("GET", board.dataset.ask + "?" + query.toString(), { target: "#live", swap: "outerHTML" });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#board a");
    if (!link && !event.ctrlKey && !event.metaKey && !event.shiftKey) askWhy(event);
    if (!link || !window.htmx || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var href = link.getAttribute("href") || link.getAttribute("xlink:href");
    if (!href) return;
    var url = new URL(href, window.location.href);
    var command = url.searchParams.get("command");
    event.preventDefault();
    if (command) {
      // Posted with the selected ship in the query, so a refusal keeps it selected (games/views/play.py).
      var board = document.getElementById("board");
      var ship = board && board.dataset.selected;
      htmx.ajax("POST", url.pathname + (ship ? "?ship=" + encodeURIComponent(ship) : ""), {
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

  // On a phone the board is wider than the screen: start it centred, and keep where the reader had
  // scrolled it when a poll redraws it.
  var boardScroll = null;
  var boardScrollTop = 0;
  function centreBoard() {
    var board = document.getElementById("board");
    if (board && board.scrollWidth > board.clientWidth) {
      board.scrollLeft = boardScroll !== null ? boardScroll : (board.scrollWidth - board.clientWidth) / 2;
    }
    if (board && board.scrollHeight > board.clientHeight && boardScroll !== null) board.scrollTop = boardScrollTop;
  }
  // A zoomed board (larger than its box) opens with the board's focus cell (page.py, _board_focus: the
  // selected ship, the acting ship, one's home base) in the middle of its box, as far as the board's
  // edges allow; only the box scrolls, never the page. Not zoomed: nothing to do.
  function showFocus() {
    var board = document.getElementById("board");
    if (!board || (board.scrollWidth <= board.clientWidth && board.scrollHeight <= board.clientHeight)) return;
    var cell = board.dataset.focus && document.getElementById("cell-" + board.dataset.focus);
    if (!cell) {
      board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
      board.scrollTop = (board.scrollHeight - board.clientHeight) / 2;
      return;
    }
    var box = board.getBoundingClientRect(), at = cell.getBoundingClientRect();
    board.scrollLeft += at.left + at.width / 2 - (box.left + board.clientLeft + board.clientWidth / 2);
    board.scrollTop += at.top + at.height / 2 - (box.top + board.clientTop + board.clientHeight / 2);
  }
  function showSelected() {
    var chosen = document.querySelector("#board .mark-selected");
    if (chosen && chosen.scrollIntoView) chosen.scrollIntoView({ block: "nearest", inline: "center" });
    else centreBoard();
  }

  document.addEventListener("game:before-swap", function () {
    var board = document.getElementById("board");
    boardScroll = board && board.scrollWidth > board.clientWidth ? board.scrollLeft : null;
    boardScrollTop = board ? board.scrollTop : 0;
  });
  // The selected ship lives in the address bar (?ship=O9), so a reload keeps it; a board click that only
  // asked (?at=) is not kept.
  function keepSelection() {
    var board = document.getElementById("board");
    if (!board || !window.history || !history.replaceState) return;
    var url = new URL(window.location.href);
    var before = url.search;
    if (board.dataset.selected) url.searchParams.set("ship", board.dataset.selected);
    else url.searchParams.delete("ship");
    url.searchParams.delete("at");
    if (url.search !== before) history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }

  document.addEventListener("game:swapped", function (event) {
    var detail = event.detail || {};
    keepSelection();
    if (detail.fromPoll) {
      centreBoard();
      (detail.root || document).querySelectorAll(".launch-builder").forEach(updateLaunch);
      return;
    }
    (detail.root || document).querySelectorAll(".launch-builder").forEach(updateLaunch);
    showSelected();
  });
  // A new board size (live.html's zoom buttons, read by CSS): open it on its focus cell.
  document.addEventListener("change", function (event) {
    if (!event.target || event.target.name !== "board-zoom") return;
    boardScroll = null;
    showFocus();
  });

  // A reload or Back may bring the zoom back checked (the browser restores the buttons): the board opens on
  // its focus cell then too, not on its top middle.
  document.addEventListener("DOMContentLoaded", function () {
    keepSelection();
    document.querySelectorAll(".launch-builder").forEach(updateLaunch);
    showSelected();
    showFocus();
  });
})();
