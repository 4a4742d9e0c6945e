"""The battle in progress (rules.md, "Battles"), as the state records it from its first command to its
settlement: the kind and target, the asks for allies and their answers, the sides, each participant's
declaration, the dice and the reaction pass, and the result. Frozen, JSON-safe."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .fields import maybe_flag, objects, only_keys, text, whole, wholes
from .records import Item, items_from

BATTLE_KINDS = ("space", "karokum", "planet", "challenge")

# An ask's answer.
UNANSWERED = ""
ACCEPT = "accept"
DECLINE = "decline"
COUNTER = "counter"
ANSWERS = (UNANSWERED, ACCEPT, DECLINE, COUNTER)

# The declaration steps of the phase battle.declare, in the order each kind of battle runs them.
ALLY_STEP = "ally"  # the sealed ally of a starship or planet battle (window)
ATTACKER_STEP = "attacker"  # the attacker, live
CHALLENGER_STEP = "challenger"  # the challenger, live
CHALLENGER_ALLIES_STEP = "challenger_allies"  # the challenger's allies (window)
CHALLENGED_STEP = "challenged_side"  # the challenged seat and its allies (window)
REACT_STEP = "react"  # battle.react: the active seat's reroll card, live
SMOKE_STEP = "smoke"  # battle.react: the active seat's Smoke Screen, live, once its side has lost
STEPS = ("", ALLY_STEP, ATTACKER_STEP, CHALLENGER_STEP, CHALLENGER_ALLIES_STEP, CHALLENGED_STEP, REACT_STEP,
         SMOKE_STEP)

ATTACK = "attack"  # the attacking side won (the attacker, or the challenger)
DEFEND = "defend"  # the defending side won (the starship or planet, or the challenged seat)


@dataclass(frozen=True)
class Ask:
    """A principal asks `seat` for help, offering `terms`. `round` is the principal's ask round (1 or 2)."""

    principal: int
    seat: int
    terms: tuple[Item, ...]
    round: int = 1
    answer: str = UNANSWERED
    counter: tuple[Item, ...] = ()  # the terms the asked seat asks for instead (answer COUNTER)

    def to_dict(self) -> dict[str, Any]:
        return {"principal": self.principal, "seat": self.seat, "terms": [i.to_dict() for i in self.terms],
                "round": self.round, "answer": self.answer, "counter": [i.to_dict() for i in self.counter]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ask:
        only_keys(data, ("principal", "seat", "terms", "round", "answer", "counter"), "an ask")
        return cls(principal=whole(data["principal"]), seat=whole(data["seat"]),
                   terms=items_from(data.get("terms", ()), "an ask's terms"),
                   round=whole(data.get("round", 1)),
                   answer=text(data.get("answer", UNANSWERED), "an ask's answer", ANSWERS),
                   counter=items_from(data.get("counter", ()), "an ask's counter"))


@dataclass(frozen=True)
class Declaration:
    """A participant's declaration before the roll: loyal or not (allies of a starship or planet battle),
    the Metal Faktor die, pre-roll cards played and reaction cards armed. None: not answered (yet). A
    declaration sent before its step opens is held, secret, and counts when the step opens; `done` once
    the seat's step has closed for it."""

    seat: int
    loyal: bool | None = None
    mf: bool | None = None
    play: tuple[str, ...] = ()  # pre-roll support cards (S02), taken from the seat's hand when played
    arm: tuple[str, ...] = ()  # reaction cards (S01, S03, S04) held ready for the reaction pass
    done: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "loyal": self.loyal, "mf": self.mf, "play": list(self.play),
                "arm": list(self.arm), "done": self.done}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Declaration:
        only_keys(data, ("seat", "loyal", "mf", "play", "arm", "done"), "a declaration")
        return cls(seat=whole(data["seat"]), loyal=maybe_flag(data.get("loyal")),
                   mf=maybe_flag(data.get("mf")),
                   play=tuple(text(c, "a played card") for c in data.get("play", ())),
                   arm=tuple(text(c, "an armed card") for c in data.get("arm", ())),
                   done=data.get("done", False) is True)


@dataclass(frozen=True)
class Battle:
    """The battle in progress. The attacking side: `attacker` (the active seat) and `allies`; the
    defending side: the target (a starship or planet), or the `challenged` seat and its `defenders`."""

    kind: str  # one of BATTLE_KINDS
    attacker: int  # the active seat: the attacker or challenger
    target: str = ""  # the starship's id (space once chosen, karokum) or the planet; "" otherwise
    challenged: int | None = None  # a challenge's challenged seat
    allies: tuple[int, ...] = ()  # sealed allies of the attacking side (at most one outside challenges)
    defenders: tuple[int, ...] = ()  # sealed allies of the challenged seat
    asks: tuple[Ask, ...] = ()  # every ask of this battle, in the order made
    ready: tuple[int, ...] = ()  # a challenge's principals done recruiting
    window: int = 0  # how many windows this battle has opened: keys the questions out of turn
    step: str = ""  # the declaration step (STEPS) in battle.declare; the live decision in battle.react
    declarations: tuple[Declaration, ...] = ()  # held and made declarations, by seat
    traitor: int | None = None  # the ally who declared betrayal
    debt: int = 0  # the attacker's Metal Faktor debt, subtracted from its side's score
    orange: int = 0  # the attacking side's battle die; 0 until rolled
    gray: int = 0  # the defending side's
    mf_rolls: tuple[tuple[int, int], ...] = ()  # (seat, face) for every declared MF die, in roll order
    rerolled: tuple[int, ...] = ()  # participants who used their one reroll card
    passed: tuple[int, ...] = ()  # participants whose place in the reaction pass is over
    smoke: tuple[int, ...] = ()  # participants spared the damage by a Smoke Screen
    winner: str = ""  # ATTACK or DEFEND once the result is fixed
    # (seat, main power) of every seat in the battle when the result was fixed: its score stays as it was
    # decided while the settlement's damage and spoils change the seats' power (fight.score_parts).
    powers: tuple[tuple[int, int], ...] = ()
    locked: tuple[str, ...] = ()  # cards named in terms against a Pirate Hunter: locked until the end
    taken: str = ""  # the challenger's spoils taken: "credits", "card" or "wrecks"

    def declaration(self, seat: int) -> Declaration | None:
        return next((d for d in self.declarations if d.seat == seat), None)

    def with_declaration(self, declaration: Declaration) -> Battle:
        others = tuple(d for d in self.declarations if d.seat != declaration.seat)
        return replace(self, declarations=(*others, declaration))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "attacker": self.attacker, "target": self.target,
                "challenged": self.challenged, "allies": list(self.allies), "defenders": list(self.defenders),
                "asks": [a.to_dict() for a in self.asks], "ready": list(self.ready), "window": self.window,
                "step": self.step, "declarations": [d.to_dict() for d in self.declarations],
                "traitor": self.traitor, "debt": self.debt, "orange": self.orange, "gray": self.gray,
                "mf_rolls": [[s, f] for s, f in self.mf_rolls], "rerolled": list(self.rerolled),
                "passed": list(self.passed), "smoke": list(self.smoke), "winner": self.winner,
                "powers": [[s, p] for s, p in self.powers], "locked": list(self.locked), "taken": self.taken}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Battle:
        only_keys(data, tuple(Battle(kind="space", attacker=0).to_dict()), "a battle")
        challenged, traitor = data.get("challenged"), data.get("traitor")
        return cls(
            kind=text(data["kind"], "a battle's kind", BATTLE_KINDS), attacker=whole(data["attacker"]),
            target=text(data.get("target", ""), "a battle's target"),
            challenged=None if challenged is None else whole(challenged),
            allies=wholes(data.get("allies", ())), defenders=wholes(data.get("defenders", ())),
            asks=tuple(Ask.from_dict(a) for a in objects(data.get("asks", ()), "a battle's asks")),
            ready=wholes(data.get("ready", ())), window=whole(data.get("window", 0)),
            step=text(data.get("step", ""), "a battle's step", STEPS),
            declarations=tuple(Declaration.from_dict(d)
                               for d in objects(data.get("declarations", ()), "a battle's declarations")),
            traitor=None if traitor is None else whole(traitor), debt=whole(data.get("debt", 0)),
            orange=whole(data.get("orange", 0)), gray=whole(data.get("gray", 0)),
            mf_rolls=tuple((whole(s), whole(f)) for s, f in data.get("mf_rolls", ())),
            rerolled=wholes(data.get("rerolled", ())), passed=wholes(data.get("passed", ())),
            smoke=wholes(data.get("smoke", ())),
            winner=text(data.get("winner", ""), "a battle's winner", ("", ATTACK, DEFEND)),
            powers=tuple((whole(s), whole(p)) for s, p in data.get("powers", ())),
            locked=tuple(text(c, "a locked card") for c in data.get("locked", ())),
            taken=text(data.get("taken", ""), "the spoils taken", ("", "credits", "card", "wrecks")))
