// Push (games/push/, docs/architecture.md "Following a game live: push"): the game page holds one
// connection (the htmx ws extension, static/vendor/htmx-ext-ws.min.js, opens it and reopens it after a
// drop) and is told of a move or a chat message the moment it is committed. On opening, the page says what
// it shows (the board's version, the chat's token), and the server catches it up at once. A message swaps
// in #push-news (the move in words for this reader), #push-chat (the chat's token) or #push-reply (a
// command's outcome); this file then fires the events the page already listens for ("game-moved": the
// live region fetches itself; "chat-changed": the chat list does), as the pulse does. While the
// connection is open the pulse is quiet; while it is down the pulse carries on (static/js/pulse.js).
// A typed command goes over the connection when it is open, else as the form's own post.
(function () {
  "use strict";
  var socket = null;
  var MAX_COMMAND = 19000;  // characters: the message around it stays under MAX_MESSAGE (games/push/consumer.py)

  function shown() {
    var live = document.getElementById("live");
    return live ? live.dataset.version || "" : "";
  }
  function chatShown() {
    var chat = document.getElementById("chat-messages");
    return chat ? chat.dataset.chat || "" : "";
  }
  function visible() {
    return document.visibilityState === "visible";
  }
  function send(message) {
    if (socket) socket.send(JSON.stringify(message));
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    send({type: "hello", version: shown(), chat: chatShown(), visible: visible()});
    document.body.dataset.push = "open";
  });
  document.addEventListener("htmx:wsClose", function () {
    socket = null;
    delete document.body.dataset.push;
  });
  document.addEventListener("visibilitychange", function () {
    send({type: "visible", visible: visible()});
  });

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.target;
    if (!socket || !elt) return;
    if (elt.id === "pulse") {
      event.preventDefault();  // push is open: nothing to ask
    } else if (elt.matches && elt.matches("form[data-push-command]") &&
               elt.elements.command.value.length <= MAX_COMMAND) {
      // Longer: posted as the form, whose answer says in words what is too long (the push server reads no
      // message over games/push/consumer.py's MAX_MESSAGE, and uvicorn closes on one over 64 KB).
      event.preventDefault();
      send({type: "command", command: elt.elements.command.value,
            expected_version: elt.elements.expected_version.value});
    }
  });

  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var message = event.detail.message || "";
    if (message.indexOf('id="push-news"') >= 0) {
      var news = document.getElementById("push-news");
      if (news && news.dataset.gone) {
        window.location.reload();
      } else if (news && news.dataset.version && news.dataset.version !== shown()) {
        htmx.trigger(document.body, "game-moved", {version: news.dataset.version});
      }
    }
    if (message.indexOf('id="push-chat"') >= 0) {
      var chat = document.getElementById("push-chat");
      if (chat && chat.dataset.chat !== chatShown()) htmx.trigger(document.body, "chat-changed");
    }
    if (message.indexOf('id="push-reply"') >= 0) {
      var reply = document.getElementById("push-reply");
      var box = document.getElementById("command-text");
      if (reply && reply.dataset.ok === "1" && box) box.value = "";
    }
  });
})();
