"""The records a Metal Adventures state keeps besides its zones (records.py, battle_state.py) and the checked
readers they are read with (fields.py): each reads back from its JSON exactly, takes what its JSON leaves out
from its defaults, and refuses a value of the wrong shape saying, word for word, what was expected
(state.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.kinds.metal_adventures import fields
from games.kinds.metal_adventures.battle_state import Ask, Battle, Declaration
from games.kinds.metal_adventures.records import (
    Case,
    Choice,
    Item,
    Offer,
    Promise,
    Travel,
    deeds_from,
    items_text,
    maybe_seat,
)

RECORDS: list[Any] = [
    Item(kind="credits", amount=3, due="win"),
    Item(kind="trophy", card="T03", due="next"),
    Promise(number=4, debtor=1, creditor=2, items=(Item(kind="card", card="E01", due="end"),), due="end",
            turn=6, ally_terms=True, hunter=True),
    Offer(number=2, sender=0, receiver=3, give=(Item(kind="credits", amount=2),),
          get=(Item(kind="wreck", card="N05"),), turn=5),
    Case(number=3, accuser=2, accused=0, words="you swore", stage="vote", turn=4,
         votes=((1, "guilty"), (3, "abstain")), vote_turn=5),
    Choice(kind="trophy", seat=2, cards=("T01", "T02"), options=("x",), count=2, source="rest"),
    Choice(kind="planet", seat=1, options=("exxalia", "karokum"), source="tour"),
    Travel(battle_done=True, tour_side="after", tour_last=3, planets_toured=("bazaar", "ocg"),
           planet_attacked="karokum"),
    Ask(principal=0, seat=2, terms=(Item(kind="credits", amount=1),), round=2, answer="counter",
        counter=(Item(kind="trophy"),)),
    Declaration(seat=3, loyal=False, mf=True, play=("S02",), arm=("S01", "S03"), done=True),
    Battle(kind="challenge", attacker=1, target="N07", challenged=2, allies=(0,), defenders=(3,),
           asks=(Ask(principal=1, seat=0, terms=()),), ready=(1, 2), window=4, step="react",
           declarations=(Declaration(seat=1, mf=True),), traitor=0, debt=2, orange=5, gray=3,
           mf_rolls=((1, 4), (2, 6)), rerolled=(1,), passed=(2,), smoke=(3,), winner="attack",
           locked=("E01",), taken="wrecks"),
]


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: type(record).__name__)
def test_a_record_with_every_field_set_reads_back_from_its_json_exactly(record: Any) -> None:
    data = json.loads(json.dumps(record.to_dict()))
    assert type(record).from_dict(data) == record
    # Every field is written (no field left to its default on the way back).
    assert set(data) == set(record.__dataclass_fields__)


@pytest.mark.parametrize(("data", "record"), [
    ({"kind": "credits"}, Item(kind="credits", amount=0, card="", due="now")),
    ({"number": 1, "debtor": 0, "creditor": 1, "due": "win"},
     Promise(number=1, debtor=0, creditor=1, items=(), due="win", turn=0, ally_terms=False, hunter=False)),
    ({"number": 1, "sender": 0, "receiver": 1},
     Offer(number=1, sender=0, receiver=1, give=(), get=(), turn=0)),
    ({"number": 1, "accuser": 0, "accused": 1, "stage": "plea"},
     Case(number=1, accuser=0, accused=1, words="", stage="plea", turn=0, votes=(), vote_turn=0)),
    ({"kind": "support", "seat": 2},
     Choice(kind="support", seat=2, cards=(), options=(), count=1, source="")),
    ({}, Travel(battle_done=False, tour_side="", tour_last=0, planets_toured=(), planet_attacked="")),
    ({"principal": 0, "seat": 1}, Ask(principal=0, seat=1, terms=(), round=1, answer="", counter=())),
    ({"seat": 2}, Declaration(seat=2, loyal=None, mf=None, play=(), arm=(), done=False)),
    ({"kind": "space", "attacker": 0}, Battle(kind="space", attacker=0, target="", challenged=None)),
])
def test_a_record_takes_what_its_json_leaves_out_from_its_defaults(data: dict[str, Any], record: Any) -> None:
    assert type(record).from_dict(data) == record


def test_a_battle_read_with_only_its_kind_and_attacker_holds_nothing_else() -> None:
    battle = Battle.from_dict({"kind": "planet", "attacker": 2})
    assert battle.to_dict() == {
        "kind": "planet", "attacker": 2, "target": "", "challenged": None, "allies": [], "defenders": [],
        "asks": [], "ready": [], "window": 0, "step": "", "declarations": [], "traitor": None, "debt": 0,
        "orange": 0, "gray": 0, "mf_rolls": [], "rerolled": [], "passed": [], "smoke": [], "winner": "",
        "powers": [], "locked": [], "taken": ""}


def test_flags_read_true_only_from_true() -> None:
    """The flags a record reads leniently (an old state may hold null): only JSON true sets them."""
    assert Promise.from_dict({"number": 1, "debtor": 0, "creditor": 1, "due": "win", "ally_terms": 1,
                              "hunter": "yes"}).ally_terms is False
    assert Travel.from_dict({"battle_done": 1}).battle_done is False
    assert Declaration.from_dict({"seat": 0, "done": 1}).done is False


def refusal(read: Callable[[], object]) -> str:
    with pytest.raises(ValueError) as refused:
        read()
    return str(refused.value)


ITEM = {"kind": "card", "card": "E01"}


@pytest.mark.parametrize(("read", "words"), [
    (lambda: Item.from_dict({**ITEM, "colour": "red"}), "an item has no field colour"),
    (lambda: Item.from_dict({**ITEM, "kind": "ship"}),
     "an item's kind is one of 'credits', 'card', 'wreck', 'trophy', not 'ship'"),
    (lambda: Item.from_dict({**ITEM, "card": "N05"}), "an item of kind card names 'N05'"),
    (lambda: Item.from_dict({"kind": "wreck", "card": "E01"}), "an item of kind wreck names 'E01'"),
    (lambda: Item.from_dict({"kind": "trophy", "card": "N05"}), "an item of kind trophy names 'N05'"),
    (lambda: Item.from_dict({**ITEM, "card": 5}), "an item's card is a string, not 5"),
    (lambda: Item.from_dict({**ITEM, "due": "soon"}),
     "an item's due point is one of 'now', 'win', 'end', 'next', not 'soon'"),
    (lambda: Item.from_dict({**ITEM, "amount": "2"}), "expected a whole number, not '2'"),
    (lambda: Promise.from_dict({"number": 1, "debtor": 0, "creditor": 1, "due": "now"}),
     "a promise's due point is one of 'win', 'end', 'next', not 'now'"),
    (lambda: Promise.from_dict({"number": 1, "debtor": 0, "creditor": 1, "due": "win", "items": "2c"}),
     "a promise's items is a list of objects, not '2c'"),
    (lambda: Promise.from_dict({"number": 1, "turn": 2, "x": 0}), "a promise has no field x"),
    (lambda: Offer.from_dict({"number": 1, "sender": 0, "receiver": 1, "give": [1]}),
     "an offer's give is a list of objects, not [1]"),
    (lambda: Offer.from_dict({"number": 1, "sender": 0, "receiver": 1, "get": {}}),
     "an offer's get is a list of objects, not {}"),
    (lambda: Offer.from_dict({"x": 1}), "an offer has no field x"),
    (lambda: Case.from_dict({"number": 1, "accuser": 0, "accused": 1, "stage": "trial"}),
     "a case's stage is one of 'plea', 'vote', 'guilty', not 'trial'"),
    (lambda: Case.from_dict({"number": 1, "accuser": 0, "accused": 1, "stage": "vote",
                             "votes": [[1, "yes"]]}),
     "a vote is one of 'guilty', 'innocent', 'abstain', not 'yes'"),
    (lambda: Case.from_dict({"number": 1, "accuser": 0, "accused": 1, "stage": "vote", "words": 3}),
     "a case's words is a string, not 3"),
    (lambda: Case.from_dict({"x": 1}), "a case has no field x"),
    (lambda: Choice.from_dict({"kind": "guess", "seat": 0}),
     "a choice's kind is one of 'trophy', 'exxalia', 'support', 'wreck', 'spoils', 'wrecks', 'planet', "
     "'discard', not 'guess'"),
    (lambda: Choice.from_dict({"kind": "trophy", "seat": 0, "cards": ["E01"]}),
     "a choice's cards: 'E01' is not one of its cards"),
    (lambda: Choice.from_dict({"kind": "discard", "seat": 0, "cards": ["T01"]}),
     "a choice's cards: 'T01' is not one of its cards"),
    (lambda: Choice.from_dict({"kind": "planet", "seat": 0, "options": "exxalia"}),
     "a choice's options are a list, not 'exxalia'"),
    (lambda: Choice.from_dict({"kind": "planet", "seat": 0, "options": {"exxalia": 1}}),
     "a choice's options are a list, not {'exxalia': 1}"),
    (lambda: Choice.from_dict({"kind": "planet", "seat": 0, "options": [1]}),
     "a choice's option is a string, not 1"),
    (lambda: Choice.from_dict({"kind": "planet", "seat": 0, "source": None}),
     "a choice's source is a string, not None"),
    (lambda: Choice.from_dict({"kind": "planet", "seat": 0, "x": 1}), "a choice has no field x"),
    (lambda: Travel.from_dict({"tour_side": "during"}),
     "tour_side is one of '', 'before', 'after', not 'during'"),
    (lambda: Travel.from_dict({"planets_toured": ["mars"]}),
     "planets_toured: mars is not one of exxalia, bazaar, karokum, ocg"),
    (lambda: Travel.from_dict({"planet_attacked": "mars"}),
     "planet_attacked is one of '', 'exxalia', 'bazaar', 'karokum', 'ocg', not 'mars'"),
    (lambda: Travel.from_dict({"tour_last": None}), "expected a whole number, not None"),
    (lambda: Travel.from_dict({"x": 1}), "travel has no field x"),
    (lambda: deeds_from("title"), "deeds are a list of [seat, deed] pairs, not 'title'"),
    (lambda: deeds_from({"title": 1}), "deeds are a list of [seat, deed] pairs, not {'title': 1}"),
    (lambda: deeds_from([[1, "sunk"]]),
     "a deed is one of 'title', 'won_challenge', 'won_challenged', 'won_planet', 'beat_15', 'turncoat', "
     "not 'sunk'"),
    (lambda: deeds_from([["1", "title"]]), "expected a whole number, not '1'"),
    (lambda: maybe_seat("2"), "expected a whole number, not '2'"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_record_of_the_wrong_shape_is_refused_saying_what_was_expected(
        read: Callable[[], object], words: str) -> None:
    assert refusal(read) == words


BATTLE = {"kind": "space", "attacker": 0}


@pytest.mark.parametrize(("read", "words"), [
    (lambda: Battle.from_dict({**BATTLE, "kind": "duel"}),
     "a battle's kind is one of 'space', 'karokum', 'planet', 'challenge', not 'duel'"),
    (lambda: Battle.from_dict({**BATTLE, "target": 7}), "a battle's target is a string, not 7"),
    (lambda: Battle.from_dict({**BATTLE, "asks": "all"}), "a battle's asks is a list of objects, not 'all'"),
    (lambda: Battle.from_dict({**BATTLE, "declarations": [2]}),
     "a battle's declarations is a list of objects, not [2]"),
    (lambda: Battle.from_dict({**BATTLE, "step": "loot"}),
     "a battle's step is one of '', 'ally', 'attacker', 'challenger', 'challenger_allies', "
     "'challenged_side', 'react', 'smoke', not 'loot'"),
    (lambda: Battle.from_dict({**BATTLE, "winner": "draw"}),
     "a battle's winner is one of '', 'attack', 'defend', not 'draw'"),
    (lambda: Battle.from_dict({**BATTLE, "locked": [1]}), "a locked card is a string, not 1"),
    (lambda: Battle.from_dict({**BATTLE, "taken": "ships"}),
     "the spoils taken is one of '', 'credits', 'card', 'wrecks', not 'ships'"),
    (lambda: Battle.from_dict({**BATTLE, "challenged": "2"}), "expected a whole number, not '2'"),
    (lambda: Battle.from_dict({**BATTLE, "traitor": True}), "expected a whole number, not True"),
    (lambda: Battle.from_dict({**BATTLE, "colour": "red"}), "a battle has no field colour"),
    (lambda: Ask.from_dict({"principal": 0, "seat": 1, "answer": "maybe"}),
     "an ask's answer is one of '', 'accept', 'decline', 'counter', not 'maybe'"),
    (lambda: Ask.from_dict({"principal": 0, "seat": 1, "terms": "2c"}),
     "an ask's terms is a list of objects, not '2c'"),
    (lambda: Ask.from_dict({"principal": 0, "seat": 1, "counter": "2c"}),
     "an ask's counter is a list of objects, not '2c'"),
    (lambda: Ask.from_dict({"principal": 0, "seat": 1, "x": 1}), "an ask has no field x"),
    (lambda: Declaration.from_dict({"seat": 0, "loyal": "yes"}), "expected true or false, not 'yes'"),
    (lambda: Declaration.from_dict({"seat": 0, "mf": 1}), "expected true or false, not 1"),
    (lambda: Declaration.from_dict({"seat": 0, "play": [2]}), "a played card is a string, not 2"),
    (lambda: Declaration.from_dict({"seat": 0, "arm": [2]}), "an armed card is a string, not 2"),
    (lambda: Declaration.from_dict({"seat": 0, "x": 1}), "a declaration has no field x"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_battle_of_the_wrong_shape_is_refused_saying_what_was_expected(
        read: Callable[[], object], words: str) -> None:
    assert refusal(read) == words


def test_an_item_is_written_as_commands_write_it_and_hidden_kinds_hide_their_card() -> None:
    assert Item(kind="credits", amount=2).text() == "2c"
    assert Item(kind="credits", amount=2, due="win").text(hide=True) == "2c@win"
    assert Item(kind="card", card="E01").text(hide=True) == "card E01"
    assert Item(kind="wreck", card="N05", due="end").text() == "wreck N05@end"
    assert Item(kind="wreck", card="N05", due="end").text(hide=True) == "a wreck@end"
    assert Item(kind="trophy", card="T03").text(hide=True) == "a trophy"
    assert Item(kind="trophy").text() == "trophy"
    both = (Item(kind="credits", amount=1), Item(kind="trophy", card="T03"))
    assert items_text(both) == "1c + trophy T03" and items_text(both, hide=True) == "1c + a trophy"
    assert items_text(()) == "nothing"


def test_deeds_read_as_seat_and_deed_pairs_in_order() -> None:
    assert deeds_from([[2, "title"], (0, "turncoat")]) == ((2, "title"), (0, "turncoat"))
    assert deeds_from(()) == ()
    assert maybe_seat(None) is None and maybe_seat(0) == 0


def test_a_trophy_item_may_leave_its_card_unnamed_and_credits_name_none() -> None:
    assert Item.from_dict({"kind": "trophy", "card": ""}) == Item(kind="trophy")
    assert Item.from_dict({"kind": "credits", "amount": 2, "card": "anything"}).card == "anything"


# === THE READERS (fields.py) ===


@pytest.mark.parametrize(("read", "words"), [
    (lambda: fields.whole(True), "expected a whole number, not True"),
    (lambda: fields.whole(2.0), "expected a whole number, not 2.0"),
    (lambda: fields.wholes([1, "2"]), "expected a whole number, not '2'"),
    (lambda: fields.flag(0), "expected true or false, not 0"),
    (lambda: fields.maybe_flag("true"), "expected true or false, not 'true'"),
    (lambda: fields.maybe_whole(False), "expected a whole number, not False"),
    (lambda: fields.card_ids("N01", ("N01",), "the pile"), "the pile is a list of card ids, not 'N01'"),
    (lambda: fields.card_ids({"N01": 1}, ("N01",), "the pile"),
     "the pile is a list of card ids, not {'N01': 1}"),
    (lambda: fields.card_ids(["N01", "N02"], ("N01",), "the pile"),
     "the pile: 'N02' is not one of its cards"),
    (lambda: fields.word_list("a", ("a", "b"), "the words"), "the words is a list of words, not 'a'"),
    (lambda: fields.word_list(7, ("a", "b"), "the words"), "the words is a list of words, not 7"),
    (lambda: fields.word_list(["a", "c", 1], ("a", "b"), "the words"), "the words: c, 1 is not one of a, b"),
    (lambda: fields.only_keys([], ("a",), "a thing"), "a thing is an object, not []"),  # type: ignore[arg-type]
    (lambda: fields.only_keys({"b": 1, "a": 2, "c": 3}, ("a",), "a thing"), "a thing has no field b, c"),
    (lambda: fields.text(3, "a name"), "a name is a string, not 3"),
    (lambda: fields.text("c", "a letter", ("a", "b")), "a letter is one of 'a', 'b', not 'c'"),
    (lambda: fields.text(None, "a letter", ("a",)), "a letter is one of 'a', not None"),
    (lambda: fields.objects("x", "the list"), "the list is a list of objects, not 'x'"),
    (lambda: fields.objects(3, "the list"), "the list is a list of objects, not 3"),
    (lambda: fields.objects([{}, 1], "the list"), "the list is a list of objects, not [{}, 1]"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_reader_refuses_a_value_of_the_wrong_shape_saying_what_was_expected(
        read: Callable[[], object], words: str) -> None:
    assert refusal(read) == words


def test_a_reader_returns_what_it_read_when_the_shape_is_right() -> None:
    assert fields.whole(0) == 0 and fields.wholes([3, 1]) == (3, 1) and fields.wholes(()) == ()
    assert fields.flag(False) is False and fields.maybe_flag(None) is None and fields.maybe_flag(True) is True
    assert fields.maybe_whole(None) is None and fields.maybe_whole(4) == 4
    assert fields.card_ids(["N02", "N01"], {"N01": 1, "N02": 2}, "x") == ("N02", "N01")
    assert fields.card_ids(("N01",), ("N01",), "x") == ("N01",)
    assert fields.word_list(("b", "a"), ("a", "b"), "x") == ("b", "a")
    fields.only_keys({"a": 1}, ("a", "b"), "x")  # no refusal
    assert fields.text("", "x") == "" and fields.text("b", "x", ("a", "b")) == "b"
    assert fields.objects(({"a": 1},), "x") == [{"a": 1}]
