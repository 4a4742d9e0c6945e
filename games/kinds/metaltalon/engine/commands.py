"""The text command language: parse player text into Command objects with one canonical spelling."""

import re
from collections.abc import Callable
from dataclasses import dataclass

from .errors import IllegalCommand
from .pieces import Pieces, format_pieces

MAX_TEXT = 5000
MAX_COMMANDS = 40
VERBS = ("move", "fire", "launch", "split", "end", "keep", "redraw", "reroll", "accept", "resign", "order")
ORDER_NAMES = ("damage", "adapt", "murphy", "clover")
# Commands any seat still in may give whoever's turn it is (docs/rules.md: standing orders in "Rerolls:
# Murphys and Clovers", resigning in "Out of the game, and winning"): they never end what the game waits for.
ANYTIME_VERBS = ("order", "resign")
_SIMPLE = {"end", "keep", "redraw", "reroll", "accept", "resign"}
_PIECE = re.compile(r"(\d{0,3})([a-z])")


@dataclass(frozen=True, slots=True)
class Command:
    verb: str
    cells: tuple[str, ...] = ()
    pieces: Pieces | None = None
    name: str = ""  # order name
    value: str = ""  # order value
    base: bool = False  # fire: at the base's reserve even when a ship stands on it
    number: int = 0  # fire: the target's position among the ships on its space (1, 2, ...); 0 = not said

    def canonical(self, letters: tuple[str, str, str]) -> str:
        if self.verb == "move":
            return f"move {self.cells[0]} {self.cells[-1]}"
        if self.verb == "fire":
            # Without the state this keeps a number as said; legal.canonical drops one that names the
            # ship the bare form names.
            extra = " base" if self.base else f" {self.number}" if self.number else ""
            return f"fire {self.cells[0]} {self.cells[1]}{extra}"
        if self.verb in ("launch", "split"):
            assert self.pieces is not None  # the parser gives both their pieces
            stack = format_pieces(self.pieces, letters)
            return (
                f"launch {stack}"
                if self.verb == "launch"
                else f"split {self.cells[0]} {self.cells[1]} {stack}"
            )
        if self.verb == "order":
            return f"order {self.name} {self.value}"
        return self.verb


def _show(word: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in word[:20])
    return shown + ("..." if len(word) > 20 else "")


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def split_commands(text: str) -> list[str]:
    if not isinstance(text, str):
        raise IllegalCommand("Commands are text, e.g. 'move D7 F8'")
    if len(text) > MAX_TEXT:
        raise IllegalCommand(f"That is {len(text)} characters; send at most {MAX_TEXT} at once")
    parts = [p.strip() for p in re.split(r"[;\n\r]+", text)]
    parts = [p for p in parts if p]
    if not parts:
        raise IllegalCommand("No command given: try move, fire, launch, end ... or help")
    if len(parts) > MAX_COMMANDS:
        raise IllegalCommand(f"That is {len(parts)} commands; send at most {MAX_COMMANDS} at once")
    return parts


class Parser:
    def __init__(
        self,
        normalize: Callable[[str], str | None],
        letters: tuple[str, str, str],
        piece_names: tuple[str, str, str],
    ) -> None:
        self.normalize = normalize
        self.letters = letters
        self.piece_names = piece_names

    def parse(self, text: str) -> list[Command]:
        return [self.parse_one(part) for part in split_commands(text)]

    def parse_one(self, text: str) -> Command:
        words = text.lower().split()
        verb, args = words[0], words[1:]
        if verb not in VERBS:
            raise IllegalCommand(
                f"Unknown command '{_show(verb)}': try move, fire, launch, split, end, keep, redraw, "
                "reroll, accept, resign, order, or help"
            )
        if verb in _SIMPLE:
            if args:
                raise IllegalCommand(f"'{verb}' takes nothing after it")
            return Command(verb)
        handler: Callable[[list[str]], Command] = getattr(self, "_" + verb)
        return handler(args)

    def cell(self, word: str) -> str:
        cell = self.normalize(word)
        if cell is None:
            raise IllegalCommand(f"There is no space '{_show(word)}' on this board (spaces look like D7)")
        return cell

    def pieces(self, words: list[str]) -> Pieces:
        joined = "".join(words)
        usage = ", ".join(f"{letter} ({self.piece_names[i]})" for i, letter in enumerate(self.letters))
        example = f"3{self.letters[0]} 1{self.letters[1]}"
        if not joined or not re.fullmatch(r"(?:\d{0,3}[a-z])+", joined):
            raise IllegalCommand(f"Say the pieces as counts and letters, e.g. {example}: {usage}")
        counts = [0, 0, 0]
        for digits, letter in _PIECE.findall(joined):
            if letter not in self.letters:
                raise IllegalCommand(f"'{letter}' is not a piece here; pieces are {usage}, e.g. {example}")
            counts[self.letters.index(letter)] += int(digits) if digits else 1
        return (counts[0], counts[1], counts[2])

    def _move(self, args: list[str]) -> Command:
        cells = tuple(self.cell(w) for w in args if w != "to")
        if len(cells) < 2:
            raise IllegalCommand("Say where from and where to, e.g. move D7 F8")
        return Command("move", cells=cells)

    def _fire(self, args: list[str]) -> Command:
        words = [w for w in args if w != "at"]
        usage = "e.g. fire D7 F9 (fire D7 F9 2: ship 2 on F9; fire D7 F9 base: the home base on F9)"
        if len(words) < 2:
            raise IllegalCommand(f"Say the shooter and the target, {usage}")
        src, dst = self.cell(words[0]), self.cell(words[1])
        extra = words[2:]
        numbers = [w for w in extra if _is_number(w)]
        if "base" in extra and numbers:
            raise IllegalCommand(
                f"Say a ship number or base, not both: fire {src} {dst} {numbers[0]} fires at that ship, "
                f"fire {src} {dst} base at the home base"
            )
        if len(extra) > 1 or (extra and extra[0] != "base" and not numbers):
            raise IllegalCommand(f"Say the shooter and the target, {usage}")
        digits = numbers[0].lstrip("0") if numbers else ""  # pragma: no mutate (only digits to strip)
        number = int(digits) if digits and len(digits) <= 2 else 0
        if numbers and not number:
            raise IllegalCommand(
                f"Ships sharing a space are numbered 1, 2, 3 ... as the board lists them: "
                f"say e.g. fire {src} {dst} 2"
            )
        return Command("fire", cells=(src, dst), base=extra == ["base"], number=number)

    def _launch(self, args: list[str]) -> Command:
        return Command("launch", pieces=self.pieces(args))

    def _split(self, args: list[str]) -> Command:
        if len(args) < 3:
            raise IllegalCommand(
                f"Say the ship, the space beside it and the new stack, e.g. split D7 E8 "
                f"2{self.letters[0]} 1{self.letters[1]}"
            )
        return Command("split", cells=(self.cell(args[0]), self.cell(args[1])), pieces=self.pieces(args[2:]))

    def _order(self, args: list[str]) -> Command:
        if len(args) != 2 or args[0] not in ORDER_NAMES:
            raise IllegalCommand(
                "Standing orders: order damage <letters>, order adapt <letters|same|off>, "
                "order murphy <N|off>, order clover <N|off>"
            )
        name, raw = args
        if name in ("damage", "adapt"):
            return Command("order", name=name, value=self._priority(name, raw))
        if raw == "off":
            return Command("order", name=name, value="off")
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 2:
            raise IllegalCommand(f"order {name} takes a die number or off, e.g. order {name} 5")
        return Command("order", name=name, value=str(int(raw)))

    def _priority(self, name: str, raw: str) -> str:
        if name == "adapt" and raw in ("off", "same"):
            return raw
        default = self.letters[::-1]
        if not raw or any(ch not in self.letters for ch in raw) or len(set(raw)) != len(raw):
            raise IllegalCommand(
                f"order {name} takes the pieces to keep first, e.g. order {name} {''.join(default)}"
            )
        return raw + "".join(ch for ch in default if ch not in raw)
