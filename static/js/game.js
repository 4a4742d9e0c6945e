// The game page, every kind's: small progressive enhancement over plain links and forms (everything works
// without this file). 1. The command box's version follows the live region, so a typed command is checked
// against what you see, and the box empties once its command is played. 2. What arrived with a poll is lit for a moment in the log. 3. After a swap, focus
// goes where the new content asks (data-autofocus) so keyboard users keep their place. 4. A kind's standing
// orders form, outside the live region, learns what an htmx save made of it (its drawn_ values). 5. What is
// being written inside the live region (a kind's forms marked data-keep) survives its redraw.
// A kind's own script (Kind.scripts, docs/architecture.md) follows the live region through two events on
// document: "game:before-swap" just before htmx redraws part of the page (the chat and the pulse aside),
// and "game:swapped" once it has settled, with detail.root (the live region, or null) and detail.fromPoll
// (a redraw for others' moves, which must never move the reader's focus).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function announce(name, detail) {
    document.dispatchEvent(new CustomEvent(name, { detail: detail }));
  }

  function afterSwap(root) {
    var live = document.getElementById("live");
    var version = document.getElementById("command-version");
    if (live && version && live.dataset.version) version.value = live.dataset.version;
    announce("game:swapped", { root: root || null, fromPoll: false });
    var focus = root && root.querySelector && root.querySelector("[data-autofocus]");
    if (focus && root.id === "live" && document.activeElement === document.body) focus.focus();
  }

  // What arrived with a poll is lit for a moment in the log, so a reader sees what just happened.
  var lastSeq = 0;
  function newestSeq() {
    var first = document.querySelector("#log .entry[data-seq]");
    return first ? parseInt(first.dataset.seq, 10) || 0 : 0;
  }
  // A kind's form inside the live region (marked data-keep, with ids) is redrawn by every poll, as often
  // as others move: without this it would close and drop what is half written. The command box and the
  // orders forms are outside the region; these are not, so that their choices (the seats one may offer to,
  // the game's version) are always what is legal now. So, as board.js keeps the board's scroll: before a
  // swap, note which kept <details> are open, the controls the player changed (only those: a choice the
  // server drew anew, or one no longer offered, is left as drawn), and where the caret was; after it, put
  // them back. A form whose own post was just played starts empty, as the command box does.
  var kept = null;
  function changed(control) {
    if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
    if (control.tagName === "SELECT") {
      return [].some.call(control.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    return control.value !== control.defaultValue;
  }
  function noteKept(live, event) {
    var sent = requester(event);
    var form = sent && sent.closest ? sent.closest("form") : null;
    var xhr = event.detail.xhr;
    kept = { open: {}, values: {}, focus: null,
             sent: form && xhr && xhr.status < 300 ? form : null };
    if (!live) return;
    live.querySelectorAll("details[data-keep][id]").forEach(function (d) { kept.open[d.id] = d.open; });
    live.querySelectorAll("[data-keep] [id]").forEach(function (control) {
      if (!/^(INPUT|SELECT|TEXTAREA)$/.test(control.tagName) || control.type === "hidden") return;
      if (!changed(control)) return;
      kept.values[control.id] = { value: control.value, checked: control.checked,
                                  sent: !!kept.sent && control.form === kept.sent };
    });
    var active = document.activeElement;
    if (active && active.id && live.contains(active) && active.closest("[data-keep]")) {
      var caret = null;
      try { caret = [active.selectionStart, active.selectionEnd]; } catch (e) { caret = null; }
      kept.focus = { id: active.id, caret: caret };
    }
  }
  function putBack() {
    var live = document.getElementById("live");
    var note = kept;
    kept = null;
    if (!note || !live) return;
    // A played form's post: refused (an error notice) keeps what was typed, to fix it.
    var played = !!note.sent && !live.querySelector(".notice.error");
    Object.keys(note.open).forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.tagName === "DETAILS" && live.contains(d)) d.open = note.open[id];
    });
    Object.keys(note.values).forEach(function (id) {
      var control = document.getElementById(id);
      var was = note.values[id];
      if (!control || !live.contains(control) || (was.sent && played)) return;
      if (control.type === "checkbox" || control.type === "radio") control.checked = was.checked;
      else if (control.tagName !== "SELECT" || [].some.call(control.options, function (o) { return o.value === was.value; })) {
        control.value = was.value;
      }
    });
    var focus = note.focus && document.getElementById(note.focus.id);
    if (focus && live.contains(focus) && (document.activeElement === focus || document.activeElement === document.body)) {
      if (document.activeElement !== focus) focus.focus({ preventScroll: true });
      if (note.focus.caret && note.focus.caret[0] !== null) {
        try { focus.setSelectionRange(note.focus.caret[0], note.focus.caret[1]); } catch (e) { /* not a text box */ }
      }
    }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (ownSwap(event)) return;
    announce("game:before-swap", {});
    lastSeq = newestSeq();
    noteKept(document.getElementById("live"), event);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (ownSwap(event)) return;
    putBack();
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
  // The command box keeps what was typed while it is refused (to fix it) and is cleared once it is played:
  // a sent command left in the box is too easily sent twice. A partial play ("stopped") is a refusal too.
  function clearSentCommand(event) {
    var elt = requester(event);
    var box = elt && elt.closest && elt.closest("#command-box");
    var xhr = event.detail.xhr;
    if (!box || !xhr || xhr.status >= 300) return;
    var live = document.getElementById("live");
    if (live && live.querySelector(".notice.error")) return;
    var text = box.querySelector("textarea");
    if (text) text.value = "";
  }

  // A standing orders form (a kind's extras template) is outside the live region, so a save through htmx
  // does not redraw it. Each control has a hidden twin, drawn_<name> (templates/games/_drawn.html), with the
  // value the page drew it with: the server plays only the controls that differ from their twin
  // (games/kinds/protocol.py, changed_in_form), so one left alone does not undo an order typed meanwhile.
  // Once a save has been played, its values are what the form now stands for: copy them into the twins.
  // A refusal (4xx: nothing was played, not even the other changed orders) keeps the twins as they are.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail && event.detail.elt;
    var xhr = event.detail && event.detail.xhr;
    if (!form || form.tagName !== "FORM" || !xhr || xhr.status < 200 || xhr.status >= 300) return;
    form.querySelectorAll("input[type=hidden][name^='drawn_']").forEach(function (twin) {
      var control = form.elements[twin.name.slice("drawn_".length)];
      if (control) twin.value = control.value;
    });
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (ownSwap(event)) return;
    var elt = requester(event);
    var fromPoll = !!(elt && elt.classList && elt.classList.contains("poller"));
    var live = document.getElementById("live");
    if (fromPoll) {
      announce("game:swapped", { root: live, fromPoll: true });
      markFresh();
      var version = document.getElementById("command-version");
      if (live && version) version.value = live.dataset.version;
      return;
    }
    clearSentCommand(event);
    afterSwap(live);
  });
})();
