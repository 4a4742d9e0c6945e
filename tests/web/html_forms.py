"""Submitting a rendered page's forms as a browser without JavaScript would: the clicked button's own form,
every field of that form with what the player typed into it (fields of other forms stay behind), and the
button's name and value. Tests of controls then exercise the HTML the player really gets, not a hand-made
POST that could hide a field travelling with the wrong button."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass
class Button:
    name: str
    value: str
    text: str = ""
    formaction: str | None = None
    formmethod: str | None = None


@dataclass
class Form:
    action: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)  # name, value (hidden and typed fields)
    buttons: list[Button] = field(default_factory=list)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._button: Button | None = None
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(a.get("action", ""), (a.get("method") or "get").lower())
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self._form.fields.append((a["name"], a.get("value", "")))
        elif tag == "textarea" and a.get("name"):
            self._form.fields.append((a["name"], ""))
        elif tag == "select" and a.get("name"):
            self._select, self._options = a["name"], []
        elif tag == "option" and self._select is not None:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "button" and a.get("type", "submit").lower() == "submit":
            self._button = Button(a.get("name", ""), a.get("value", ""), formaction=a.get("formaction"),
                                  formmethod=a.get("formmethod"))
            self._form.buttons.append(self._button)

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "button" and self._button is not None:
            self._button.text = " ".join(self._button.text.split())
            self._button = None
        elif tag == "select" and self._select is not None and self._form is not None:
            chosen = next((v for v, selected in self._options if selected), None)
            if chosen is None and self._options:
                chosen = self._options[0][0]
            if chosen is not None:
                self._form.fields.append((self._select, chosen))
            self._select = None


def forms_of(html: str) -> list[Form]:
    parser = _Parser()
    parser.feed(html)
    return parser.forms


def find_button(html: str, text: str) -> tuple[Form, Button]:
    """The one submit button whose visible text starts with `text` (whitespace collapsed)."""
    found = [(f, b) for f in forms_of(html) for b in f.buttons if b.text.startswith(text)]
    assert len(found) == 1, f"{len(found)} buttons read {text!r}: {[b.text for _, b in found]}"
    return found[0]


def click(client: Any, html: str, text: str, typed: dict[str, str] | None = None, **headers: str) -> Any:
    """Press the button reading `text` on the page `html`, after typing `typed` (field name: value) into
    the page's fields: only the fields of the button's own form are sent, as a browser sends them."""
    form, button = find_button(html, text)
    typed = typed or {}
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        data.setdefault(name, []).append(typed.get(name, value))
    if button.name:
        data.setdefault(button.name, []).append(button.value)
    action = button.formaction or form.action
    method = (button.formmethod or form.method).lower()
    send = client.post if method == "post" else client.get
    return send(action, data, headers=headers)
