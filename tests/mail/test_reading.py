"""How a mailed reply's lines are read as commands (games/mail/reading.py): what people write around and
between commands (a greeting, a list, commas, a full stop) plays; a typo is answered with the command it
looks like; reading that stops for the mail's limits says so."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail as django_mail

from games.kinds import get_kind
from games.mail.inbound import receive_mail
from games.mail.reading import MAX_COMMANDS, NOT_A_COMMAND, TOO_LONG, TOO_MANY, read_commands
from games.models import Action, InboundMail
from tests.mail.helpers import legal, reply
from tests.web.factories import active_seat, started_game

KIND = get_kind("metaltalon")


def _read(text: str) -> tuple[list[str], list[str], str, str, str]:
    got = read_commands(text, KIND)
    return got.commands, got.asked, got.ignored, got.stop, got.meant


# === Pure reading ===

@pytest.mark.parametrize("greeting", ["Hi,", "Hello Ann!", "hey", "Dear Bob,", "Good morning all,",
                                      "Hallo zusammen,", "Bonjour !", "Guten Morgen", "Hi Ann and Bob,"])
def test_a_greeting_before_the_first_command_is_passed_over(greeting: str) -> None:
    assert _read(f"{greeting}\nlaunch 1e 1s\nend") == (["launch 1e 1s", "end"], [], "", "", "")


def test_a_greeting_after_a_command_stops_the_reading_as_any_other_line() -> None:
    assert _read("end\nHi again\nresign")[:4] == (["end"], [], "Hi again", NOT_A_COMMAND)


def test_a_line_before_the_commands_that_is_no_greeting_still_stops_the_reading() -> None:
    # A mistyped first command must not be passed over, or the commands after it would play without it.
    assert _read("mvoe D7 F8\nend") == ([], [], "mvoe D7 F8", NOT_A_COMMAND, "move D7 F8")
    assert _read("Hi, I am moving now\nend")[:3] == ([], [], "Hi, I am moving now")


LISTS = ["1. launch 1e 1s\n2. end", "1) launch 1e 1s\n2) end", "- launch 1e 1s\n- end",
         "* launch 1e 1s\n* end", "• launch 1e 1s\n• end"]


@pytest.mark.parametrize("listed", LISTS)
def test_numbered_and_bulleted_lists_are_read_without_their_markers(listed: str) -> None:
    assert _read(listed)[0] == ["launch 1e 1s", "end"]


def test_commands_separated_by_commas_are_read_one_by_one() -> None:
    assert _read("launch 1e 1s, move D7 F8, end")[0] == ["launch 1e 1s", "move D7 F8", "end"]
    both = (["launch 1e 1s", "move D7 F8", "end"], ["help"])
    assert _read("launch 1e 1s; move D7 F8, end; help")[:2] == both


def test_a_comma_is_no_separator_when_a_piece_after_it_is_no_command() -> None:
    # "thanks" is no command: the line stays one part, and the rules refuse it as written.
    assert _read("launch 1e 1s, thanks")[0] == ["launch 1e 1s, thanks"]


def test_a_full_stop_after_a_command_is_dropped_and_kept_on_other_words() -> None:
    assert _read("keep.\nend!")[0] == ["keep", "end"]
    assert _read("end\nThanks.")[2] == "Thanks."


TYPOS = [("kepe", "keep"), ("Ende", "end"), ("ned", "end"), ("hlep", "help"), ("moev D7 F8", "move D7 F8"),
         ("lanch 1e 1s", "launch 1e 1s")]


@pytest.mark.parametrize(("typed", "meant"), TYPOS)
def test_a_typo_of_a_command_word_is_answered_with_the_command_it_looks_like(typed: str, meant: str) -> None:
    assert _read(f"{typed}\nend") == ([], [], typed, NOT_A_COMMAND, meant)


def test_words_far_from_every_command_suggest_nothing() -> None:
    assert _read("end\ngood game!")[2:] == ("good game!", NOT_A_COMMAND, "")


def test_reading_past_the_most_commands_a_mail_holds_says_that_is_why() -> None:
    commands, _, ignored, stop, _ = _read("; ".join(f"order damage {n}" for n in range(MAX_COMMANDS + 5)))
    assert len(commands) == MAX_COMMANDS
    assert (ignored, stop) == (f"order damage {MAX_COMMANDS}", TOO_MANY)


def test_reading_past_the_most_lines_a_mail_holds_says_that_is_why() -> None:
    text = "\n".join(["help"] * 60 + ["end"])
    assert _read(text)[2:4] == ("end", TOO_LONG)


# === Through a mail, and the answer that tells the player ===

def _answer_to(seat: Any) -> str:
    for sent in reversed(django_mail.outbox):
        if seat.user.email in sent.to:
            return " ".join(str(sent.body).split())
    raise AssertionError("no answer was mailed")


@pytest.mark.django_db
def test_a_mail_written_as_people_write_plays_every_command(mailoutbox: list[Any], celery_eager: None,
        django_capture_on_commit_callbacks: Any) -> None:
    seat = active_seat(started_game())
    launch = legal(seat, "launch")
    with django_capture_on_commit_callbacks(execute=True):
        got = receive_mail(reply(seat, f"Hi Bob,\n\n1. {launch}\n2. end.\n\nThanks,\nAnn"))
    assert got.status == "played"
    played = list(Action.objects.filter(game=seat.game, source="email").order_by("seq")
                  .values_list("command", flat=True))
    assert played == [launch, "end"]
    assert "Not read" not in _answer_to(seat)


@pytest.mark.django_db
def test_a_typo_is_answered_with_the_command_it_looks_like(mailoutbox: list[Any], celery_eager: None,
        django_capture_on_commit_callbacks: Any) -> None:
    seat = active_seat(started_game())
    actions = Action.objects.filter(game=seat.game).count()
    with django_capture_on_commit_callbacks(execute=True):
        got = receive_mail(reply(seat, "ned"))
    assert InboundMail.objects.get(pk=got.inbound_id).outcome == InboundMail.Outcome.NOTHING
    assert Action.objects.filter(game=seat.game).count() == actions
    answer = _answer_to(seat)
    assert ('Not read: reading stops at the first line that is not a command ("ned"). Did you mean "end"?'
            in answer)
    assert "Nothing was played." in answer


@pytest.mark.django_db
def test_an_answer_to_too_many_commands_names_the_limit(mailoutbox: list[Any], celery_eager: None,
        django_capture_on_commit_callbacks: Any) -> None:
    seat = active_seat(started_game())
    with django_capture_on_commit_callbacks(execute=True):
        receive_mail(reply(seat, "; ".join(["order damage ews"] * (MAX_COMMANDS + 1))))
    assert (f'Not read: at most {MAX_COMMANDS} commands are read from one mail; "order damage ews" and what '
            "follows were not." in _answer_to(seat))
