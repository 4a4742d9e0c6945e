"""A standing order in plain words, for the page beside the order's own text (page.py): the lines are what
`orders` lists (orders.py, Orders.lines), their words are rules.md's ("Standing orders"). A line these
words cannot read is shown as it is (None here)."""

from __future__ import annotations

import re

from .cards import CARDS

SOURCES = {"discard": "your discard pile", "draw": "your draw pile", "hand": "your hand",
           "reserve": "your reserve", "play": "your cards in play"}
# `{who}` is the acting player: another player, or the one a `by` filter names.
TRIGGERS = {"start": "at the start of a turn", "end": "at the end of a turn",
            "draw": "when {who} is about to draw", "move": "when {who} moves a card",
            "attack": "in any battle", "defend": "when you defend", "attacking": "when you attack",
            "ability": "when {what} is about to resolve"}
FILTERS = ("by", "against", "of", "in", "target", "if", "ask")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _player(word: str) -> str:
    return "you" if word == "me" else word


def _pay(words: list[str]) -> str | None:
    if not words or any(w not in SOURCES for w in words):
        return None
    first, *rest = (SOURCES[w] for w in words)
    return "Damage you owe is paid from " + first + ("" if not rest else ", then " + ", ".join(rest)) + "."


def _keep(words: list[str]) -> str | None:
    if words == ["none"]:
        return "Paying by your orders may spend any card of your hand."
    if not words or any(w not in CARDS for w in words):
        return None
    return (f"Paying by your orders leaves {_listed([CARDS[w].name for w in words])} in your hand while "
            "anything else can pay.")


def _use(words: list[str]) -> str | None:
    """`use <card> [<ability>] on <trigger> [filters] [if <condition>] [ask]`."""
    if len(words) < 3 or words[0] not in CARDS or "on" not in words:
        return None
    on = words.index("on")
    data = CARDS[words[0]]
    what = data.name if on == 1 else f"{data.name}'s {' '.join(words[1:on])}"
    rest = words[on + 1:]
    if not rest or rest[0] not in TRIGGERS:
        return None
    trigger = rest[0]
    who, named = "another player", ""
    parts = [f"Use {what}"]
    i = 1
    if trigger == "ability" and i < len(rest) and rest[i] not in FILTERS:
        named = CARDS[rest[i]].name if rest[i] in CARDS else rest[i]
        i += 1
    if "by" in rest[i:-1] and trigger in ("draw", "move", "ability"):
        who = _player(rest[rest.index("by", i) + 1])
    owner = {"another player": "", "you": "your "}.get(who, f"{who}'s ")
    resolving = owner + (named or ("ability or event" if owner else "an ability or event"))
    parts.append(TRIGGERS[trigger].format(who=who, what=resolving))
    while i < len(rest):
        word = rest[i]
        after = rest[i + 1] if i + 1 < len(rest) else ""
        if word == "by" and after and trigger in ("draw", "move", "ability"):
            i += 2  # said in the trigger's words
        elif word in ("by", "against", "of") and after:
            parts.append(f"{word} {_player(after)}")
            i += 2
        elif word == "in" and after:
            parts.append(f"in your column {after}")
            i += 2
        elif word == "target" and after in CARDS:
            parts.append(f"when the attacked card is {CARDS[after].name}")
            i += 2
        elif word == "if" and after == "target" and i + 2 < len(rest) and rest[i + 2] in CARDS:
            parts.append(f"when the attacked card is {CARDS[rest[i + 2]].name}")
            i += 3
        elif word == "if" and after in ("behind", "ahead"):
            counted = i + 2 < len(rest) and rest[i + 2].isdigit()
            parts.append(f"if {after} by {rest[i + 2] if counted else 1} or more")
            i += 3 if counted else 2
        elif word == "ask":
            parts.append("(you are asked first when the game has timed windows)")
            i += 1
        else:
            return None
    return " ".join(parts) + "."


def order_words(line: str) -> str | None:
    """One line of the `orders` listing ("4  order use trapdoor boost on defend", maybe "(off)" or a second
    command after `;`) in plain words."""
    text = re.sub(r"^\d+\s+", "", line.strip())
    off = text.endswith("(off)")
    text = text.removesuffix("(off)").strip()
    sentences = []
    for command in (c.strip() for c in text.split(";")):
        words = command.split()
        if words[:1] != ["order"] or len(words) < 2:
            return None
        verb, rest = words[1], words[2:]
        if verb == "pay" and rest == ["ask"]:
            said: str | None = "You are asked how to pay damage."
        elif verb == "pay":
            said = _pay(rest)
        elif verb == "keep":
            said = _keep(rest)
        elif verb == "grid" and rest in (["auto"], ["ask"]):
            said = ("After a battle your grid is put back in shape for you." if rest == ["auto"] else
                    "After a battle you are asked how to put your grid back in shape.")
        elif verb == "window" and rest == ["ask"]:
            said = "You are asked in every timed window the game opens."
        elif verb == "use":
            said = _use(rest)
        else:
            said = None
        if said is None:
            return None
        sentences.append(said)
    return " ".join(sentences) + (" (Switched off.)" if off else "")
