"""The text command language: spellings, canonical forms and refusals in a player's words."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, new_game, play
from games.kinds.metaltalon.engine.commands import MAX_COMMANDS, MAX_TEXT, Command, Parser, split_commands
from games.kinds.metaltalon.engine.editions import METATALON, TOKEN

from .helpers import board, position

TOKEN_PARSER = Parser(board("token").normalize, TOKEN.letters, TOKEN.piece_names)
COIN_PARSER = Parser(board("metatalon").normalize, METATALON.letters, METATALON.piece_names)


def one(text: str, parser: Parser = TOKEN_PARSER) -> Command:
    commands = parser.parse(text)
    assert len(commands) == 1
    return commands[0]


def test_commands_and_cells_are_case_insensitive():
    assert one("MOVE d7 F8").canonical(TOKEN.letters) == "move D7 F8"


def test_an_explicit_path_canonicalises_to_its_ends():
    cmd = one("move I9 J9 K9")
    assert cmd.cells == ("I9", "J9", "K9") and cmd.canonical(TOKEN.letters) == "move I9 K9"


def test_pieces_are_counts_and_letters_with_zero_counts_dropped():
    assert one("launch 3e 1w 1s").pieces == (3, 1, 1)
    assert one("launch 0e 2w").canonical(TOKEN.letters) == "launch 2w"
    assert one("launch w 3e").pieces == (3, 1, 0)
    assert one("launch 3p 1n 1d", COIN_PARSER).pieces == (3, 1, 1)


def test_pieces_of_the_other_edition_are_refused_with_the_right_letters():
    with pytest.raises(IllegalCommand, match=r"pieces are e \(engine\), w \(weapon\), s \(shield\)"):
        one("launch 3p")
    with pytest.raises(IllegalCommand, match="penny"):
        one("launch 3e", COIN_PARSER)


def test_fire_at_a_base_and_split_parse():
    assert one("fire D7 F9 base").canonical(TOKEN.letters) == "fire D7 F9 base"
    assert one("split D7 E8 2e 1w").canonical(TOKEN.letters) == "split D7 E8 2e 1w"


def test_orders_parse_and_complete_the_priority():
    assert one("order damage w").canonical(TOKEN.letters) == "order damage wse"
    assert one("order murphy OFF").value == "off"
    assert one("order clover 03").canonical(TOKEN.letters) == "order clover 3"
    with pytest.raises(IllegalCommand, match="Standing orders"):
        one("order lunch 3")
    with pytest.raises(IllegalCommand, match="order damage takes"):
        one("order damage xyz")


def test_semicolons_and_newlines_separate_commands():
    assert [c.verb for c in TOKEN_PARSER.parse("keep;\nend ; resign\n")] == ["keep", "end", "resign"]


def test_unknown_command_names_the_word_and_what_would_be_legal():
    with pytest.raises(IllegalCommand, match="Unknown command 'mvoe': try move, fire, launch, .* or help"):
        one("mvoe D7 F8")


def test_unknown_cells_are_refused():
    with pytest.raises(IllegalCommand, match="no space 'z99'"):
        one("move z99 D7")


NOTHING = "No command given: try move, fire, launch, end ... or help"
FIRE_USAGE = (
    "Say the shooter and the target, e.g. fire D7 F9 (fire D7 F9 2: ship 2 on F9; fire D7 F9 base: "
    "the home base on F9)"
)
PIECES_USAGE = "Say the pieces as counts and letters, e.g. 3e 1w: e (engine), w (weapon), s (shield)"
ORDERS_USAGE = (
    "Standing orders: order damage <letters>, order adapt <letters|same|off>, order murphy <N|off>, "
    "order clover <N|off>"
)
NUMBERED = "Ships sharing a space are numbered 1, 2, 3 ... as the board lists them: say e.g. fire D7 F9 2"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", NOTHING),
        ("   ", NOTHING),
        (";;\n", NOTHING),
        ("move", "Say where from and where to, e.g. move D7 F8"),
        ("move D7", "Say where from and where to, e.g. move D7 F8"),
        ("fire D7", FIRE_USAGE),
        ("fire D7 F9 base base", FIRE_USAGE),
        ("fire D7 F9 x", FIRE_USAGE),
        ("fire D7 F9 1 2", FIRE_USAGE),
        (
            "fire D7 F9 2 base",
            "Say a ship number or base, not both: fire D7 F9 2 fires at that ship, fire D7 F9 base at the "
            "home base",
        ),
        ("fire D7 F9 0", NUMBERED),
        ("fire D7 F9 123", NUMBERED),
        ("end now", "'end' takes nothing after it"),
        ("launch", PIECES_USAGE),
        ("launch ☃", PIECES_USAGE),
        ("launch 1000e", PIECES_USAGE),
        ("launch 3x", "'x' is not a piece here; pieces are e (engine), w (weapon), s (shield), e.g. 3e 1w"),
        ("split D7 E8", "Say the ship, the space beside it and the new stack, e.g. split D7 E8 2e 1w"),
        (
            "split D7 E8 3q",
            "'q' is not a piece here; pieces are e (engine), w (weapon), s (shield), e.g. 3e 1w",
        ),
        ("order", ORDERS_USAGE),
        ("order damage", ORDERS_USAGE),
        ("order luck 3", ORDERS_USAGE),
        ("order damage eex", "order damage takes the pieces to keep first, e.g. order damage swe"),
        ("order damage ewsx", "order damage takes the pieces to keep first, e.g. order damage swe"),
        ("order adapt zz", "order adapt takes the pieces to keep first, e.g. order adapt swe"),
        ("order murphy x", "order murphy takes a die number or off, e.g. order murphy 5"),
        ("order clover 123", "order clover takes a die number or off, e.g. order clover 5"),
        (
            "ｍｏｖｅ D7 E7",
            "Unknown command 'ｍｏｖｅ': try move, fire, launch, split, end, keep, redraw, reroll, accept, "
            "resign, order, or help",
        ),
        ("move D7\u0000E7", "There is no space 'd7?e7' on this board (spaces look like D7)"),
        (
            "move abcdefghijklmnopqrstuvwxyz D7",
            "There is no space 'abcdefghijklmnopqrst...' on this board (spaces look like D7)",
        ),
        (
            "move abcdefghijklmnopqrst D7",
            "There is no space 'abcdefghijklmnopqrst' on this board (spaces look like D7)",
        ),
        ("end;" * 41, "That is 41 commands; send at most 40 at once"),
    ],
)
def test_malformed_text_is_refused_saying_why(text, reason):
    with pytest.raises(IllegalCommand) as refused:
        TOKEN_PARSER.parse(text)
    assert str(refused.value) == reason


def test_coin_editions_name_their_own_pieces_when_refusing():
    with pytest.raises(IllegalCommand) as refused:
        COIN_PARSER.parse("order damage wse")
    assert str(refused.value) == "order damage takes the pieces to keep first, e.g. order damage dnp"


def test_commands_must_be_text():
    with pytest.raises(IllegalCommand) as refused:
        TOKEN_PARSER.parse(5)
    assert str(refused.value) == "Commands are text, e.g. 'move D7 F8'"


def test_huge_text_is_refused_without_parsing():
    with pytest.raises(IllegalCommand, match=f"at most {MAX_TEXT}"):
        TOKEN_PARSER.parse("end;" * 5000)


def test_a_submission_may_run_to_exactly_its_limits():
    assert split_commands("end" + " " * (MAX_TEXT - 3)) == ["end"]  # MAX_TEXT characters
    with pytest.raises(IllegalCommand, match=f"That is {MAX_TEXT + 1} characters"):
        split_commands("end" + " " * (MAX_TEXT - 2))
    assert len(split_commands(";".join(["end"] * MAX_COMMANDS))) == MAX_COMMANDS
    with pytest.raises(IllegalCommand, match=f"That is {MAX_COMMANDS + 1} commands"):
        split_commands(";".join(["end"] * (MAX_COMMANDS + 1)))


def test_a_fire_names_a_ship_by_a_number_of_up_to_two_digits():
    assert one("fire D7 F8 12").number == 12
    assert one("fire D7 F8 7").number == 7


def test_refused_text_leaves_the_state_unchanged():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(5, 5))
    before = state.to_dict()
    for text in ("mvoe I9 J9", "move I9 Z1", "", "launch 99s", "move I9 J9; bogus"):
        with pytest.raises(IllegalCommand):
            play(state, 0, text)
    assert state.to_dict() == before


def test_play_takes_mixed_case_explicit_paths_separated_by_semicolons_and_newlines():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(5, 5))
    after, events = play(state, 0, "MOVE i9 J9 k9;\r\nMove K9 l9\nEND")
    assert [e["type"] for e in events][:2] == ["move", "move"]
    assert [s.cell for s in after.ships] == ["L9"] and after.active == 1


@pytest.mark.parametrize("raw", ["²", "٣", "½"])
def test_an_order_number_in_other_scripts_is_refused_in_words_not_a_crash(raw):
    with pytest.raises(IllegalCommand, match="takes a die number or off"):
        one(f"order murphy {raw}")


def test_spoken_forms_read_as_the_short_ones():
    assert one("move D7 to F8").cells == ("D7", "F8")
    assert one("fire D7 at F9").canonical(TOKEN.letters) == "fire D7 F9"
    assert one("launch 2e2e 1w").pieces == (4, 1, 0)  # a letter said twice adds up
    assert one("launch 3e1w1s").pieces == (3, 1, 1)
    assert one("launch 999e").pieces == (999, 0, 0)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("order murphy 05", "order murphy 5"),
        ("order clover OFF", "order clover off"),
        ("order adapt same", "order adapt same"),
        ("order adapt off", "order adapt off"),
        ("order adapt s", "order adapt swe"),
        ("order damage ES", "order damage esw"),
    ],
)
def test_orders_read_as_one_canonical_text(text, canonical):
    assert one(text).canonical(TOKEN.letters) == canonical


def test_an_unknown_word_is_shown_whole_up_to_twenty_characters_then_cut():
    state = new_game(2, "token", seed=1)
    with pytest.raises(IllegalCommand, match="^Unknown command '" + "a" * 20 + "': "):
        play(state, 0, "a" * 20)
    with pytest.raises(IllegalCommand, match="^Unknown command '" + "a" * 20 + "\\.\\.\\.': "):
        play(state, 0, "a" * 21)
