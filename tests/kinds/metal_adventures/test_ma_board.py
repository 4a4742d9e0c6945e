"""Metal Adventures' table for one reader (board.py): the text board's lines word for word, and the
picture's every word in full, inside the picture, at its place."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from dataclasses import replace

import pytest

from games.kinds.metal_adventures import board, cards
from games.kinds.metal_adventures.battle_state import Ask
from games.kinds.metal_adventures.records import WIN, Choice, Item
from games.kinds.metal_adventures.state import GameState

from .helpers import A, B, ScriptedDice, dealt, given, play
from .test_ma_allies import at_bazaar
from .test_ma_narration import SVG, betrayal, board_lines, drawn, print_of, trading

EM = 0.6  # a sans-serif letter's width on average, in font sizes, at most: how wide a text is drawn


def words_of(picture: str) -> list[ElementTree.Element]:
    return [e for e in drawn(picture) if e.tag == f"{SVG}text"]


def right_edge(text: ElementTree.Element) -> float:
    """Where a text drawn in the picture ends, at most."""
    return float(text.get("x", "")) + len(text.text or "") * float(text.get("font-size", "")) * EM


def hunter_rolled() -> GameState:
    """Seat 1 attacks the Pirate Hunter Sundown Warrant via Karokum, alone; the dice rolled, it may reroll
    (Loaded Dice), so the battle waits with its dice shown."""
    state = given(3, seats={A: dict(improvements=("S03",))}, karokum=("N08",))
    for command in ("tribute", "attack karokum N08", "ally none", "mf no"):
        state, _ = play(state, A, command)
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert state.phase == "battle.react"
    return state


def test_the_pictures_battle_line_tells_the_whole_battle_and_its_dice_inside_the_picture() -> None:
    texts = words_of(board.board_svg(hunter_rolled(), None))
    battle = [e for e in texts if (e.text or "").startswith("Battle: ")]
    at = texts.index(battle[0])
    rows = [e.text or "" for e in texts[at:] if e.get("font-size") == "11" and e.get("x") == "10"]
    assert " ".join(rows) == "Battle: Seat 1 attacks Sundown Warrant (N08) power 11, 2 dots, Pirate Hunter " \
        "via Karokum; dice orange 1, gray 6: 9 against 17"
    assert len(rows) == 2 and all(right_edge(e) <= board.SVG_WIDTH - 10 for e in texts)


def test_the_pictures_heading_names_every_place_of_a_game_over_inside_the_picture() -> None:
    over = replace(given(6, seats={i: dict(glory=i) for i in range(6)}), phase="game.over", turn=12)
    picture = board.board_svg(over, None)
    texts = words_of(picture)
    heading = [e for e in texts if e.get("font-size") == "13"]
    assert " ".join(e.text or "" for e in heading) == "Metal Adventures: the game is over after turn 12. " \
        "1. Seat 6; 2. Seat 5; 3. Seat 4; 4. Seat 3; 5. Seat 2; 6. Seat 1."
    assert [e.get("y") for e in heading] == ["20", "36"]
    assert all(right_edge(e) <= board.SVG_WIDTH - 10 for e in texts)
    # The heading's second row moves the table down by as much.
    assert print_of(drawn(picture), "Space deck") == ("12", "bold", board.INK)
    assert next(e for e in texts if e.text == "Space deck").get("y") == str(102 + 16)


def test_the_picture_places_the_table_then_each_seats_box_its_words_and_gauges() -> None:
    state = given(3)
    parts = drawn(board.board_svg(state, None))
    texts = [e for e in parts if e.tag == f"{SVG}text"]
    place: dict[str, tuple[str | None, str | None]] = {}
    for e in texts:  # where each text is first drawn
        place.setdefault(e.text or "", (e.get("x"), e.get("y")))
    assert place["Metal Adventures, turn 1: Seat 1's turn, the turn starts."] == ("10", "20")
    assert place["Space deck"] == ("10", "102")
    assert place["Seat 1"] == ("16", "132") and place["Seat 3"] == ("16", str(132 + 2 * 58))
    assert place[cards.BASES[state.seats[A].base].name] == ("16", "147")
    assert place["3₡, Metal Faktor blank"] == ("16", "161")
    box = next(e for e in parts if e.tag == f"{SVG}rect" and e.get("y") == "116")
    assert (box.get("x"), box.get("width"), box.get("height")) == ("10", str(board.SVG_WIDTH - 20), "52")
    gauges = [(e.get("x"), e.get("y")) for e in parts
              if e.tag == f"{SVG}rect" and e.get("width") == "60" and e.get("fill") == "none"][:4]
    assert gauges == [("218", "124"), ("352", "124"), ("218", "142"), ("352", "142")]
    root = ElementTree.fromstring(board.board_svg(state, None))
    assert root.get("height") == str(116 + 3 * 58 + 4)


def test_the_pictures_gauges_at_0_are_empty() -> None:
    parts = drawn(board.board_svg(given(3), None))
    rects = [e for e in parts if e.tag == f"{SVG}rect"]
    frames = [i for i, e in enumerate(rects) if e.get("width") == "60" and e.get("fill") == "none"]
    fills = [rects[i + 1].get("width") for i in frames[:4]]
    assert fills == [str(8 * 60 // 20), "0", "0", "0"]  # R 8 of 20; damage, glory and JP at 0


def test_the_picture_prints_the_ocg_bank_and_deck_at_11() -> None:
    assert print_of(drawn(board.board_svg(given(3), None)), "bank ") == ("11", "normal", board.INK)


@pytest.mark.parametrize("outside", [-1, 3, 5])
def test_a_seat_number_outside_the_table_reads_the_board_as_a_spectator(outside: int) -> None:
    state = dealt(3, seed=0)  # each seat is dealt trophies only it may see
    assert board.text_board(state, outside) == board.text_board(state, None)
    assert board.board_svg(state, outside) == board.board_svg(state, None)


def test_the_text_board_leaves_a_blank_line_under_its_heading() -> None:
    assert board.text_board(given(3), None).startswith(
        "Metal Adventures, turn 1: Seat 1's turn, the turn starts.\n\nPlanets: ")


def test_the_text_board_names_a_pirate_hunter_and_ends_the_dice_line_with_the_scores_until_won() -> None:
    text = board_lines(hunter_rolled(), None)
    assert "Karokum pile (1), top first: Sundown Warrant (N08) power 11, 2 dots, Pirate Hunter\n" in text
    assert "\nBattle: Seat 1 attacks Sundown Warrant (N08) power 11, 2 dots, Pirate Hunter via Karokum\n" \
        in text
    assert "\n  Dice: orange 1, gray 6; 9 against 17\n" in text


def test_a_public_declaration_without_a_metal_faktor_answer_says_only_what_was_declared() -> None:
    betrayed, _, _, _ = betrayal()
    assert "\n  Declarations: Seat 2: betrays\n" in board_lines(betrayed, B)


def test_an_ask_with_terms_on_victory_names_the_principals_side() -> None:
    ask = Ask(A, B, (Item("credits", amount=2, due=WIN),), 1)
    assert board.ask_words(ask, None) == "Seat 1 asks Seat 2 for 2₡ if Seat 1's side wins: no answer yet"


def test_the_choices_of_a_karokum_wreck_and_of_a_challengers_spoils_read_word_for_word() -> None:
    state = given(3)
    wreck = Choice("wreck", A, options=("N05", "N17", "N05"))
    assert board.choice_words(wreck, state, B) == \
        "Seat 1 picks a Karokum starship as a wreck: DESTRIA NOVA (N05), Rust Jackal (N17)"
    spoils = Choice("spoils", A, source="1")
    assert board.choice_words(spoils, state, None) == \
        "Seat 1 takes spoils from Seat 2: credits, a card or wrecks"


def test_the_text_board_tells_a_planet_battle_and_its_allies() -> None:
    state, _ = play(at_bazaar(), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    text = board_lines(state, None)
    assert "\nBattle: Seat 1 attacks the planet Bazaar (power 12)\n  allies: Seat 2\n" in text


def test_an_asks_every_answer_reads_word_for_word() -> None:
    ask = Ask(A, B, (Item("credits", amount=1, due=WIN),), 1)
    assert [board.ask_words(replace(ask, answer=answer), None) for answer in ("accept", "decline")] == [
        "Seat 1 asks Seat 2 for 1₡ if Seat 1's side wins: accepted",
        "Seat 1 asks Seat 2 for 1₡ if Seat 1's side wins: declined"]
    counter = replace(ask, answer="counter", counter=(Item("credits", amount=3, due=WIN),))
    assert board.ask_words(counter, None) == \
        "Seat 1 asks Seat 2 for 1₡ if Seat 1's side wins: asks for 3₡ if Seat 1's side wins instead"


def test_the_picture_places_the_battles_rows_under_the_decks_and_a_gauges_fill_and_figure() -> None:
    texts = words_of(board.board_svg(hunter_rolled(), None))
    rows = [(e.get("y"), e.get("font-size")) for e in texts if (e.text or "").startswith(("Battle", "dice"))]
    assert rows == [("128", "11"), ("142", "11")]
    parts = drawn(board.board_svg(given(3), None))
    rects = [e for e in parts if e.tag == f"{SVG}rect"]
    frame = next(i for i, e in enumerate(rects) if e.get("width") == "60" and e.get("fill") == "none")
    fill = rects[frame + 1]  # drawn over its frame
    assert (fill.get("x"), fill.get("y")) == (rects[frame].get("x"), rects[frame].get("y"))
    figure = next(e for e in parts if e.tag == f"{SVG}text" and e.text == "8")  # seat 1's R
    assert (figure.get("x"), figure.get("y"), figure.get("font-size")) == ("282", "133", "10")


def test_the_picture_prints_what_lies_under_each_planet_at_10() -> None:
    state = given(3, karokum=("N05",))
    parts = drawn(board.board_svg(state, None))
    for words in (f"Trophy deck {len(state.trophy_deck)}", "pile 0", "pile 1"):
        assert print_of(parts, words) == ("10", "normal", board.INK)


def test_the_space_areas_longest_starship_names_fit_their_boxes_with_the_id_beside_the_power() -> None:
    area = ("D22", "D19", "D27", "N15")  # Convoy Seventy-Seven, the longest name, and three others
    state = given(3)
    state = replace(state, space_deck=tuple(c for c in state.space_deck if c not in area), space_area=area)
    parts = drawn(board.board_svg(state, None))
    for card in area:
        ship = cards.STARSHIPS[card]
        box = next(e for e in parts if e.tag == f"{SVG}rect" and e.get("height") == "44"
                   and e.get("x") == str(10 + area.index(card) * 156))
        rows = (ship.name, f"{card}, power {ship.power}")
        shown = [e for e in parts if e.tag == f"{SVG}text" and e.text in rows]
        edge = float(box.get("x", "")) + float(box.get("width", ""))
        assert len(shown) == 2 and all(right_edge(e) <= edge for e in shown), card


def test_the_text_board_shows_a_promised_trophy_to_its_debtor_only() -> None:
    state, _ = play(trading(), A, "promise 2 trophy T03@next")
    assert "P1: Seat 1 owes Seat 2 Trophy of the Scrapyard King (T03), at the end of their next turn" in \
        board_lines(state, A)
    for reader in (B, None):
        assert "P1: Seat 1 owes Seat 2 a trophy, at the end of their next turn" in board_lines(state, reader)


def test_the_text_board_leaves_a_blank_line_between_the_table_and_the_seats() -> None:
    assert "\nOut of the game: 0 cards\n\nSeat 1 (to act): " in board.text_board(given(3), None)


def test_the_text_board_calls_a_player_their_not_its_while_the_trophies_are_chosen() -> None:
    text = " ".join(board.text_board(dealt(3), None).split())  # the heading as read, its wraps undone
    assert text.startswith("Metal Adventures: setting up; every player keeps two of their three trophies.")
