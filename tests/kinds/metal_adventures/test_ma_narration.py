"""Metal Adventures' actions and table in words (narration.py, board.py; rules.md, "What the log tells each
reader"): every event the package emits has words; a command naming hidden cards reads "a trophy" / "a
wreck" for the seats that may not know them; a secret declaration reads "declare" until its step closes;
a standing order reads "order" with no line; and over many random games no narration, text board or
picture names a card its reader may not know."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from games.kinds.metal_adventures import board, cards, commands, event_words, invariants, narration, prompts
from games.kinds.metal_adventures.records import TROPHY, WRECK, Item, Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event, Narration, Refused
from tests.kinds.seeded_dice import SeededDice

from .helpers import A, B, C, ScriptedDice, dealt, facing, given, play, quiet

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
VOICE = narration.Voice(NAMES)  # the words for everyone: no seat is "you"
PACKAGE = Path(narration.__file__).parent
ID = re.compile(r"\b(?:T\d{2}|[ND]\d{2}|NE\d|DE\d)\b")  # the cards that can be hidden: trophies, starships
HIDEABLE = (*cards.TROPHIES, *cards.STARSHIPS)


def emitted_types() -> set[str]:
    """Every event type the package's source writes: `"type": "<x>"` literals, and the offer closings
    offers.py names as `"offer_<x>"` and passes as the type."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'"type":\s*"([a-z_]+)"', text))
        if path.name == "offers.py":
            found |= set(re.findall(r'"(offer_[a-z]+)"', text))
    return found


def text_of(told: Narration) -> str:
    return "\n".join([told.command, *told.lines])


def told(state: GameState, seat: int, command: str, events: list[Event], reader: int | None) -> str:
    """The action as `reader` reads it on the page or in a mail: said to its own seat ("You ...")."""
    return text_of(narration.narrate(state, seat, command, events, reader, NAMES, you=reader))


# === EVERY EVENT HAS WORDS ===

@pytest.mark.reads_source
def test_every_event_type_the_package_emits_has_words_and_no_words_are_for_a_type_it_never_emits() -> None:
    types = emitted_types()
    assert {"keep_trophy", "declare", "offer_declined", "offer_withdrawn"} <= types  # the parse finds them
    assert types == set(narration.DESCRIBE)


def test_an_event_without_words_says_nothing_it_might_hide() -> None:
    assert narration.describe({"type": "new_thing", "trophy": "T03", "seat": 0}) == "Something happened."


# Events the random games below rarely reach, as the package writes them.
RARE_EVENTS: list[Event] = [
    {"type": "game_over", "places": [[1], [0, 2]]},
    {"type": "overflow", "seat": 0, "card": "E11"},
    {"type": "prize_refused", "seat": 0, "planet": "exxalia"},
    {"type": "space_void", "seat": 2},
    {"type": "trophy_drop", "seat": 0, "trophy": "T03", "drawn": 3},
]


# "you" before a verb in the third person ("you pays", "You is"): a sentence whose verb did not agree.
THIRD_PERSON_YOU = re.compile(r"\byou (?:is|has|does|was|\w*[^\Ws]s)\b", re.I)


@pytest.mark.random_games
def test_every_event_of_random_games_and_the_rare_ones_reads_as_a_sentence() -> None:
    events = [e for seed, players in GAMES for action in random_log(seed, players, steps=260)
              for e in action.events] + RARE_EVENTS
    # Which rare types random games reach varies with the rules' other parts; every one the package emits
    # has its words (the test above), and each reached here must read as a sentence.
    assert {e["type"] for e in events} <= emitted_types()
    for event in events:
        words = narration.describe(event, None, NAMES)
        assert words[-1] in ".!" and "{" not in words and "Something happened" not in words, words
        for you in range(6):  # said to a seat: "You pay", never "You pays"
            said = narration.describe(event, None, NAMES, you)
            assert said[-1] in ".!" and not THIRD_PERSON_YOU.search(said), said
    assert narration.describe(RARE_EVENTS[0], None, NAMES) == "The game is over. 1. Bob; 2. Ann and Cy."
    assert "T03" not in narration.describe(RARE_EVENTS[4], None, NAMES)


# === A RANDOM GAME, ITS LOG KEPT ===

@dataclass(frozen=True)
class Action:
    before: GameState
    seat: int
    command: str
    events: list[Event]
    after: GameState


def by_name(command: str) -> str:
    """The command with each card id written as the card's name: how a player may type it."""
    return ID.sub(lambda m: cards.NAMES[m.group(0)].lower(), command)


def deal_commands(state: GameState, rng: random.Random) -> list[tuple[int, str]]:
    """Commands random play never picks from legal_commands, naming hidden cards: offers, promises,
    acceptances naming a trophy, keeps naming one, ally asks with terms, standing orders. Many are
    refused; those accepted exercise what narration hides."""
    found: list[tuple[int, str]] = []
    n = state.players
    active = state.active
    seats = [i for i in range(n) if not state.seats[i].out]

    def items_of(seat: int, plain: bool) -> list[str]:
        player = state.seats[seat]
        mine = [f"trophy {t}" for t in player.trophies] + [f"wreck {w}" for w in player.wrecks]
        return mine + [f"card {c}" for c in player.improvements] + ["1c"] + (["trophy"] if plain else [])

    def pick_items(seat: int, dues: tuple[str, ...], plain: bool = True) -> str:
        pool = items_of(seat, plain)
        chosen = rng.sample(pool, k=min(len(pool), rng.randint(1, 2)))
        return " + ".join(f"{item}{rng.choice(dues)}" for item in chosen)

    for other in seats:
        if other == active:
            continue
        found.append((active, f"offer {other + 1} give {pick_items(active, ('', '@end', '@next'))} get "
                              f"{pick_items(other, ('', '@next'))}"))
        found.append((other, f"offer {active + 1} give {pick_items(other, ('', '@end'))} get "
                             f"{pick_items(active, ('',))}"))
        found.append((active, f"promise {other + 1} {pick_items(active, ('@end', '@next'))}"))
    for offer in state.offers:
        hand = state.seats[offer.receiver].trophies
        named = " ".join(f"trophy {t}" for t in rng.sample(hand, k=min(len(hand), 2)))
        found += [(offer.receiver, f"accept {offer.name} {named}".strip()),
                  (offer.receiver, f"accept {offer.name}")]
        found.append((offer.receiver, f"decline {offer.name}") if rng.random() < 0.3 else
                     (offer.sender, f"withdraw {offer.name}"))
    for promise in state.promises:
        hand = state.seats[promise.debtor].trophies
        named = f" trophy {hand[0]}" if hand else ""
        found += [(promise.debtor, f"keep {promise.name}{named}"), (promise.debtor, f"keep {promise.name}")]
    battle = state.battle
    if battle is not None and state.phase in ("battle.allies", "challenge.recruit"):
        for principal in (battle.attacker, battle.challenged):
            if principal is not None:
                asked = ",".join(str(s + 1) for s in seats if s != principal)
                terms = pick_items(principal, ("", "@now"), plain=False)
                found.append((principal, f"ally ask {asked} for {terms}"))
        for ask in battle.asks:
            if ask.answer == "":
                terms = pick_items(ask.principal, ("",), plain=False)
                found.append((ask.seat, f"ally accept {ask.principal + 1} {terms}"))
    orders = ["order trophies manual", "order trophies auto", "order ally accept min 1c", "order mf ally yes",
              "order betray all", "order overflow new", "order", "order defend none"]
    found.append((rng.choice(seats), rng.choice(orders)))
    return found


def random_log(seed: int, players: int, steps: int) -> list[Action]:
    """A game played at random from its deal, with deals thrown in and cards sometimes named by name; every
    action kept with the states around it."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state = dealt(players, seed)
    log: list[Action] = []
    for _ in range(steps):
        if state.phase == "game.over":
            break
        tries: list[tuple[int, str]] = []
        if rng.random() < 0.35 and state.phase not in ("setup.trophies",):
            tries = deal_commands(state, rng)
            rng.shuffle(tries)
        to_act = commands.to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        legal = [c for c in commands.legal_commands(state, seat) if c != "resign" or rng.random() < 0.01]
        if legal:
            command = rng.choice(legal)
            tries.append((seat, by_name(command) if rng.random() < 0.4 else command))
            tries.append((seat, command))
        for who, command in tries[:6] + tries[-2:]:
            try:
                after, events = commands.play(state, who, command, dice)
            except Refused:
                continue
            invariants.check(after)
            log.append(Action(state, who, command, events, after))
            state = after
            break
    return log


# === WHAT A READER MAY KNOW (state.md, "Who may see what"; rules.md, "Trades and promises") ===

def public_ids(state: GameState) -> set[str]:
    ids = {*state.space_area, *state.karokum_pile, *state.out_of_game}
    if state.battle is not None and state.battle.target in cards.STARSHIPS:
        ids.add(state.battle.target)
    return ids


def _named(items: Iterable[Item], kinds: tuple[str, ...]) -> set[str]:
    return {i.card for i in items if i.kind in kinds and i.card}


def own_ids(state: GameState, reader: int | None) -> set[str]:
    """What `reader` knows in `state` beyond the public zones: its hand and wrecks, the cards its choices
    show it, the hidden cards of its own deals."""
    if reader is None:
        return set()
    player = state.seats[reader]
    ids = {*player.trophies, *player.wrecks, *(state.dealt[reader] if state.dealt else ())}
    for choice in state.choices:
        if choice.seat == reader or (choice.kind == "wrecks" and int(choice.source) == reader):
            ids |= {*choice.cards, *choice.options}
    for offer in state.offers:
        if reader in (offer.sender, offer.receiver):
            ids |= _named(offer.give, (WRECK,)) | _named(offer.get, (WRECK, TROPHY))
        if reader == offer.sender:
            ids |= _named(offer.give, (TROPHY,))
    for promise in state.promises:
        if reader in (promise.debtor, promise.creditor):
            ids |= _named(promise.items, (WRECK,))
        if reader == promise.debtor:
            ids |= _named(promise.items, (TROPHY,))
    if state.battle is not None:
        for ask in state.battle.asks:
            if reader == ask.principal:
                ids |= _named(ask.terms + ask.counter, (WRECK, TROPHY))
            elif reader == ask.seat:
                ids |= _named(ask.terms, (WRECK,)) | _named(ask.counter, (WRECK, TROPHY))
    return ids


def _items(values: Any) -> list[Item]:
    return [] if isinstance(values, str) else [Item.from_dict(v) for v in values]


def event_ids(events: list[Event], reader: int | None) -> set[str]:
    """What the action's events make public (Space cards drawn, a trophy revealed) or tell their parties."""
    ids: set[str] = set()
    for e in events:
        kind = e["type"]
        if kind in ("face_up", "space_event", "target"):
            ids.add(e["card"])
        elif kind in ("hunters_back", "to_karokum"):
            ids |= set(e["cards"])
        elif kind == "reveal":
            ids.add(e["trophy"])
        elif kind == "promise_broken" and reader == e["debtor"]:
            ids |= set(ID.findall(str(e.get("short", ""))))  # what it lacks: its own promise's card
        elif kind in ("trade", "promise_kept") and reader in (e.get("sender", e.get("debtor")),
                                                               e.get("receiver", e.get("creditor"))):
            ids |= _named(_items(e.get("give", ())) + _items(e.get("get", ())) + _items(e.get("items", ())),
                          (WRECK, TROPHY))
        elif kind == "offer" and reader in (e["sender"], e["receiver"]):
            ids |= _named(_items(e["give"]), (WRECK, TROPHY) if reader == e["sender"] else (WRECK,))
            ids |= _named(_items(e["get"]), (WRECK, TROPHY))
        elif kind == "promise" and reader in (e["debtor"], e["creditor"]):
            ids |= _named(_items(e["items"]), (WRECK, TROPHY) if reader == e["debtor"] else (WRECK,))
    return ids


def may_know(action: Action, reader: int | None) -> set[str]:
    ids = public_ids(action.before) | public_ids(action.after) | event_ids(action.events, reader)
    ids |= own_ids(action.before, reader) | own_ids(action.after, reader)
    if reader == action.seat:
        ids |= set(ID.findall(action.command)) | {c for c in HIDEABLE if cards.NAMES[c].lower() in
                                                    action.command.lower()}
    return ids


def leaks(text: str, known: set[str]) -> list[str]:
    """The hideable cards `text` names, by id or by name, that are not in `known`."""
    lowered = text.lower()
    return sorted({c for c in ID.findall(text) if c not in known}
                  | {c for c in HIDEABLE if c not in known and cards.NAMES[c].lower() in lowered})


def secret_open(action: Action) -> set[int]:
    """Seats whose declaration in this action is still secret when it is over (no `declared` event closed
    their step in it)."""
    declared = {d["seat"] for e in action.events if e["type"] == "declared" for d in e["declarations"]}
    return {e["seat"] for e in action.events if e["type"] == "declare" and e.get("secret")} - declared


GAMES = [(seed, 3 + seed % 4) for seed in range(8)]


@pytest.mark.random_games
@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_no_narration_names_a_card_its_reader_may_not_know(seed: int, players: int) -> None:
    log = random_log(seed, players, steps=260)
    assert len(log) > 150
    for action in log:
        for reader in (*range(players), None):
            text = told(action.after, action.seat, action.command, action.events, reader)
            assert not leaks(text, may_know(action, reader)), (action.command, reader, text)
            if reader != action.seat and action.seat in secret_open(action):
                assert not re.search(r"betray|loyal|metal faktor|\bmf\b|plays|arms", text, re.I), text


@pytest.mark.random_games
def test_the_random_games_reach_the_hidden_kinds_of_action() -> None:
    """The leak test is only as good as what it plays: its games reach every kind of hidden content."""
    seen: set[str] = set()
    for seed, players in GAMES:
        for action in random_log(seed, players, steps=260):
            seen |= {e["type"] for e in action.events}
            seen.add(action.command.split()[0])
    assert {"swap", "keep_trophy", "tour", "offer", "trade", "promise", "promise_kept", "ally_ask",
            "ally_sealed", "order", "declare", "choose", "take_wrecks", "spoils_look"} <= seen


# === COMMANDS AS OTHERS READ THEM ===

def resting(**seats: Any) -> GameState:
    state = given(3, seats={A: dict(damage=2, trophies=("T03", "T05"), **seats)}, trophy_top=("T09", "T12"))
    state, _ = play(state, A, "rest")
    return state


def test_a_swap_and_the_trophy_picked_read_a_trophy_for_the_others_and_by_name_for_the_seat() -> None:
    state = resting()
    after, events = play(state, A, "swap T05")
    theirs = told(after, A, "swap T05", events, B)
    assert theirs.startswith("swap a trophy\n") and "T05" not in theirs and "T09" not in theirs
    mine = told(after, A, "swap T05", events, A)
    assert mine.startswith("swap T05\n") and "T09" in mine and "T12" in mine
    picked, events = play(after, A, "pick T12")
    assert told(picked, A, "pick T12", events, None).startswith("pick a trophy\n")
    assert "T12" not in told(picked, A, "pick T12", events, None)
    assert "Trophy of the Collector (T12)" in told(picked, A, "pick T12", events, A)


def test_a_card_typed_by_its_name_is_hidden_as_well_as_one_typed_by_its_id() -> None:
    state = resting()
    after, events = play(state, A, "swap sunbreaker")
    others = told(after, A, "swap sunbreaker", events, B)
    assert "sunbreaker" not in others.lower() and others.startswith("swap a trophy")
    assert told(after, A, "swap sunbreaker", events, A).startswith("swap sunbreaker")


def travelling(**kwargs: Any) -> GameState:
    return replace(given(3, phase="turn.travel", **kwargs), travel=Travel())


def test_tour_trophies_hides_the_trophy_paid_and_those_drawn() -> None:
    state = travelling(seats={A: dict(credits=5, trophies=("T03", "T05"))}, trophy_top=("T09", "T12"))
    after, events = play(state, A, "tour trophies T03")
    others = told(after, A, "tour trophies T03", events, B)
    assert others.startswith("tour trophies a trophy\n") and not ID.findall(others)
    assert "draws 2 trophies" in others
    assert all(t in told(after, A, "tour trophies T03", events, A) for t in ("T03", "T09", "T12"))


def test_spent_and_scrapped_wrecks_and_the_karokum_pile_are_public() -> None:
    state = travelling(seats={A: dict(credits=8, damage=1, wrecks=("N01", "N04", "N08", "N09", "N12"))},
                       karokum=("N17",))
    after, events = play(state, A, "tour repair N09")
    assert told(after, A, "tour repair N09", events, B).startswith("tour repair N09\n")
    after, events = play(after, A, "tour title N01 N04 N08")
    assert "Sunskiff (N01)" in told(after, A, "tour title N01 N04 N08", events, C)
    after, events = play(after, A, "tour splurge 5c N12")
    assert told(after, A, "tour splurge 5c N12", events, B).startswith("tour splurge 5c N12\n")
    assert "Praetor Scout (N12)" in told(after, A, "tour splurge 5c N12", events, B)
    state = travelling(seats={A: dict(credits=8, wrecks=("N01", "N04"))}, karokum=("N17",))
    after, events = play(state, A, "tour scrap N01 N17")
    seen = told(after, A, "tour scrap N01 N17", events, B)
    assert seen.startswith("tour scrap N01 N17\n") and "Sunskiff (N01)" in seen and "N17" in seen


def won_challenge(loser: dict[str, Any]) -> GameState:
    state = given(3, phase="turn.travel", seats={A: dict(improvements=("E06",), trophies=()), B: loser})
    for seat, command in ((A, "challenge 2"), (A, "ready"), (B, "ready"), (A, "mf no"), (A, "roll")):
        state, _ = play(state, seat, command)
    state, _ = play(state, B, "mf no", ScriptedDice(6, 1))
    return state


def test_wrecks_a_challenger_looks_at_and_picks_are_told_to_it_and_the_loser_only() -> None:
    state = won_challenge(dict(credits=5, wrecks=("N04", "N12", "D09")))
    looked, events = play(state, A, "take wrecks")
    for reader in (A, B):
        assert "N12" in told(looked, A, "take wrecks", events, reader)
    bystander = told(looked, A, "take wrecks", events, C)
    assert not ID.findall(bystander) and "3 wrecks and will take 2" in bystander
    picked, events = play(looked, A, "pick N04 D09")
    assert told(picked, A, "pick N04 D09", events, C).startswith("pick 2 wrecks\n")
    assert not ID.findall(told(picked, A, "pick N04 D09", events, None))
    assert told(picked, A, "pick N04 D09", events, B).startswith("pick N04 D09\n")
    assert "Corona Warden (N04)" in told(picked, A, "pick N04 D09", events, B)


def test_a_trophy_revealed_is_public() -> None:
    state = given(3, seats={B: dict(credits=12, trophies=("T09",), orders={"trophies": "manual"})})
    state = replace(state, phase="turn.travel")
    after, events = play(state, B, "reveal T09")
    assert "Trophy of the Hoarder (T09)" in told(after, B, "reveal T09", events, C)
    assert told(after, B, "reveal T09", events, None).startswith("reveal T09")


def trading() -> GameState:
    seats = {A: dict(credits=5, trophies=("T03",), wrecks=("N05",)),
             B: dict(credits=5, trophies=("T09", "T12"))}
    return replace(given(3, phase="turn.travel", seats=seats), travel=Travel(battle_done=True))


def test_an_offer_shows_its_wreck_to_both_parties_its_trophy_to_the_giver_and_neither_to_others() -> None:
    state = trading()
    command = "offer 2 give trophy T03 + wreck N05 get trophy + 1c"
    after, events = play(state, A, command)
    assert told(after, A, command, events, A).startswith(command)
    receiver = told(after, A, command, events, B)
    assert "N05" in receiver and "T03" not in receiver
    assert receiver.startswith("offer 2 give a trophy + wreck N05 get trophy + 1c\n")
    bystander = told(after, A, command, events, C)
    assert bystander.startswith("offer 2 give a trophy + a wreck get a trophy + 1c\n")
    assert not ID.findall(told(after, A, command, events, None))


def test_an_accepted_trade_is_told_to_its_parties_and_masked_for_the_others() -> None:
    state, _ = play(trading(), A, "offer 2 give trophy T03 get trophy")
    after, events = play(state, B, "accept O1 trophy T12")
    assert told(after, B, "accept O1 trophy T12", events, C).startswith("accept O1 a trophy\n")
    assert not ID.findall(told(after, B, "accept O1 trophy T12", events, C))
    sender = told(after, B, "accept O1 trophy T12", events, A)
    assert sender.startswith("accept O1 trophy T12\n") and "T03" in sender and "T12" in sender


def test_a_promised_trophy_is_told_to_the_debtor_only_until_it_is_kept() -> None:
    state = trading()
    command = "promise 2 trophy T03@next + wreck N05@end"
    after, events = play(state, A, command)
    creditor = told(after, A, command, events, B)
    assert "N05" in creditor and "T03" not in creditor
    assert not ID.findall(told(after, A, command, events, C))
    assert [p.items[0].card for p in after.promises] == ["N05", "T03"]  # one promise per due point
    kept, events = play(after, A, "keep P2")
    assert "T03" in told(kept, A, "keep P2", events, B)
    assert not ID.findall(told(kept, A, "keep P2", events, C))


def test_keep_naming_a_trophy_reads_a_trophy_for_the_others() -> None:
    state, _ = play(trading(), A, "promise 2 trophy@next")
    after, events = play(state, A, "keep P1 trophy T03")
    assert told(after, A, "keep P1 trophy T03", events, C).startswith("keep P1 a trophy\n")
    assert told(after, A, "keep P1 trophy T03", events, B).startswith("keep P1 trophy T03\n")


def test_ally_terms_show_wrecks_to_the_seats_asked_and_trophies_to_the_principal_only() -> None:
    state = given(3, seats={A: dict(credits=3, trophies=("T03",), wrecks=("N05",))}, karokum=("N17",))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N17")
    command = "ally ask 2 for wreck N05 + trophy T03"
    after, events = play(state, A, command)
    asked = told(after, A, command, events, B)
    assert asked.startswith("ally ask 2 for wreck N05@win + a trophy@win\n") and "T03" not in asked
    assert not ID.findall(told(after, A, command, events, C).replace("N17", ""))
    assert "T03" in told(after, A, command, events, A)


def test_the_question_put_to_a_seat_asked_names_a_wreck_of_the_terms_but_not_a_trophy() -> None:
    state = given(3, seats={A: dict(credits=3, trophies=("T03",), wrecks=("N05",))}, karokum=("N17",))
    for command in ("tribute", "attack karokum N17", "ally ask 2 for wreck N05 + trophy T03"):
        state, _ = play(state, A, command)
    (question,) = [p for p in prompts.prompts(state, NAMES) if p.seat == B]
    assert question.text.startswith(
        "Ann asks you to fight as an ally for DESTRIA NOVA (N05) and a trophy if Ann's side wins:")


def test_a_standing_order_reads_order_with_no_line_for_the_others_and_in_full_for_its_seat() -> None:
    state = given(3)
    after, events = play(state, B, "order ally accept min 2c")
    theirs = narration.narrate(after, B, "order ally accept min 2c", events, A, NAMES)
    assert theirs.command == "order" and theirs.lines == []
    mine = narration.narrate(after, B, "order ally accept min 2c", events, B, NAMES, you=B)
    assert mine == Narration("order ally accept min 2c", ["Your standing order ally: accept min 2c."])
    listed, events = play(after, B, "order")
    assert narration.narrate(listed, B, "order", events, B, NAMES, you=B).lines == [
        "Your standing orders: ally accept min 2c."]
    assert narration.narrate(listed, B, "order", events, None, NAMES).lines == []


def test_a_trophy_revealed_after_an_order_is_still_told_to_everyone() -> None:
    state = given(3, seats={B: dict(credits=12, trophies=("T09",), orders={"trophies": "manual"})})
    state = replace(state, phase="turn.travel")
    after, events = play(state, B, "order trophies auto")
    theirs = narration.narrate(after, B, "order trophies auto", events, A, NAMES)
    assert theirs.command == "order" and theirs.lines == ["Bob reveals Trophy of the Hoarder (T09): +1 G."]


def betrayal() -> tuple[GameState, list[Event], GameState, list[Event]]:
    state = given(3, seats={B: dict(credits=3)}, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05"), (A, "ally ask 2"), (B, "ally accept")):
        state, _ = play(state, seat, command)
    betrayed, betray_events = play(state, B, "betray")
    closed, close_events = play(betrayed, B, "mf yes")
    return betrayed, betray_events, closed, close_events


def test_a_declaration_reads_declare_for_the_others_until_its_step_closes() -> None:
    betrayed, events, closed, close_events = betrayal()
    theirs = narration.narrate(betrayed, B, "betray", events, A, NAMES)
    assert theirs.command == "declare" and theirs.lines == ["Bob declares (secret until the step closes)."]
    assert "betray" not in text_of(narration.narrate(betrayed, B, "betray", events, None, NAMES)).lower()
    mine = narration.narrate(betrayed, B, "betray", events, B, NAMES)
    assert mine.command == "betray" and "betrays" in mine.lines[0]
    step = narration.narrate(closed, B, "mf yes", close_events, A, NAMES)
    assert step.command == "declare"
    assert "Declarations: Bob: betrays, Metal Faktor die." in step.lines
    assert "Bob betrays Ann!" in step.lines


def test_a_command_read_without_its_events_masks_what_they_could_have_made_secret() -> None:
    """A record that kept only the command (a mailed reply's, in the admin) cannot tell a secret
    declaration from an open one, nor a counter-offer from an acceptance: it shows neither."""
    for command in ("loyal", "betray", "mf yes", "mf no", "play S02", "arm S01", "play grog"):
        assert narration.shown_command(command, B, (), None) == "declare"
        assert narration.shown_command(command, B, (), B) == command  # its own seat reads it as typed
    assert narration.shown_command("ally accept 1 2c + wreck N05", B, (), None) == "ally accept 1"
    assert narration.shown_command("ally accept 3c", B, (), A) == "ally accept"
    # With its events, an open declaration (the active seat's) and a plain acceptance read as typed.
    assert narration.shown_command("mf no", A, [{"type": "declare", "seat": A, "secret": False, "mf": False}],
                                   None) == "mf no"
    assert narration.shown_command("ally accept 1", B, [{"type": "ally_sealed", "seat": B, "principal": A}],
                                   None) == "ally accept 1"


def test_the_active_seats_own_declarations_are_read_as_given() -> None:
    state = given(3, karokum=("N05",))
    for command in ("tribute", "attack karokum N05", "ally none"):
        state, _ = play(state, A, command)
    after, events = play(state, A, "mf yes")
    assert narration.narrate(after, A, "mf yes", events, B, NAMES) == Narration(
        "mf yes", ["Ann uses the Metal Faktor die."])


def test_the_autopilots_commands_are_masked_like_the_seats_own() -> None:
    state = resting()
    state, _ = play(state, A, "swap T05")
    after, events = play(state, A, "autopilot")
    assert [e["command"] for e in events if e["type"] == "autopilot"][0] == "pick T09"
    others = narration.narrate(after, A, "autopilot", events, B, NAMES)
    assert "The autopilot plays for Ann: pick a trophy." in others.lines and not ID.findall(text_of(others))
    assert "The autopilot plays for Ann: pick T09." in narration.narrate(after, A, "autopilot", events, A,
                                                                        NAMES).lines


def test_public_commands_read_as_typed_and_names_default_to_seat_numbers() -> None:
    state = given(3, karokum=("N05",))
    state, _ = play(state, A, "tribute")
    after, events = play(state, A, "attack karokum N05")
    told_b = narration.narrate(after, A, "attack karokum N05", events, B, None)
    assert told_b.command == "attack karokum N05"
    assert told_b.lines[0] == ("Seat 1 attacks DESTRIA NOVA (N05), power 10, 2 dots via Karokum, paying 2₡ "
                               "to Karokum.")


# === WORDS FOR THEIR READER: "You" TO THE SEAT THAT IS THE READER'S OWN ===

def said_to(seat: int | None) -> narration.Voice:
    return narration.Voice(NAMES, seat)


def test_the_seat_that_acted_reads_its_own_action_as_you_with_the_verb_agreeing() -> None:
    state, events = play(given(3), A, "tribute")
    mine = narration.narrate(state, A, "tribute", events, A, NAMES, you=A)
    assert mine == Narration("tribute", ["You pay 1₡ of tribute into the Pirates' Pot."])
    exempt: Event = {"type": "exempt", "seat": 0, "m": 7}
    assert narration.narrate(state, A, "tribute", [exempt], A, NAMES, you=A).lines == [
        "You are exempt from the tribute (the lowest main power, 7)."]


def test_a_rival_and_a_spectator_read_the_seat_that_acted_by_name() -> None:
    state, events = play(given(3), A, "tribute")
    for reader in (B, C, None):
        assert narration.narrate(state, A, "tribute", events, reader, NAMES, you=reader).lines == [
            "Ann pays 1₡ of tribute into the Pirates' Pot."]


def test_the_seat_an_action_is_done_to_reads_you_after_the_verb() -> None:
    state, events = play(quiet(4, phase="turn.travel"), A, "challenge 2")
    read = {reader: narration.narrate(state, A, "challenge 2", events, reader, NAMES, you=reader).lines
            for reader in (A, B, C)}
    assert read == {A: ["You challenge Bob."], B: ["Ann challenges you."], C: ["Ann challenges Bob."]}
    betrayal: Event = {"type": "betrayal", "seat": 1, "attacker": 0}
    assert narration.line(betrayal, (), A, said_to(A)) == "Bob betrays you!"


def test_what_belongs_to_the_readers_seat_reads_your() -> None:
    sealed: Event = {"type": "ally_sealed", "seat": 3, "principal": 2, "terms": "1c@win"}
    assert narration.line(sealed, (), C, said_to(C)) == "Di joins your side for 1₡ if your side wins."
    assert narration.line({"type": "battle_over", "seat": 2}, (), C, said_to(C)) == "Your battle is over."
    won: Event = {"type": "won_ship", "seat": 2, "ship": "N25"}
    assert narration.line(won, (), C, said_to(C)) == "You beat Ledger Runner (N25), which becomes your wreck."
    taken: Event = {"type": "take_wrecks", "seat": 1, "from": 2, "wrecks": ["N21"]}
    assert narration.line(taken, (), A, said_to(C)) == "Bob takes 1 wreck of yours."


def test_words_said_to_nobody_name_every_seat_as_before() -> None:
    state, events = play(given(3), A, "tribute")
    assert narration.narrate(state, A, "tribute", events, A, NAMES).lines == [
        "Ann pays 1₡ of tribute into the Pirates' Pot."]
    assert narration.describe(events[0], None, NAMES) == "Ann pays 1₡ of tribute into the Pirates' Pot."


def test_a_verb_agrees_with_you_by_the_regular_rule_and_the_few_that_break_it() -> None:
    you, other = said_to(A), said_to(B)
    verbs = ("pays", "is", "has", "does not use", "carries", "reaches", "cannot", "promises", "stays loyal")
    assert [event_words.agree(A, you, verb) for verb in verbs] == [
        "pay", "are", "have", "do not use", "carry", "reach", "cannot", "promise", "stay loyal"]
    assert event_words.agree(A, other, "pays") == "pays"
    named = [event_words.who(A, you), event_words.who(A, you, start=True), event_words.who(A, you, own=True),
             event_words.who(A, other, own=True), event_words.who(A, other)]
    assert named == ["you", "You", "your", "Ann's", "Ann"]


# === THE TEXT BOARD AND THE PICTURE ===

@pytest.mark.random_games
@pytest.mark.parametrize(("seed", "players"), GAMES[:5])
def test_the_text_board_and_the_picture_never_name_a_card_their_reader_may_not_know(seed: int,
                                                                                   players: int) -> None:
    for action in random_log(seed, players, steps=200)[::3]:
        state = action.after
        for reader in (*range(players), None):
            known = public_ids(state) | own_ids(state, reader)
            text = board.text_board(state, reader)
            assert not leaks(text, known), (reader, text)
            assert all(len(row) <= board.WIDTH for row in text.splitlines()), text
            picture = board.board_svg(state, reader)
            assert not leaks(picture, public_ids(state)), reader
            ElementTree.fromstring(picture)  # well-formed XML


def test_the_text_board_shows_the_readers_own_trophies_and_wrecks_and_only_counts_of_the_others() -> None:
    state = given(3, seats={A: dict(trophies=("T01", "T09"), wrecks=("N05", "D14")),
                            B: dict(trophies=("T03",))})
    mine = board.text_board(state, A)
    assert "Trophy of the Hangman (T01)" in mine and "DESTRIA NOVA (N05)" in mine
    theirs = board.text_board(state, B)
    assert "T01" not in theirs and "N05" not in theirs and "trophies 2; wrecks 2" in theirs
    assert "T03" in theirs and "T03" not in board.text_board(state, None)


def test_the_text_board_shows_the_battle_and_its_declarations_once_their_step_has_closed() -> None:
    betrayed, _, closed, _ = betrayal()
    during = board.text_board(betrayed, A).replace("\n    ", " ")
    assert "Battle: Seat 1 attacks DESTRIA NOVA (N05) power 10, 2 dots via Karokum" in during
    assert "Seat 2: declaring (secret)" in during and "betrays" not in during
    assert "Seat 2: betrays" in board.text_board(betrayed, B)
    assert "Seat 2: betrays, Metal Faktor die" in board.text_board(closed, C)
    assert "Seat 2 betrayed the attacker" in board.text_board(closed, C)


def test_the_text_board_shows_the_dice_and_the_scores_once_rolled() -> None:
    state = given(3, seats={A: dict(improvements=("S03",))}, karokum=("D04",))
    for command in ("tribute", "attack karokum D04", "ally none", "mf no"):
        state, _ = play(state, A, command)
    assert "Dice:" not in board.text_board(state, B)
    rolled, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert rolled.phase == "battle.react"  # A may reroll: the battle waits with its dice shown
    assert "Dice: orange 1, gray 6; 9 against 23" in board.text_board(rolled, B)


def test_the_text_board_shows_a_choice_to_its_seat_only() -> None:
    state = resting()
    state, _ = play(state, A, "swap T05")
    assert "Choice waiting: Seat 1 keeps 1 of 2 trophies drawn: Trophy of the Hoarder (T09)" in \
        board.text_board(state, A).replace("\n    ", " ")
    theirs = board.text_board(state, B)
    assert "T09" not in theirs and "keeps 1 of 2 trophies drawn" in theirs


def test_the_text_board_masks_offers_and_lists_its_readers_orders() -> None:
    state, _ = play(trading(), A, "offer 2 give trophy T03 + wreck N05 get 1c")
    state, _ = play(state, B, "order trophies manual")
    assert "O1: Seat 1 offers Seat 2 a trophy and DESTRIA NOVA (N05) for 1₡" in board.text_board(state, B)
    assert "O1: Seat 1 offers Seat 2 a trophy and a wreck for 1₡" in board.text_board(state, C)
    assert "Trophy of the Scrapyard King (T03) and DESTRIA NOVA (N05) for 1₡" in board.text_board(
        state, A).replace("\n    ", " ")
    assert "Your standing orders: trophies manual" in board.text_board(state, B)
    assert "standing orders" not in board.text_board(state, C)


def test_the_text_board_says_when_a_promise_is_due_once_and_its_items_in_words() -> None:
    state, _ = play(trading(), A, "promise 2 3c@next")
    assert "P1: Seat 1 owes Seat 2 3₡, at the end of their next turn" in board.text_board(state, C)


def test_the_text_board_given_the_names_says_who_sits_at_each_seat_and_who_is_awaited() -> None:
    state = given(3)
    text = board.text_board(state, B, NAMES)
    assert "Seat 1 Ann (to act): " in text and "Seat 2 Bob (you): " in text and "Seat 3 Cy: " in text
    assert "Waiting for: Seat 1 Ann" in text and "Seat 1 Ann's turn" in text
    assert "Seat 1 (to act): " in board.text_board(state, B)  # without names, as the commands name seats


def test_the_picture_draws_the_space_area_and_every_seats_astrolabe_escaping_every_word() -> None:
    state = given(3, space=("N11", "N17", "N20"))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack space")
    assert state.space_area == ("N11", "N17", "N20")
    picture = board.board_svg(state, A)
    root = ElementTree.fromstring(picture)
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Legate's Pinnace N11, power 8" in words and "Scrapmaw N20, power 8" in words
    assert "Legate&#x27;s Pinnace" in picture  # an apostrophe goes through escaping
    assert words.count("glory") == 3 and words.count("JP") == 3 and "Seat 1 (you)" in words



def board_lines(state: GameState, reader: int | None) -> str:
    """The text board with its wrapped lines joined again, to compare whole sentences."""
    return board.text_board(state, reader).replace("\n    ", " ")


def test_the_text_boards_heading_says_the_phase_in_words_and_once_over_the_places() -> None:
    travelling = replace(given(3), phase="turn.travel")
    assert board_lines(travelling, None).startswith("Metal Adventures, turn 1: Seat 1's turn, travelling.\n")
    over = replace(given(3, seats={A: dict(glory=1), B: dict(glory=3), C: dict(glory=1)}), phase="game.over",
                   turn=6)
    assert board_lines(over, None).startswith(
        "Metal Adventures: the game is over after turn 6. 1. Seat 2; 2. Seat 1, Seat 3.\n")


def test_the_text_board_lists_the_space_area_and_the_cases_open() -> None:
    state = given(3, space=("N11", "N17", "N20"))
    for command in ("tribute", "attack space"):
        state, _ = play(state, A, command)
    assert "Space area: 1. Legate's Pinnace (N11) power 8, 1 dot; 2. Rust Jackal (N17) power 6, 1 dot; " \
        "3. Scrapmaw (N20) power 8, 1 dot\n" in board_lines(state, None)
    accused, _ = play(trading(), B, "accuse 1 promised me 2c in chat")
    assert "C1: Seat 2 accuses Seat 1 (waiting for the plea): promised me 2c in chat\n" in \
        board_lines(accused, C)


def test_the_text_board_at_setup_shows_a_seat_the_trophies_dealt_to_it_only() -> None:
    state = dealt(3, seed=0)
    assert "Dealt to you, to keep two: Trophy of the Iron Wall (T15), Trophy of the Hangman (T01), Trophy " \
        "of the Headhunter (T02)\n" in board_lines(state, B)
    assert "Dealt to you" not in board_lines(state, None)


def test_the_text_board_shows_the_wrecks_a_challenger_picks_from_to_it_and_the_loser_only() -> None:
    state, _ = play(won_challenge(dict(credits=5, wrecks=("N04", "N12", "D09"))), A, "take wrecks")
    listed = "Choice waiting: Seat 1 picks 2 of Seat 2's 3 wrecks: Corona Warden (N04), Praetor Scout " \
        "(N12), Throne of Vega (D09)\n"
    assert listed in board_lines(state, A) and listed in board_lines(state, B)
    assert "Choice waiting: Seat 1 picks 2 of Seat 2's 3 wrecks\n" in board_lines(state, C)


SVG = "{http://www.w3.org/2000/svg}"


def drawn(picture: str) -> list[ElementTree.Element]:
    """The picture's shapes and words in the order they are drawn."""
    return list(ElementTree.fromstring(picture))


def box_of(parts: list[ElementTree.Element], words: str) -> ElementTree.Element:
    """The box drawn just before the text that starts with `words` (a seat's or a starship's)."""
    at = next(i for i, e in enumerate(parts) if e.tag == f"{SVG}text" and (e.text or "").startswith(words))
    assert parts[at - 1].tag == f"{SVG}rect"
    return parts[at - 1]


def print_of(parts: list[ElementTree.Element], words: str) -> tuple[str, str, str]:
    """The size, weight and colour the text that starts with `words` is printed in."""
    found = next(e for e in parts if e.tag == f"{SVG}text" and (e.text or "").startswith(words))
    return found.get("font-size", ""), found.get("font-weight", ""), found.get("fill", "")


def test_every_size_and_position_in_the_picture_is_a_number() -> None:
    state = facing(given(3, seats={A: dict(improvements=("E06",))}), "N11")
    for picture in (board.board_svg(state, A), board.board_svg(given(3), None)):
        for element in drawn(picture):
            for key in ("x", "y", "width", "height", "font-size", "cx", "cy", "r"):
                if key in element.attrib:
                    float(element.attrib[key])


def test_the_pictures_colours_mark_the_reader_the_seat_awaited_a_pirate_hunter_and_the_target() -> None:
    state = facing(given(3), "N11")
    state = replace(state, space_deck=tuple(c for c in state.space_deck if c != "N08"),
                    space_area=("N08", "N11"))
    parts = drawn(board.board_svg(state, B))
    assert box_of(parts, "Seat 2 (you)").get("stroke") == board.BLUE
    assert box_of(parts, "Seat 1").get("stroke") == board.INK  # the attacker is awaited
    assert box_of(parts, "Seat 3").get("stroke") == board.FAINT
    hunter = cards.STARSHIPS["N08"]
    assert hunter.hunter and box_of(parts, hunter.name).get("stroke") == board.RED
    assert box_of(parts, "Legate's Pinnace").get("stroke") == board.INK
    counts = state.space_counts()
    blue, red = box_of(parts, f"{counts[0]} blue"), box_of(parts, f"{counts[1]} red")
    assert (blue.get("fill"), blue.get("stroke"), red.get("fill"), red.get("stroke")) == \
        (board.BLUE, board.BLUE, board.RED, board.RED)


def test_the_picture_prints_titles_at_12_bold_figures_at_11_and_small_print_at_10() -> None:
    state = facing(given(3), "N11")
    blue, red = state.space_counts()
    parts = drawn(board.board_svg(state, None))
    assert print_of(parts, "Space deck") == ("12", "bold", board.INK)
    assert print_of(parts, f"{blue} blue") == ("10", "normal", "#fff")
    assert print_of(parts, f"{red} red") == ("10", "normal", "#fff")
    assert print_of(parts, "Seat 1") == ("12", "bold", board.INK)
    assert print_of(parts, "Salty Comet") == ("10", "normal", board.INK)
    assert print_of(parts, "3₡, Metal Faktor blank") == ("11", "normal", board.INK)
    assert print_of(parts, "no improvements") == ("10", "normal", board.INK)
    assert print_of(parts, "Legate's Pinnace") == ("11", "bold", board.INK)
    assert print_of(parts, "N11, power 8") == ("11", "normal", board.INK)


def test_the_pictures_gauges_fill_in_proportion_to_their_most() -> None:
    state = given(3, seats={A: dict(improvements=("E06",), damage=2, glory=12, jp=1)})
    parts = drawn(board.board_svg(state, A))
    rects = [e for e in parts if e.tag == f"{SVG}rect"]
    frames = [(i, e) for i, e in enumerate(rects) if e.get("width") == "60" and e.get("fill") == "none"]
    assert len(frames) == 4 * 3  # four gauges a seat
    fills = [int(rects[i + 1].get("width", "")) for i, _ in frames[:4]]
    assert fills == [12 * 60 // 20, 2 * 60 // 4, 60, 1 * 60 // 4]  # R 12 of 20, damage 2 of 4, glory full, JP


def test_the_picture_names_the_bazaar_and_karokum_piles_and_the_trophy_deck_under_the_other_planet() -> None:
    state = given(3, karokum=("N05",), bazaar=("S03", "S04"))
    words = [e.text for e in drawn(board.board_svg(state, None)) if e.tag == f"{SVG}text"]
    assert words.count("pile 2") == 1 and words.count("pile 1") == 1
    assert words.count(f"Trophy deck {len(state.trophy_deck)}") == 1


def test_the_picture_tells_the_battle_under_way_and_none_without_one() -> None:
    state = facing(given(3), "N11")
    words = " ".join(e.text or "" for e in drawn(board.board_svg(state, None)))
    assert "Battle: Seat 1 attacks Legate's Pinnace (N11) power 8, 1 dot" in words
    assert "Battle" not in " ".join(e.text or "" for e in drawn(board.board_svg(given(3), None)))


# === EACH LINE FOR ITS READER, WORD FOR WORD ===

TROPHY_GIVEN = {"kind": "trophy", "amount": 0, "card": "T01", "due": "now"}
WRECK_GIVEN = {"kind": "wreck", "amount": 0, "card": "N05", "due": "end"}

# (event, reader, its line): the seats the event concerns read more than describe() says; others read
# describe()'s words (test_ma_event_words.py).
LINES: list[tuple[Event, int | None, str]] = [
    ({"type": "choose", "seat": 1, "kept": ["T01", "T02"], "aside": ["T15"]}, B,
     "You keep Trophy of the Hangman (T01), Trophy of the Headhunter (T02); Trophy of the Iron Wall (T15) "
     "will go to the bottom of the Trophy deck."),
    ({"type": "choose", "seat": 1, "kept": ["T01", "T02"], "aside": ["T15"]}, A,
     "Bob keeps two of the three trophies dealt."),
    ({"type": "swap", "seat": 0, "trophy": "T02", "seen": ["T10", "T06"]}, A,
     "You put Trophy of the Headhunter (T02) at the bottom of the Trophy deck and look at Trophy of the "
     "Arsenal (T10), Trophy of the Crownbreaker (T06) to keep one."),
    ({"type": "keep_trophy", "seat": 0, "trophy": "T06", "bottom": ["T10"]}, A,
     "You keep Trophy of the Crownbreaker (T06); Trophy of the Arsenal (T10) to the bottom of the Trophy "
     "deck."),
    ({"type": "keep_trophy", "seat": 0, "trophy": "T06"}, A, "You keep Trophy of the Crownbreaker (T06)."),
    ({"type": "trophy_drop", "seat": 0, "trophy": "T03", "drawn": 3}, A,
     "You drop Trophy of the Scrapyard King (T03) to the bottom of the Trophy deck and draw 3 at Exxalia to "
     "keep one."),
    ({"type": "trophy_drop", "seat": 0, "trophy": "T03"}, A,
     "You drop Trophy of the Scrapyard King (T03) to the bottom of the Trophy deck and draw 0 at Exxalia to "
     "keep one."),
    ({"type": "overflow_discard", "seat": 2, "card": "T11"}, C,
     "You are over the limit: Trophy of the Juggernaut (T11) goes to the bottom of the Trophy deck."),
    ({"type": "overflow_discard", "seat": 2, "card": "E11"}, C,
     "You are over the limit and let RHUM (E11) go."),
    ({"type": "declare", "seat": 1, "secret": True, "arm": "S04"}, B,
     "You arm Smoke Screen (S04) (secret until the step closes)."),
    ({"type": "declare", "seat": 1, "secret": False, "mf": True}, B, "You use the Metal Faktor die."),
    ({"type": "declare", "seat": 1, "secret": True, "arm": "S04"}, A, "Bob declares (secret until the step "
                                                                     "closes)."),
    ({"type": "tour", "seat": 1, "action": 1, "word": "trophies", "credits": 1, "trophy": "T01",
      "drawn": ["T13", "T07"]}, B,
     "You take the Trophies action at Exxalia for Trophy of the Hangman (T01) and 1₡ and draw 2 trophies to "
     "keep one: Trophy of the Scoundrel (T13), Trophy of the Dust King (T07)."),
    ({"type": "tour", "seat": 2, "action": 8, "word": "amnesty", "credits": 2}, C,
     "You pay 2₡ at the Bazaar for Amnesty."),
    ({"type": "take_wrecks", "seat": 1, "from": 3, "wrecks": ["N21", "N05"]}, 3,
     "Bob takes Ashcrow (N21), DESTRIA NOVA (N05) from your wrecks."),
    ({"type": "take_wrecks", "seat": 1, "from": 3, "wrecks": ["N21", "N05"]}, A,
     "Bob takes 2 wrecks of Di's."),
    ({"type": "spoils_look", "seat": 1, "from": 3, "wrecks": ["N21"], "count": 1}, B,
     "You look at Di's wrecks, Ashcrow (N21), and will take 1."),
    ({"type": "spoils_look", "seat": 1, "from": 3, "wrecks": ["N21"]}, 3,
     "Bob looks at your wrecks, Ashcrow (N21), and will take 0."),
    ({"type": "offer", "offer": 2, "sender": 1, "receiver": 2, "give": [TROPHY_GIVEN, WRECK_GIVEN],
      "get": [TROPHY_GIVEN]}, B,
     "You offer Cy a trade, O2: gives Trophy of the Hangman (T01) now and DESTRIA NOVA (N05) at the end of "
     "this turn, gets Trophy of the Hangman (T01)."),
    ({"type": "offer", "offer": 2, "sender": 1, "receiver": 2, "give": [TROPHY_GIVEN, WRECK_GIVEN],
      "get": [TROPHY_GIVEN]}, C,
     "Bob offers you a trade, O2: gives a trophy now and DESTRIA NOVA (N05) at the end of this turn, gets "
     "Trophy of the Hangman (T01)."),
    ({"type": "offer", "offer": 2, "sender": 1, "receiver": 2, "give": [TROPHY_GIVEN, WRECK_GIVEN],
      "get": [TROPHY_GIVEN]}, A, "Bob offers Cy a trade, O2: gives a trophy now and a wreck at the end "
                                 "of this turn, gets a trophy."),
    ({"type": "trade", "offer": 4, "sender": 1, "receiver": 0, "give": [WRECK_GIVEN], "get": [TROPHY_GIVEN]},
     A, "O4 is accepted: Bob gives DESTRIA NOVA (N05) at the end of this turn and gets Trophy of the "
        "Hangman (T01) from you."),
    ({"type": "trade", "offer": 4, "sender": 1, "receiver": 0, "give": [WRECK_GIVEN], "get": [TROPHY_GIVEN]},
     C, "O4 is accepted: Bob gives a wreck at the end of this turn and gets a trophy from Ann."),
    ({"type": "promise", "promise": 3, "debtor": 1, "creditor": 2, "items": [TROPHY_GIVEN, WRECK_GIVEN],
      "due": "end"}, B, "P3: you promise Cy Trophy of the Hangman (T01) and DESTRIA NOVA (N05), at the end "
                        "of this turn."),
    ({"type": "promise", "promise": 3, "debtor": 1, "creditor": 2, "items": [TROPHY_GIVEN, WRECK_GIVEN]}, C,
     "P3: Bob promises you a trophy and DESTRIA NOVA (N05), later."),
    ({"type": "promise_kept", "promise": 3, "debtor": 1, "creditor": 2, "items": [TROPHY_GIVEN, WRECK_GIVEN]},
     C, "Bob keeps P3: you get Trophy of the Hangman (T01) and DESTRIA NOVA (N05)."),
    ({"type": "promise_broken", "promise": 3, "debtor": 1, "creditor": 2, "why": "end of turn",
      "short": "you hold 0 trophies"}, B,
     "You cannot deliver P3 to Cy in full (end of turn): it is broken: you hold 0 trophies."),
    ({"type": "promise_broken", "promise": 3, "debtor": 1, "creditor": 2, "why": "end of turn",
      "short": "you hold 0 trophies"}, C, "Bob cannot deliver P3 to you in full (end of turn): it is "
                                          "broken."),
    ({"type": "ally_ask", "seat": 0, "asked": [1, 2], "terms": "trophy T14 + wreck N05", "round": 2}, A,
     "You ask Bob and Cy to fight as an ally for Trophy of the Duelist (T14) and DESTRIA NOVA (N05) (a "
     "second ask)."),
    ({"type": "ally_ask", "seat": 0, "asked": [1, 2], "terms": "trophy T14 + wreck N05"}, C,
     "Ann asks Bob and you to fight as an ally for a trophy and DESTRIA NOVA (N05)."),
    ({"type": "ally_ask", "seat": 0, "asked": [1], "terms": "trophy T14 + wreck N05"}, 3,
     "Ann asks Bob to fight as an ally for a trophy and a wreck."),
    ({"type": "ally_sealed", "seat": 3, "principal": 2, "terms": "trophy T13@win + wreck N05@win",
      "by_order": True}, C, "Di joins your side for Trophy of the Scoundrel (T13) and DESTRIA NOVA (N05) if "
                            "your side wins (standing order)."),
    ({"type": "ally_sealed", "seat": 3, "principal": 2, "terms": "trophy T13@win + wreck N05@win"}, 3,
     "You join Cy's side for a trophy and DESTRIA NOVA (N05) if Cy's side wins."),
    ({"type": "ally_sealed", "seat": 3, "principal": 2, "terms": "nothing"}, 3, "You join Cy's side."),
    ({"type": "ally_answer", "seat": 3, "principal": 4, "answer": "counter",
      "terms": "trophy T02 + wreck N05"}, 4, "Di asks you for Trophy of the Headhunter (T02) and DESTRIA "
                                             "NOVA (N05) instead."),
    ({"type": "ally_answer", "seat": 3, "principal": 4, "answer": "counter", "terms": "1c", "by_order": True},
     3, "You ask Eve for 1₡ instead (standing order)."),
    ({"type": "ally_answer", "seat": 3, "principal": 4, "answer": "counter", "terms": "trophy T02"}, A,
     "Di asks Eve for a trophy instead."),
    ({"type": "orders", "seat": 1, "orders": {"defend": "none", "betray": "all"}}, B,
     "Your standing orders: betray all; defend none."),
    ({"type": "orders", "seat": 1}, B, "Your standing orders: none."),
    ({"type": "order", "seat": 1, "name": "defend", "value": None}, B, "Your standing order defend: off."),
]


@pytest.mark.parametrize(("event", "reader", "words"), LINES,
                         ids=[f"{e['type']}-{i}" for i, (e, _, _) in enumerate(LINES)])
def test_each_event_reads_to_each_reader_as_its_line_word_for_word(event: Event, reader: int | None,
                                                                    words: str) -> None:
    assert narration.line(event, (), reader, narration.Voice(NAMES, reader)) == words


def test_another_seats_standing_orders_are_no_line_at_all() -> None:
    events: list[Event] = [{"type": "orders", "seat": 1, "orders": {}},
                           {"type": "order", "seat": 1, "name": "defend"}]
    for event in events:
        assert narration.line(event, (), A, VOICE) is None and narration.line(event, (), None, VOICE) is None


def test_an_offer_or_a_promise_read_without_its_seat_shows_its_parties_what_they_may_know() -> None:
    """A command read with no seat (as a record is) is shown from its events alone."""
    offer: Event = {"type": "offer", "offer": 2, "sender": 1, "receiver": 2,
                    "give": [TROPHY_GIVEN, WRECK_GIVEN], "get": [TROPHY_GIVEN]}
    command = "offer 3 give trophy T01 + wreck N05@end get trophy T01"
    for party in (B, C):  # the sender and the receiver: its wreck and the trophy it asks for
        assert narration.shown_command(command, None, [offer], party) == (
            "offer 3 give a trophy + wreck N05@end get trophy T01")
    assert narration.shown_command(command, None, [offer], A) == (
        "offer 3 give a trophy + a wreck@end get a trophy")
    assert narration.shown_command(command, B, [], A) == "offer"
    promise: Event = {"type": "promise", "promise": 3, "debtor": 1, "creditor": 2, "items": [WRECK_GIVEN]}
    assert narration.shown_command("promise 3 wreck N05@end", None, [promise], C) == "promise 3 wreck N05@end"
    assert narration.shown_command("promise 3 wreck N05@end", None, [promise], A) == "promise 3 a wreck@end"
    assert narration.shown_command("promise 3 wreck N05@end", B, [], A) == "promise"


def test_the_cards_of_a_trophy_choice_are_masked_in_the_command_the_others_read() -> None:
    masked = {"trophy drop T03": "trophy drop a trophy", "swap T05": "swap a trophy",
              "choose T01 T02": "choose two trophies", "tour trophies T05": "tour trophies a trophy",
              "trophy refuse": "trophy refuse", "tour trophies": "tour trophies"}
    for command, words in masked.items():
        assert narration.shown_command(command, A, [], B) == words
        assert narration.shown_command(command, A, [], A) == command
