"""What each seat of a parley game is asked and may see (docs/architecture.md, "What each reader may read"):
the prompts and the clock's answers, the views and a bot's state, the narration per reader, the boards and
the page. No database."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from typing import Any
from xml.etree import ElementTree

import pytest

from games.bots import Bot, play_out
from games.kinds.parley import rules
from games.kinds.parley.rules import ParleyState
from games.kinds.protocol import PROMPT_KEY, Narration, PageInput, Prompt, Refused

from .helpers import KIND, NAMES, NoDice, SeededDice, dealt, playouts, reachable, run

DAY = 24 * 3600


# === PROMPTS ===

def test_the_active_seat_is_asked_its_turn_keyed_by_the_turn_number() -> None:
    assert KIND.prompts(dealt(), NAMES) == [Prompt(0, "1", "it is your turn", own_turn=True, seconds=None)]
    state, _ = run(dealt(), (0, "end"))
    assert KIND.prompts(state, None) == [Prompt(1, "2", "it is your turn", own_turn=True, seconds=None)]


def test_an_asked_seat_is_asked_out_of_turn_with_the_window_and_refuse_as_default() -> None:
    state, _ = run(dealt(), (0, "ask 3"))
    assert KIND.prompts(state, NAMES) == [
        Prompt(2, "1-a1", "Ann asks you for a card: give <card> or refuse", own_turn=False, seconds=DAY,
               default="refuse")]
    state, _ = run(state, (2, "refuse"), (0, "ask 2"))
    assert KIND.prompts(state, None) == [
        Prompt(1, "1-a2", "Seat 1 asks you for a card: give <card> or refuse", own_turn=False, seconds=DAY,
               default="refuse")]


def test_the_window_option_sets_the_seconds_of_a_question_out_of_turn() -> None:
    state, _ = run(dealt(window_hours=5), (0, "ask 2"))
    assert [p.seconds for p in KIND.prompts(state, None)] == [5 * 3600]
    state, _ = run(dealt(window_hours=72), (0, "call"))
    assert [p.seconds for p in KIND.prompts(state, None)] == [72 * 3600, 72 * 3600]


def test_every_called_seat_that_has_not_answered_is_asked_yes_or_no() -> None:
    state, _ = run(dealt(active=1, turn=2), (1, "call"))
    asked = Prompt(0, "2-c", "Bob calls: yes or no?", own_turn=False, seconds=DAY, default="no")
    assert KIND.prompts(state, NAMES) == [replace(asked, seat=2), asked]  # to_act's order: (2, 0)
    state, _ = run(state, (2, "yes"))
    assert KIND.prompts(state, NAMES) == [asked]


def test_the_active_seats_turn_key_returns_once_the_question_closes() -> None:
    state, _ = run(dealt(turn=4), (0, "ask 2"))
    assert [p.key for p in KIND.prompts(state, None)] == ["4-a1"]
    state, _ = run(state, (1, "give 5"))
    assert KIND.prompts(state, None) == [Prompt(0, "4", "it is your turn", own_turn=True, seconds=None)]
    state, _ = run(state, (0, "call"), (1, "no"), (2, "no"))
    assert [p.key for p in KIND.prompts(state, None)] == ["4"]


def test_nobody_is_asked_anything_once_the_game_is_over() -> None:
    state, _ = run(dealt(), (1, "resign"), (2, "resign"))
    assert KIND.prompts(state, NAMES) == []


def test_on_random_playouts_the_prompts_follow_to_act_and_a_key_never_names_two_questions() -> None:
    out_of_turn = 0
    for seed in range(20):
        questions: dict[str, tuple[Any, ...]] = {}  # per game: a game's turn keys start at 1
        for state in reachable(range(seed, seed + 1)):
            prompts = KIND.prompts(state, NAMES)
            assert [p.seat for p in prompts] == list(KIND.to_act(state))
            for prompt in prompts:
                assert PROMPT_KEY.fullmatch(prompt.key)
                question = state.question
                asked = None if question is None else (question.kind, question.asker, question.number)
                identity = (state.turn, asked, prompt.own_turn, prompt.text)
                assert questions.setdefault(prompt.key, identity) == identity
                assert prompt.own_turn == (question is None)
                if not prompt.own_turn:
                    out_of_turn += 1
                    assert prompt.seconds == state.window_hours * 3600
                    assert KIND.timeout_commands(state, prompt.seat) == [prompt.default]
    assert out_of_turn >= 100


# === THE CLOCK ===

def test_the_clock_ends_the_turn_refuses_an_ask_and_answers_a_call_no() -> None:
    assert KIND.timeout_commands(dealt(), 0) == ["end"]
    asked, _ = run(dealt(), (0, "ask 2"))
    assert KIND.timeout_commands(asked, 1) == ["refuse"]
    called, _ = run(dealt(), (0, "call"))
    assert KIND.timeout_commands(called, 1) == KIND.timeout_commands(called, 2) == ["no"]


def test_the_clock_plays_nothing_for_a_seat_the_game_does_not_await() -> None:
    asked, _ = run(dealt(), (0, "ask 2"))
    assert KIND.timeout_commands(asked, 0) == [] and KIND.timeout_commands(asked, 2) == []
    assert KIND.timeout_commands(dealt(), 1) == []


def test_every_timeout_command_is_legal_and_ends_what_the_game_waits_for_on_random_playouts() -> None:
    checked = 0
    for state in reachable(range(20)):
        for seat in KIND.to_act(state):
            commands = KIND.timeout_commands(state, seat)
            assert commands and set(commands) <= set(KIND.legal_commands(state, seat))
            after = state
            for command in commands:
                after, _ = KIND.play(after, seat, command, NoDice())
            before = {p.key for p in KIND.prompts(state, None) if p.seat == seat}
            assert not before & {p.key for p in KIND.prompts(after, None) if p.seat == seat}
            checked += 1
    assert checked >= 300


# === VIEWS ===

def test_a_seat_sees_its_own_hand_the_others_hand_sizes_and_the_decks_size() -> None:
    view = KIND.view(dealt(), 1)
    assert view["hand"] == [5, 6, 7] and view["hand_sizes"] == [4, 3, 3] and view["deck_size"] == 5
    assert view["scores"] == [0, 0, 0] and view["seat"] == 1
    assert view["orders"] == {"give": "off", "call": "off"}
    assert "hands" not in view and "deck" not in view
    json.dumps(view)


def test_a_spectator_sees_no_hand_at_all_and_no_orders() -> None:
    state, _ = run(dealt(), (1, "order give lowest"))
    view = KIND.view(state, None)
    assert view["hand"] is None and view["orders"] is None and view["seat"] is None
    assert view["hand_sizes"] == [4, 3, 3]


def test_a_seat_sees_only_its_own_standing_orders() -> None:
    state, _ = run(dealt(), (1, "order give lowest"), (2, "order call no"))
    assert KIND.view(state, 1)["orders"] == {"give": "lowest", "call": "off"}
    assert KIND.view(state, 2)["orders"] == {"give": "off", "call": "no"}
    assert KIND.view(state, 0)["orders"] == {"give": "off", "call": "off"}
    for seat in (0, None):
        assert "lowest" not in json.dumps(KIND.view(state, seat))


def test_the_open_question_shows_who_asks_whom_and_who_has_answered_never_how() -> None:
    state, _ = run(dealt(), (0, "call"), (1, "yes"))
    for seat in (0, 2, None):
        view = KIND.view(state, seat)
        assert view["question"] == {"kind": "call", "asker": 0, "seats": [1, 2], "number": 0, "answered": [1],
                                    "my_answer": None}
        assert "yes" not in json.dumps(view)
    assert KIND.view(state, 1)["question"]["my_answer"] == "yes"
    asked, _ = run(dealt(), (0, "ask 3"))
    assert KIND.view(asked, None)["question"] == {"kind": "ask", "asker": 0, "seats": [2], "number": 1,
                                                  "answered": [], "my_answer": None}


# Keys whose numbers are public figures, never cards: the leak check reads every other number as a card.
PUBLIC_NUMBERS = {"seat", "window_hours", "rounds", "turn", "active", "winner", "scores", "out", "turns_had",
                  "hand_sizes", "deck_size", "asked", "asker", "seats", "number", "answered"}


def card_values(data: Any, key: str | None = None) -> set[int]:
    """Every number `data` holds that could be a card: numbers anywhere (in lists, as dict keys, inside
    strings) except under the keys of public figures."""
    if key in PUBLIC_NUMBERS or data is None or isinstance(data, bool):
        return set()
    if isinstance(data, int):
        return {data}
    if isinstance(data, str):
        return {int(n) for n in re.findall(r"\d+", data)}
    if isinstance(data, dict):
        found = {int(k) for k in data if str(k).isdigit()}
        for k, v in data.items():
            found |= card_values(v, str(k))
        return found
    if isinstance(data, list | tuple):
        return set().union(*(card_values(v, key) for v in data)) if data else set()
    raise TypeError(f"not JSON: {data!r}")


def hidden_from(state: ParleyState, seat: int | None) -> set[int]:
    """The cards `seat` may not know: the other seats' hands and the deck."""
    return {c for s, hand in enumerate(state.hands) if s != seat for c in hand} | set(state.deck)


def leaked(data: Any, state: ParleyState, seat: int | None) -> set[int]:
    own = set(state.hands[seat]) if seat is not None else set()
    played = {c for cards in state.played for c in cards}
    return (card_values(data) - own - played) & hidden_from(state, seat)


def test_no_view_or_bot_state_of_a_reachable_state_holds_another_seats_card() -> None:
    states = reachable(range(16))
    controls = 0
    for state in states:
        for seat in (0, 1, 2, None):
            if not hidden_from(state, seat):
                continue
            # The control: the whole state holds every hidden card where the check looks, so a view that
            # carried them would be caught.
            assert leaked(KIND.dump(state), state, seat) == hidden_from(state, seat)
            controls += 1
            assert not leaked(KIND.view(state, seat), state, seat), (KIND.dump(state), seat)
            if seat is not None:
                assert not leaked(KIND.dump(KIND.bot_state(state, seat)), state, seat)
    assert controls >= 1000 and len(states) >= 300


def twin(state: ParleyState, seat: int | None, rng: random.Random) -> ParleyState:
    """The same game as `seat` knows it, with everything it may not know changed: the hidden cards dealt
    again among the other hands and the deck (the same counts), the other seats' orders and sealed
    answers swapped."""
    hidden = sorted(hidden_from(state, seat))
    rng.shuffle(hidden)
    hands: list[tuple[int, ...]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[:len(hand)])))
            hidden = hidden[len(hand):]
    flip_give = {"off": "lowest", "lowest": "refuse", "refuse": "off"}
    flip_call = {"off": "yes", "yes": "no", "no": "off"}
    gives = tuple(o if s == seat else flip_give[o] for s, o in enumerate(state.give_orders))
    calls = tuple(o if s == seat else flip_call[o] for s, o in enumerate(state.call_orders))
    question = state.question
    if question is not None and question.kind == "call":
        answers = tuple(a if s == seat or a is None else {"yes": "no", "no": "yes"}[a]
                        for s, a in zip(question.seats, question.answers, strict=True))
        question = replace(question, answers=answers)
    return replace(state, hands=tuple(hands), deck=tuple(hidden), give_orders=gives, call_orders=calls,
                   question=question)


def test_what_a_seat_may_not_know_changes_nothing_it_is_shown() -> None:
    rng = random.Random(0)
    differing = sealed = 0
    for state in reachable(range(16)):
        for seat in (0, 1, 2, None):
            other = twin(state, seat, rng)
            differing += other != state
            sealed += other.question != state.question
            assert KIND.view(other, seat) == KIND.view(state, seat)
            assert KIND.text_board(other, seat) == KIND.text_board(state, seat)
            assert KIND.board_svg(other, seat) == KIND.board_svg(state, seat)
            page = PageInput(game=None, state=state, seat=seat, names=NAMES, query={}, undo_ok=False)
            assert KIND.page_context(replace(page, state=other)) == KIND.page_context(page)
            if seat is not None:
                assert KIND.bot_state(other, seat) == KIND.bot_state(state, seat)
    assert differing >= 500 and sealed >= 20


# === A BOT'S STATE ===

def test_a_bots_state_holds_placeholders_for_every_card_it_may_not_see() -> None:
    state, _ = run(dealt(), (1, "order give lowest"), (2, "order call yes"), (0, "call"))
    mine = KIND.bot_state(state, 0)
    assert mine.hands == ((1, 2, 3, 4), (0, 0, 0), (0, 0, 0)) and mine.deck == (0,) * 5
    assert mine.give_orders == ("off", "off", "off") and mine.call_orders == ("off", "off", "off")
    assert mine.question is not None and mine.question.answers == (None, "?")  # answered; how is unknown
    theirs = KIND.bot_state(state, 2)
    assert theirs.hands == ((0, 0, 0, 0), (0, 0, 0), (8, 9, 10))
    assert theirs.call_orders == ("off", "off", "yes")
    assert theirs.question is not None and theirs.question.answers == (None, "yes")
    assert KIND.to_act(mine) == KIND.to_act(state) == (1,)


def test_legal_commands_read_from_a_bots_state_are_the_real_ones_on_random_playouts() -> None:
    checked = 0
    for state in reachable(range(20)):
        for seat in range(3):
            assert KIND.legal_commands(KIND.bot_state(state, seat), seat) == KIND.legal_commands(state, seat)
            checked += 1
    assert checked >= 900


class Blind:
    """A bot that chooses from its own seat's state alone, as the platform's bots do (Kind.bot_state)."""

    level = "random"

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, state: ParleyState, seat: int) -> str:
        return self.bot.choose(KIND.bot_state(state, seat), seat)


def test_random_bots_choosing_from_their_own_states_play_whole_games() -> None:
    verbs: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = KIND.new_state({"window_hours": 24, "rounds": seed % 4 + 1}, 3, SeededDice(seed))
        bots = [Blind(KIND.bot("random", rng)) for _ in range(3)]
        steps = list(play_out(state, bots, lambda s, seat, c: KIND.play(s, seat, c, NoDice()), KIND.to_act,
                              500))
        assert KIND.phase(steps[-1].state) == "over"
        verbs |= {step.command.split()[0] for step in steps}
    assert verbs >= {"ask", "give", "refuse", "call", "yes", "no", "play", "end"}


# === NARRATION PER READER ===

def narrations(state: ParleyState, seat: int,
               command: str) -> tuple[dict[int | None, Narration], ParleyState]:
    """The action as each seat and a spectator read it, and the state after it."""
    after, events = KIND.play(state, seat, command, NoDice())
    read = {reader: KIND.narrate(after, seat, command, events, reader, NAMES, you=reader)
            for reader in (0, 1, 2, None)}
    return read, after


def test_a_drawn_card_is_told_only_to_its_drawer() -> None:
    read, _ = narrations(dealt(), 0, "end")
    assert read[1] == Narration("end", ["Turn 2: Bob to play.", "You draw the 11."])
    for reader in (0, 2, None):
        assert read[reader] == Narration("end", ["Turn 2: Bob to play.", "Bob draws a card."])


def test_once_the_game_is_over_others_read_a_draw_and_a_gift_by_name_not_as_you() -> None:
    """games/narration.py reads a finished game's actions as their own seat did (reader = the acting seat)
    and passes the real reader as `you`: the cards are shown, the words are the reader's own."""
    after, events = KIND.play(dealt(), 0, "end", NoDice())
    for you in (0, 2, None):
        assert KIND.narrate(after, 0, "end", events, 1, NAMES, you=you).lines == \
            ["Turn 2: Bob to play.", "Bob draws the 11."]
    asked, _ = run(dealt(), (0, "ask 2"))
    after, events = KIND.play(asked, 1, "give 6", NoDice())
    assert KIND.narrate(after, 1, "give 6", events, 1, NAMES, you=2).lines == ["Bob gives Ann the 6."]
    assert KIND.narrate(after, 1, "give 6", events, 1, NAMES, you=0).lines == ["Bob gives you the 6."]
    ordered, events = KIND.play(dealt(), 1, "order give lowest", NoDice())
    assert KIND.narrate(ordered, 1, "order give lowest", events, 1, NAMES, you=None).lines == \
        ["Bob's standing order: give lowest."]


def test_a_given_card_is_told_only_to_the_giver_and_the_receiver_the_command_too() -> None:
    asked, _ = run(dealt(), (0, "ask 2"))
    read, _ = narrations(asked, 1, "give 6")
    assert read[1] == Narration("give 6", ["You give Ann the 6."])
    assert read[0] == Narration("give 6", ["Bob gives you the 6."])
    for reader in (2, None):
        assert read[reader] == Narration("give", ["Bob gives Ann a card."])


def test_a_card_given_by_a_standing_order_is_told_the_same_way() -> None:
    ordered, _ = run(dealt(), (1, "order give lowest"))
    read, _ = narrations(ordered, 0, "ask 2")
    assert read[0] == Narration("ask 2", ["Ann asks Bob for a card.",
                                          "Bob gives you the 5 (standing order)."])
    assert read[1].lines[-1] == "You give Ann the 5 (standing order)."
    assert read[2] == read[None] == Narration("ask 2", ["Ann asks Bob for a card.",
                                                        "Bob gives Ann a card (standing order)."])


def test_a_sealed_answer_is_read_by_its_own_seat_alone_until_the_reveal() -> None:
    called, _ = run(dealt(), (0, "call"))
    read, after = narrations(called, 1, "yes")
    assert read[1] == Narration("yes", ["You answer yes."])
    for reader in (0, 2, None):
        assert read[reader] == Narration("answer", ["Bob has answered."])
    read, _ = narrations(after, 2, "no")
    public = ["The answers to Ann's call: Bob yes and Cy no.", "Ann scores 1: 1 point."]
    assert read[2] == Narration("no", ["You answer no.", *public])
    for reader in (0, 1, None):
        assert read[reader] == Narration("answer", ["Cy has answered.", *public])


def test_a_standing_order_reads_order_with_no_line_to_any_other_reader() -> None:
    read, _ = narrations(dealt(), 1, "order give lowest")
    assert read[1] == Narration("order give lowest", ["Your standing order: give lowest."])
    for reader in (0, 2, None):
        assert read[reader] == Narration("order", [])


def test_public_commands_read_the_same_for_everyone() -> None:
    for state, seat, command in ((dealt(), 0, "ask 3"), (dealt(), 0, "play 4"), (dealt(), 2, "resign"),
                                 (run(dealt(), (0, "ask 2"))[0], 1, "refuse"), (dealt(), 0, "call")):
        read, _ = narrations(state, seat, command)
        commands = {n.command for n in read.values()}
        assert commands == {command}
        # The lines differ only by the draw that starts the next turn, if any.
        assert len({tuple(line for line in n.lines if "draw" not in line) for n in read.values()}) == 1


def masked(seat: int, command: str, events: list[dict[str, Any]],
           reader: int | None) -> tuple[str, list[Any]]:
    """The action with everything `reader` may not know changed: another seat's drawn card, a card given
    between other seats (and its `give` command), another seat's sealed answer (and its yes/no command)
    unless this action reveals the answers, another seat's order."""
    sealed = not any(e["type"] == "reveal" for e in events)
    flip = {"yes": "no", "no": "yes"}
    changed = []
    for event in events:
        event = dict(event)
        if event["type"] == "draw" and event["seat"] != reader:
            event["card"] = 99
        if event["type"] == "give" and reader not in (event["from"], event["to"]):
            event["card"] = 99
        if event["type"] == "answer" and event["seat"] != reader and sealed:
            event["answer"] = flip[event["answer"]]
        changed.append(event)
    if seat != reader:
        verb = command.split()[0]
        if verb == "give" and reader not in {e["to"] for e in events if e["type"] == "give"}:
            command = "give 99"
        if verb in ("yes", "no") and sealed:
            command = flip[verb]
        if verb == "order":
            command = "order call off" if command != "order call off" else "order give lowest"
    return command, changed


def test_on_random_playouts_no_reader_reads_what_it_may_not_know() -> None:
    changed = 0
    for _before, seat, command, after, events in playouts(range(10)):
        for reader in (0, 1, 2, None):
            other_command, other_events = masked(seat, command, events, reader)
            changed += (other_command, other_events) != (command, events)
            assert KIND.narrate(after, seat, other_command, other_events, reader, NAMES, you=reader) == \
                KIND.narrate(after, seat, command, events, reader, NAMES, you=reader)
    assert changed >= 300


def test_it_describes_every_event_in_public_words() -> None:
    state = dealt()
    said = {
        "ask": ({"type": "ask", "seat": 0, "to": 1, "number": 1}, "Ann asks Bob for a card."),
        "give": ({"type": "give", "from": 1, "to": 0, "card": 5}, "Bob gives Ann a card."),
        "refuse": ({"type": "refuse", "seat": 2, "to": 0, "order": True}, "Cy refuses Ann (standing order)."),
        "call": ({"type": "call", "seat": 1, "to": [2, 0]}, "Bob calls: Cy and Ann, yes or no?"),
        "answer": ({"type": "answer", "seat": 2, "answer": "no"}, "Cy has answered."),
        "reveal": ({"type": "reveal", "seat": 1, "answers": {"2": "no", "0": "yes"}},
                   "The answers to Bob's call: Cy no and Ann yes."),
        "score": ({"type": "score", "seat": 1, "points": 2, "score": 9}, "Bob scores 2: 9 points."),
        "play": ({"type": "play", "seat": 0, "card": 7, "score": 7}, "Ann plays the 7: 7 points."),
        "pass": ({"type": "pass", "seat": 0, "to": 1, "turn": 2}, "Turn 2: Bob to play."),
        "draw": ({"type": "draw", "seat": 1, "card": 11}, "Bob draws a card."),
        "withdraw": ({"type": "withdraw", "seat": 0}, "Ann's question is withdrawn."),
        "resign": ({"type": "resign", "seat": 2}, "Cy resigns."),
        "order": ({"type": "order", "seat": 2}, "Cy sets a standing order."),
        "win": ({"type": "win", "seat": 0, "score": 1}, "Ann wins with 1 point."),
    }
    for event, sentence in said.values():
        assert KIND.describe(event, state, NAMES) == sentence
    assert KIND.describe(said["draw"][0], state, None) == "Seat 2 draws a card."


# === TALLIES, BOARDS AND THE PAGE ===

def test_its_tallies_are_each_seats_score_and_hand_size() -> None:
    state, _ = run(dealt(), (0, "play 4"))
    assert KIND.tallies(state) == {0: {"Score": 4, "Cards": 3}, 1: {"Score": 0, "Cards": 4},
                                   2: {"Score": 0, "Cards": 3}}


def test_the_text_board_shows_scores_hand_sizes_the_question_and_only_the_readers_hand() -> None:
    state, _ = run(dealt(), (0, "play 4"), (1, "call"), (2, "yes"))
    board = KIND.text_board(state, 2)
    assert "Parley, turn 2; 4 cards in the deck" in board
    assert "Seat 1: score 4, 3 cards, played 4" in board and "Seat 3 (you): score 0, 3 cards" in board
    assert "Seat 2 calls: yes or no? Waiting for Seat 1. Seat 3 has answered. You answered yes." in board
    assert board.endswith("Your hand: 8, 9, 10")
    spectator = KIND.text_board(state, None)
    assert "Your hand" not in spectator and "You answered" not in spectator


def test_the_svg_board_is_valid_markup_with_a_row_per_seat() -> None:
    svg = KIND.board_svg(dealt(), 0)
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["S1: 0 points, 4 cards", "S2: 0 points, 3 cards", "S3: 0 points, 3 cards",
                     "Your hand: 1, 2, 3, 4"]
    assert len(list(ElementTree.fromstring(KIND.board_svg(dealt(), None)).iter(
        "{http://www.w3.org/2000/svg}text"))) == 3


def page(state: ParleyState, seat: int | None) -> dict[str, Any]:
    return KIND.page_context(PageInput(game=None, state=state, seat=seat, names=NAMES, query={},
                                       undo_ok=False))


def test_the_page_gives_the_viewer_its_hand_every_seat_a_row_and_a_button_per_legal_command() -> None:
    state, _ = run(dealt(), (0, "ask 2"))
    context = page(state, 1)
    assert context["hand"] == [5, 6, 7] and context["my_turn"] is True
    assert context["legal"] == KIND.legal_commands(state, 1)
    assert [(b["command"], b["label"]) for b in context["buttons"]] == [
        ("give 5", "Give the 5"), ("give 6", "Give the 6"), ("give 7", "Give the 7"), ("refuse", "Refuse"),
        ("resign", "Resign")]
    assert context["my_question"] == "Ann asks you for a card: give <card> or refuse"
    assert context["question"] == "Ann asks Bob for a card."
    assert [(r["name"], r["score"], r["cards"], r["awaited"]) for r in context["seats"]] == [
        ("Ann", 0, 4, False), ("Bob", 0, 3, True), ("Cy", 0, 3, False)]
    assert [f["current"] for f in context["order_fields"]] == ["off", "off"]


def test_the_active_seats_buttons_name_the_seats_it_may_ask() -> None:
    labels = [b["label"] for b in page(dealt(), 0)["buttons"]]
    assert labels[:3] == ["Ask Bob for a card", "Ask Cy for a card", "Call: yes or no?"]
    assert labels[-2:] == ["End turn", "Resign"]


def test_a_spectator_gets_no_hand_no_buttons_and_no_orders() -> None:
    context = page(dealt(), None)
    assert context["hand"] is None and context["buttons"] == [] and context["order_fields"] == []
    assert context["my_turn"] is False and context["awaited_names"] == ["Ann"]


def test_the_forms_mean_the_clicked_command_or_the_orders_that_changed() -> None:
    state, _ = run(dealt(), (1, "order call no"))
    assert KIND.command_from_form({"command": "ask 2"}, state, 0) == "ask 2"
    assert KIND.command_from_form({}, state, 0) == ""
    form = {"form": "orders", "give": "lowest", "call": "no"}
    assert KIND.command_from_form(form, state, 1) == "order give lowest"
    assert KIND.command_from_form({**form, "give": "off"}, state, 1) == ""
    assert KIND.command_from_form({**form, "call": "yes"}, state, 1) == "order give lowest; order call yes"
    assert KIND.command_from_form(form, state, None) == ""
    # A value the rules do not offer goes on to play(), which says what a standing order reads.
    typed = KIND.command_from_form({**form, "give": "all"}, state, 1)
    with pytest.raises(Refused, match="A standing order reads"):
        KIND.play(state, 1, KIND.split(typed)[0], NoDice())
    assert KIND.selection_after(["end"], []) == {}


def test_it_plays_on_with_no_dice_since_nothing_is_drawn_at_random_after_the_deal() -> None:
    state = dealt()
    for seat, command in ((0, "end"), (1, "call"), (2, "no"), (0, "no"), (1, "play 11")):
        state, _ = KIND.play(state, seat, command, None)
    assert rules.to_act(state) == (2,) and state.hands[2] == (8, 9, 10, 12)
