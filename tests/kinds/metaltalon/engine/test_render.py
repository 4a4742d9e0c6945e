"""render_text and describe: the plain-text board and the event sentences."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from games.bots import RandomBot, play_out
from games.kinds.metaltalon.bots.rules import RULES, engine_play, engine_to_act
from games.kinds.metaltalon.engine import Ship, new_game, play
from games.kinds.metaltalon.engine.board import load_board
from games.kinds.metaltalon.engine.render import (
    EVENT_TYPES,
    describe,
    render_text,
    seat_label,
    seat_letter,
    second_person,
)

FACTIONS4 = ["vamps", "warriors", "bankers", "clovers"]


def board_rows(text: str) -> dict[int, str]:
    rows = {}
    for line in text.splitlines():
        head = line[:3].strip()
        if head.isdigit():
            rows[int(head)] = line
        if not line.strip():
            break
    return rows


def column_of(line_header: str, letter: str) -> int:
    return line_header.index(f" {letter} ") + 1


def with_ships(state, *ships):
    return replace(state, ships=tuple(ships), next_ship=len(ships) + 1)


def random_game(edition, players, variants=(), steps=150, seed=1):
    """A seeded game between random bots (games/bots): where it got to and every event on the way."""
    state = new_game(players=players, edition=edition, variants=variants, seed=seed)
    bots = [RandomBot(RULES, random.Random(f"{seed}:{i}")) for i in range(players)]
    events = []
    for step in play_out(state, bots, engine_play, engine_to_act, steps):
        state = step.state
        events += step.events
    return state, events


def test_the_board_has_every_row_and_the_column_letters():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    text = render_text(state)
    rows = board_rows(text)
    assert sorted(rows) == list(range(1, 18))
    assert text.splitlines()[0].split() == list("ABCDEFGHIJKLMNOPQ")


def test_each_row_shows_as_many_cells_as_the_board_has():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    board = load_board("token")
    rows = board_rows(render_text(state))
    for number, line in rows.items():
        on_board = sum(1 for c in board.cells if board.position(c)[1] == number - 1)
        marks = line[4:].count(".") + line[4:].count("[")
        assert marks == on_board, number


def test_a_ship_is_drawn_under_its_column_as_value_then_owner_letter():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    state = with_ships(state, Ship(id=1, owner=1, cell="I9", pieces=(3, 1, 1)))
    text = render_text(state)
    header = text.splitlines()[0]
    line = board_rows(text)[9]
    col = column_of(header, "I")
    # value first, so a ship never reads as a cell name ("B18" would be a cell)
    assert line[col - 1 : col + 3].strip() == f"18{seat_letter(1)}"


def test_home_bases_show_their_owner_and_unused_bases_are_marked_unowned():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    text = render_text(state)
    rows = board_rows(text)
    for s in state.seats:
        row = int(s.home[1:])
        assert f"[ {seat_letter(s.index)} ]" in rows[row]
    assert sum(line.count("[ $ ]") for line in rows.values()) == 7  # 9 bases, 2 homes


def test_the_seat_list_shows_faction_reserve_ships_and_who_plays():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    state = with_ships(state, Ship(id=1, owner=0, cell="I9", pieces=(3, 1, 0)))
    text = render_text(state, seat=0)
    assert "A (you): Vamps" in text
    assert f"reserve {state.seats[0].reserve} credits" in text
    assert "ships: I9 3e 1w (8)" in text
    assert "B: Warriors" in text
    assert "Round 1: Player A (Vamps) to play" in text


def test_coin_editions_use_cents_and_coin_letters():
    state = new_game(players=4, edition="metatalon", factions=FACTIONS4, seed=1)
    state = with_ships(state, Ship(id=1, owner=2, cell="I6", pieces=(2, 1, 1)))
    text = render_text(state)
    assert "ships: I6 2p 1n 1d (17)" in text
    assert "cents" in text
    assert sorted(board_rows(text)) == list(range(1, 12))


def test_setup_and_finished_games_say_so():
    setup = new_game(players=3, edition="token", seed=4)
    assert "keep or redraw" in render_text(setup)
    over = replace(
        new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1), phase="over", winner=1
    )
    assert "Game over: Player B (Warriors) won." in render_text(over)


# Editions, player counts and variants whose bot-played games the sentence tests read through.
RANDOM_GAMES = (("token", 6, ()), ("token", 3, ("takeover",)), ("metatalon", 4, ()),
                ("web2002", 2, ("spoils",)))


def test_every_event_of_random_games_gets_its_own_sentence():
    seen = set()
    for edition, players, variants in RANDOM_GAMES:
        state, events = random_game(edition, players, variants)
        for event in events:
            assert event["type"] in EVENT_TYPES, event
            sentence = describe(event, state)
            assert sentence.endswith((".", "!", "?")) and "None" not in sentence, sentence
            seen.add(event["type"])
    assert {"move", "launch", "income", "turn", "fire", "roll"} <= seen


def test_a_verb_said_to_you_drops_its_third_person():
    said = {verb: second_person(verb) for verb in (
        "fires", "is", "has", "does", "goes", "was", "carries", "passes", "pushes", "catches", "fixes",
        "buzzes", "fired", "paid", "split", "pass")}
    assert said == {
        "fires": "fire", "is": "are", "has": "have", "does": "do", "goes": "go", "was": "were",
        "carries": "carry", "passes": "pass", "pushes": "push", "catches": "catch", "fixes": "fix",
        "buzzes": "buzz", "fired": "fired", "paid": "paid", "split": "split", "pass": "pass"}


# A sentence said to a seat whose verb stayed in the third person: "You fires", "you is", "You resigned
# and is out", "You give back X and draws Y".
THIRD_PERSON_YOU = re.compile(r"\byou (?:is|has|does|was|goes|\w*[^\Ws]s)\b", re.I)
THIRD_PERSON_AFTER_YOU = re.compile(r"^You\b[^:]*\band (?:is|has|was|\w*[^\Ws]s)\b")


def test_no_sentence_of_bot_played_games_said_to_a_seat_reads_you_fires_or_you_is():
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    said_you = 0
    for edition, players, variants in RANDOM_GAMES:
        state, events = random_game(edition, players, variants)
        for event in events:
            for you in range(players):
                sentence = describe(event, state, names, you=you)
                assert not THIRD_PERSON_YOU.search(sentence), sentence
                assert not THIRD_PERSON_AFTER_YOU.search(sentence), sentence
                assert names[you] not in sentence, sentence  # the reader's own seat is never named
                said_you += sentence.startswith(("You ", "Your "))
    assert said_you > 100


def test_fire_sentence_gives_roll_range_shields_and_damage():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    event = {
        "type": "fire",
        "seat": 0,
        "ship": 1,
        "from": "D7",
        "to": "F9",
        "target": "ship",
        "target_seat": 1,
        "target_ship": 2,
        "roll": 5,
        "bonus": 0,
        "penalty": 1,
        "shields": 1,
        "damage": 3,
        "gone": False,
    }
    assert describe(event, state) == (
        "Player A (Vamps)'s ship at D7 fired at Player B (Warriors)'s ship at F9: rolled 5, range 1, "
        "shields 1: 3 points of damage."
    )


def test_damage_sentence_shows_the_composition_left():
    event = {
        "type": "damage",
        "seat": 1,
        "ship": 2,
        "cell": "F9",
        "damage": 3,
        "lost": 3,
        "before": [4, 1, 0],
        "after": [6, 0, 0],
        "destroyed": False,
    }
    assert describe(event) == "Player B's ship at F9 lost 3 credits: 4e 1w became 6e."


def test_names_override_the_seat_labels():
    event = {"type": "win", "seat": 1}
    assert describe(event, names=["ann", "bob"]) == "bob wins the game!"


def test_unknown_events_are_still_described():
    assert describe({"type": "comet", "cell": "D7"}) == "Comet: cell D7."


def test_every_event_type_the_engine_emits_has_a_sentence():
    import re
    from pathlib import Path

    import games.kinds.metaltalon.engine as package

    engine = Path(package.__file__).parent
    emitted = set()
    for source in engine.glob("*.py"):
        emitted |= set(re.findall(r'"type": "([a-z_]+)"', source.read_text(encoding="utf-8")))
    assert emitted and emitted <= EVENT_TYPES, emitted - EVENT_TYPES


def test_setup_sentences_name_the_faction_once():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    assert describe({"type": "keep", "seat": 0, "faction": "vamps"}, state) == "Player A keeps Vamps."
    event = {"type": "redraw", "seat": 1, "old": "warriors", "faction": "bankers", "reserve": 39}
    assert describe(event, state) == "Player B gives back Warriors and draws Bankers (starting reserve 39)."


# === the text board word for word, in the positions mails show ===


def below_the_legend(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[
        lines.index("    [ $ ] = unowned base (pays income)     [7A ] = a ship standing on a base") + 1 :
    ]


def crowded(then: str = "move O9 O10; launch 1e"):
    """Token, three players, Spoils: invaders share the Rebels' base M12, A has moved its ship at O9
    (and launched from I3); the base texts overlap the ships beside them on rows 9 and 12."""
    from .helpers import position

    state = position(
        players=3,
        factions=("clovers", "rebels", "swarm"),
        variants=("spoils",),
        ships=(
            (0, "N12", (1, 2, 0)),
            (2, "M12", (1, 0, 0)),
            (0, "M12", (3, 0, 0)),
            (2, "L12", (1, 0, 1)),
            (0, "O9", (12, 0, 0)),
            (0, "C9", (1, 0, 0)),
        ),
        reserves=(5, 4, 3),
    )
    return play(state, 0, then)[0]


def test_a_base_beside_a_ship_keeps_both_whole_on_the_board():
    rows = board_rows(render_text(crowded()))
    assert rows[9].rstrip() == "  9   . [ $ ]1A   .   .   .   .   .   .   .   .   .   .   .   . [ $ ] ."
    assert rows[12].rstrip() == " 12         .   . [ C ] .   .   .   .   .   .   .  11C[3A ]11A  ."


def test_the_seats_ships_and_status_of_a_turn_in_progress():
    assert below_the_legend(render_text(crowded(), seat=0)) == [
        "    M12 holds 2 ships: #1 1C, #2 3A (fire ... M12 2 aims at #2)",
        "",
        "  A (you): Clovers, home I3, reserve 4 credits, to play",
        "      ships: N12 1e 2w (11); M12 #2 3e (3); O10 12e (12, done); C9 1e (1); I3 1e (1, active)",
        "  B: Rebels, home M12, reserve 4 credits, waiting",
        "      ships: no ships",
        "  C: The Swarm, home D12, reserve 3 credits, waiting",
        "      ships: M12 #1 1e (1); L12 1e 1s (11)",
        "",
        "token edition, 3 players, Spoils. Round 1: Player A (Clovers) to play. Active",
        "ship at I3: 0 moves and 0 shots used. Launch done this turn.",
    ]


def test_a_seat_out_and_a_reroll_to_answer():
    from .helpers import QueueDice

    state = crowded("move O9 O10")
    state = play(state, 1, "resign")[0]
    state = play(state, 0, "fire N12 L12", dice=QueueDice(2))[0]
    assert below_the_legend(render_text(state, seat=2))[2:7] == [
        "  A: Clovers, home I3, reserve 5 credits, to answer: rolled 2, reroll or accept",
        "      ships: N12 1e 2w (11, active); M12 #2 3e (3); O10 12e (12, done); C9 1e (1)",
        "  B: Rebels, home M12, reserve 0 credits, OUT (resigned)",
        "  C (you): The Swarm, home D12, reserve 3 credits, waiting",
        "      ships: M12 #1 1e (1); L12 1e 1s (11)",
    ]


def test_a_split_is_noted_in_the_status_line():
    from .helpers import position

    state = position(factions=("swarm", "bankers"), ships=((0, "I9", (2, 1, 0)),), reserves=(5, 5))
    state = play(state, 0, "split I9 I8 1e")[0]
    assert render_text(state).splitlines()[-2:] == [
        "token edition, 2 players. Round 1: Player A (The Swarm) to play. Split done",
        "this turn.",
    ]


def test_the_seats_during_the_deal_and_after_the_game():
    setup = play(new_game(players=2, edition="token", seed=3), 0, "keep")[0]
    lines = below_the_legend(render_text(setup))
    assert lines[1] == "  A: Anarchists, home P9, reserve 32 credits, ready"
    assert lines[3] == "  B: Murphys, home B9, reserve 32 credits, deciding: keep or redraw"
    over = replace(setup, phase="over", winner=1)
    assert below_the_legend(render_text(over))[3].endswith(", WINNER")


def test_seat_letters_and_labels_at_the_ends_of_their_range():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    assert [seat_letter(i) for i in (-1, 0, 5, 6)] == ["?", "A", "F", "?"]
    assert seat_label(state, 1) == "Player B (Warriors)"
    assert seat_label(None, 1) == "Player B"
    assert seat_label(state, 2) == "Player C"  # no such seat: no faction to name
    assert seat_label(state, None) == "nobody"
    undecided = new_game(players=2, edition="token", seed=1)
    assert seat_label(
        replace(undecided, seats=(replace(undecided.seats[0], faction=None),) + undecided.seats[1:]), 0
    ) == ("Player A")


def test_given_names_replace_labels_only_for_the_seats_they_cover():
    event = {"type": "takeover", "seat": 0, "from": 2, "ships": [4]}
    assert describe(event, names=["ann", "bob"]) == "ann takes control of 1 ship of Player C (Takeover)."
    keep = {"type": "keep", "seat": 1, "faction": "vamps"}
    assert describe(keep, names=["ann", "bob"]) == "bob keeps Vamps."
    assert describe({**keep, "seat": 0}, names=["ann", "bob"]) == "ann keeps Vamps."
    assert describe({**keep, "seat": 2}, names=["ann", "bob"]) == "Player C keeps Vamps."
    assert describe(keep) == "Player B keeps Vamps."


def test_missing_pieces_read_as_nothing():
    event = {"type": "split", "seat": 0, "from": "D7", "to": "E7", "pieces": [1, 0, 0], "remaining": None}
    assert describe(event) == "Player A split the ship at D7: 1e moved to E7, nothing stayed."


def test_ships_of_every_size_keep_three_characters_on_the_board():
    state = new_game(players=2, edition="token", factions=["vamps", "warriors"], seed=1)
    state = with_ships(
        state,
        Ship(id=1, owner=0, cell="F9", pieces=(7, 0, 0)),
        Ship(id=2, owner=1, cell="H9", pieces=(2, 0, 1)),
        Ship(id=3, owner=0, cell="J9", pieces=(0, 0, 10)),
    )
    row = board_rows(render_text(state))[9]
    assert row.rstrip() == "  9   . [ B ] .   .   .  7A   .  12B  .  ++A  .   .   .   .   . [ A ] ."


def test_the_legend_follows_an_empty_line_word_for_word():
    from .helpers import position

    lines = render_text(position()).splitlines()
    at = lines.index("    7A = a ship of Player A worth 7        [ A ] = Player A's home base")
    assert lines[at - 1] == ""


def test_a_finished_game_marks_only_its_winner():
    from .helpers import position

    seats = [line for line in render_text(replace(position(), phase="over", winner=1)).splitlines()
             if line.startswith(("  A:", "  B:"))]
    assert seats[0].endswith("waiting") and seats[1].endswith("WINNER")


def test_an_event_without_its_own_sentence_is_still_told_plainly():
    assert describe({"type": "odd_thing", "a": 1, "b": 2}) == "Odd thing: a 1, b 2."
    assert describe({}) == "Event: ."


def test_of_two_equal_invaders_on_a_rebels_base_the_board_shows_the_first():
    from .helpers import position

    state = position(
        players=3,
        factions=("bankers", "rebels", "swarm"),
        ships=((2, "M12", (2, 0, 0)), (0, "M12", (2, 0, 0))),
    )
    board = render_text(state).splitlines()
    row = next(line for line in board if line.startswith(" 12 "))
    assert "2C" in row and "2A" not in row
