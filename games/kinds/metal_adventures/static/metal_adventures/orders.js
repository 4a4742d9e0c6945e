// Metal Adventures' standing orders form (templates/games/kinds/metal_adventures/extras.html) sits outside
// the live region, so an htmx save does not redraw it. Each control has a hidden twin, drawn_<name>, with
// the value the page drew it with: the server plays only the orders whose controls differ from their twin
// (page.order_commands), so a control left alone does not undo an order typed meanwhile. Once a save has
// been played, its values are what the form now stands for: copy them into the twins.
(function () {
  "use strict";
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail && event.detail.elt;
    // A refusal (4xx: nothing was played, not even the other changed orders) keeps the twins as they are.
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    if (!form || form.id !== "ma-orders-form" || status < 200 || status >= 300) return;
    form.querySelectorAll("input[type=hidden][name^='drawn_']").forEach(function (twin) {
      var control = form.elements[twin.name.slice("drawn_".length)];
      if (control) twin.value = control.value;
    });
  });
})();
