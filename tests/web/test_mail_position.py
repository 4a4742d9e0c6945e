"""The turn mail holds everything a player needs to decide without opening the site (play by e-mail):
where the game stands for their seat (games/mail/position.py) as text and as HTML with the board as an
inline picture, what happened since their last turn with its rolls and damage, their commands in short,
how to reply and the deadline; and nothing another seat keeps hidden."""

from __future__ import annotations

import re
import struct
from html import unescape
from typing import Any

import pytest
from django.core.mail import EmailMessage as DjangoMail
from django.utils import timezone

from games import actions
from games.actions import Actor
from games.kinds import get_kind
from games.mail.addresses import prompt_replied_to
from games.mail.position import position, summarise
from games.models import Game, Notification
from tests.kinds.metaltalon.engine.helpers import position as built
from tests.web.factories import active_seat, full_game, other_seat, put, started_game
from tests.web.helpers import wire

pytestmark = pytest.mark.django_db(transaction=True)
KIND = get_kind("metaltalon")
B_TURN = "move G10 H10 I10; fire I10 J10; fire I10 K10; launch 2e; end"


def user(game: Game, index: int) -> Any:
    return game.seats.get(index=index).user


def play(game: Game, index: int, commands: str) -> None:
    actions.apply_command(game, Actor.player(user(game, index)), commands)
    game.refresh_from_db()


def after_bs_turn(live_dice: Any, mailoutbox: list[DjangoMail]) -> Game:
    """A (seat 0) ended turn 1; in turn 2 B moved two steps, destroyed A's 1e ship at J10 (a 4) and hit the
    5e 1w 1s ship at K10 for 3 (a 5), launched and ended. A is to play turn 3, with 48 hours per turn; the
    mails sent so far are cleared."""
    game = put(started_game(players=2, clock={"hours": 48}), built(
        players=2, factions=("bankers", "swarm"),
        ships=((0, "J10", (1, 0, 0)), (0, "K10", (5, 1, 1)), (1, "G10", (3, 2, 0))), reserves=(10, 10)))
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    play(game, 0, "end")
    mailoutbox.clear()
    live_dice.script(4, 5)
    play(game, 1, B_TURN)
    return game


def html_of(mail: DjangoMail) -> str:
    (html, kind), = mail.alternatives
    assert kind == "text/html"
    return str(html)


def section(body: str, title: str) -> str:
    """The lines of the text part under `== title ... ==`, up to the next heading."""
    start = body.index(f"== {title}")
    rest = body[start:].split("\n", 1)[1]
    return rest.split("\n== ", 1)[0]


def test_the_turn_mail_text_holds_the_board_what_happened_the_commands_the_syntax_and_the_deadline(
        celery_eager, live_dice, mailoutbox):
    game = after_bs_turn(live_dice, mailoutbox)

    (mail,) = mailoutbox
    a = user(game, 0)
    assert mail.to == [a.email] and mail.subject == f"MetalTalon game {game.pk}: it is your turn"
    body = mail.body
    state = KIND.load(game.state)
    assert KIND.text_board(state, 0).rstrip() in body
    assert "It is your turn." in body

    since = section(body, "What happened since you last played (round 1)")
    b = user(game, 1).display_name
    # B's turn, in order, with the rolls and the damage as the log tells them; A's own "end" is not there.
    heads = [line for line in since.splitlines() if line.startswith("* ")]
    b_turn = ("move G10 H10 I10", "fire I10 J10", "fire I10 K10", "launch 2e", "end")
    assert heads == [f"* B {b}: {command}" for command in b_turn]
    # Said to A, the seat mailed: its own ships are "your", B is named.
    assert re.search(rf"{b}'s ship at I10 fired at your ship at J10: rolled 4\b", since)
    assert "Your ship at J10 was destroyed" in since and f"{a.display_name}'s" not in since
    assert re.search(r"fired at .*K10: rolled 5\b.*: 3 points of damage", since)
    assert "Round 2: you to play." in since  # A's third turn of the game is its second: round 2
    assert ", round 2. You are A" in body

    commands = section(body, "Your commands now")
    legal = KIND.legal_commands(state, 0)
    assert f"Your commands now ({len(legal)})" in body
    verbs = {c.split()[0] for c in legal}
    lines = [line.strip() for line in commands.splitlines() if line.strip()]
    assert len(lines) == len(verbs) < 10  # one line per verb, never hundreds
    move_line = next(line for line in lines if line.startswith("move:"))
    moves = [c for c in legal if c.startswith("move ")]
    assert len(moves) > 3 and move_line.endswith(f"and {len(moves) - 3} more")
    assert "end" in lines and "resign" in lines

    assert KIND.command_help in body and KIND.command_example in body
    assert 'one per line or separated by ";"' in body
    assert all(f'"{word}"' in body for word in ("help", "board", "undo"))
    deadline = re.search(r"^Deadline: (.*)$", body, re.M)
    assert deadline and re.fullmatch(
        r"47 h \d+ min left: until \w{3} \d+ \w{3} \d{4}, \d\d:\d\d UTC; 2 days per turn", deadline[1])
    assert f"/games/{game.pk}/" in body


def test_the_turn_mail_html_shows_the_board_as_an_inline_png_and_the_text_board_in_a_sized_cell(
        celery_eager, live_dice, mailoutbox):
    game = after_bs_turn(live_dice, mailoutbox)
    (mail,) = mailoutbox
    html = html_of(mail)

    (cid,) = re.findall(r'<img src="cid:([^"]+)"', html)
    message = wire(mail)
    # The picture travels with the HTML it belongs to: multipart/related (text/html, image/png).
    (related,) = [p for p in message.walk() if p.get_content_type() == "multipart/related"]
    parts = list(related.iter_parts())
    assert [p.get_content_type() for p in parts] == ["text/html", "image/png"]
    picture = parts[1]
    assert picture["Content-ID"] == f"<{cid}>" and picture.get_content_disposition() == "inline"
    png = picture.get_payload(decode=True)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, _height = struct.unpack(">II", png[16:24])
    assert width == 640
    assert [p.get_content_type() for p in message.walk()][:2] == ["multipart/alternative", "text/plain"]

    # The text board in a <pre> with a monospace font of its own size that scales down on a phone, in a
    # block that scrolls sideways rather than widen the mail.
    cell = re.search(r'<div style="([^"]*)"><pre style="([^"]*)">(.*?)</pre></div>', html, re.S)
    assert cell is not None
    assert "overflow-x: auto" in cell[1] and "max-width: 100%" in cell[1]
    assert all(size in cell[2] for size in ("font-size: 12px", "clamp(8px, 2vw, 12px)", "monospace"))
    state = KIND.load(game.state)
    assert "A (you): Bankers" in cell[3] and unescape(cell[3]).strip() == KIND.text_board(state, 0).strip()

    assert "It is your turn." in html and "rolled 4" in html and "Deadline:" in html
    assert f'href="http://testserver/games/{game.pk}/"' in html or f"/games/{game.pk}/" in html
    assert len(message.as_bytes()) < 120_000  # one mail, picture included, stays small


def test_the_turn_mail_says_which_turn_it_shows_so_a_reply_to_it_can_be_told_from_an_older_one(
        celery_eager, live_dice, mailoutbox):
    game = after_bs_turn(live_dice, mailoutbox)
    (mail,) = mailoutbox

    message_id = str(wire(mail)["Message-ID"])

    assert prompt_replied_to(message_id) == str(KIND.load(game.state).turn) == "3"


def test_a_seat_that_never_played_is_told_everything_since_the_start(celery_eager, live_dice, mailoutbox):
    game = full_game(players=2, kind="race")
    first, second = active_seat(game), other_seat(game)
    (started,) = [m for m in mailoutbox if m.to == [first.user.email]]
    assert "== What happened since the start ==\n\nNothing yet." in started.body
    mailoutbox.clear()
    live_dice.script(2)

    actions.apply_command(game, Actor.player(first.user), "step; roll")

    (mail,) = mailoutbox
    assert mail.to == [second.user.email]
    since = section(mail.body, "What happened since the start")
    assert [line for line in since.splitlines() if line.startswith("* ")] == [
        f"* A {first.user.display_name}: step", f"* A {first.user.display_name}: roll"]
    assert f"{first.user.display_name} rolled 2: score 3." in since


def test_an_action_taken_back_is_not_told(celery_eager, live_dice, mailoutbox):
    game = put(started_game(players=2), built(
        players=2, factions=("bankers", "swarm"),
        ships=((0, "J10", (1, 0, 0)), (0, "K10", (5, 1, 1)), (1, "G10", (3, 2, 0))), reserves=(10, 10)))
    play(game, 0, "end")
    play(game, 1, "move G10 H10")
    actions.undo(game, Actor.player(user(game, 1)), expected_version=game.version)
    game.refresh_from_db()
    play(game, 1, "move G10 G11; end")

    commands = [line.command for line in position(game, game.seats.get(index=0)).since]

    assert commands == ["move G10 G11", "end"]


def test_a_setup_decision_gets_the_same_mail_with_keep_and_redraw(celery_eager, mailoutbox):
    game = started_game(players=3, keep=False)

    assert len(mailoutbox) == 3 and game.status == Game.Status.SETUP
    for mail in mailoutbox:
        body = mail.body
        assert "has started" in body and "The game waits for your choice before play starts." in body
        commands = section(body, "Your commands now")
        assert "keep" in commands and "redraw" in commands
        assert "Reply to this mail with your commands" in body
        assert "for example:\n\n    keep\n" in body  # the kind's example (a move) does not fit yet
        assert re.findall(r'<img src="cid:([^"]+)"', html_of(mail))


def test_another_seats_hidden_note_never_reaches_the_mail(celery_eager, live_dice, mailoutbox):
    game = full_game(players=2, kind="race")
    first, second = active_seat(game), other_seat(game)
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    actions.apply_command(game, Actor.player(second.user), "note mysecondnote")
    actions.apply_command(game, Actor.player(first.user), "note zebrasecret")
    live_dice.script(3)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(first.user), "roll")

    (mail,) = mailoutbox
    assert mail.to == [second.user.email]
    everything = mail.subject + mail.body + html_of(mail) + wire(mail).as_string()
    assert "zebrasecret" not in everything  # the other seat's private note
    assert "note (private)" in mail.body and "rolled 3" in mail.body
    assert "Your note: mysecondnote" in mail.body  # the reader's own note is theirs to see


def test_the_command_summary_groups_by_verb_with_a_few_spread_examples():
    legal = [f"move A{i} B{j}" for i in range(5) for j in range(20)] + ["end", "resign"]

    verbs = summarise(legal)

    assert [v.verb for v in verbs] == ["move", "end", "resign"]
    move = verbs[0]
    assert move.examples == ["move A0 B0", "move A1 B0", "move A2 B0"] and move.more == 97
    assert (verbs[1].examples, verbs[1].more) == (["end"], 0)
