"""A player's life by mail (games/mail/errands.py, games/actions/errands.py): a reply may chat (`say`), nudge
the player the game waits for, list the player's games, ask for the rules, choose when turn mails come
(which also undoes a one-click unsubscribe), go on vacation and come back; and the notices show the chat
lines written since the player's last mail. Each with a mail shaped as a real client sends it."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest
from django.core import mail as django_mail
from django.template.loader import render_to_string
from django.utils import timezone

from accounts.models import Profile, TurnMail
from games.actions.actor import Actor
from games.actions.chat import CHAT_MAX, post_chat
from games.kinds import _kinds, get_kind
from games.kinds.metaltalon.presenters import faction_name
from games.mail import errands
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.mail.position import position
from games.mail.reading import read_commands
from games.mail.unsubscribe import unsubscribe
from games.models import ChatMessage, InboundMail, Notification, Seat
from tests.web.factories import active_seat, full_game, other_seat, started_game

KIND = get_kind("metaltalon")


# === Mails as clients send them ===

def _message(seat: Seat, subject: str) -> EmailMessage:
    assert seat.user is not None
    message = EmailMessage()
    message["From"] = f"{seat.user.display_name} <{seat.user.email}>"
    message["To"] = f"MetalTalon <{seat_address(seat)}>"
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="client.example")
    message["Date"] = "Sun, 22 Nov 2026 15:42:18 +0100"
    return message


def gmail(seat: Seat, body: str) -> bytes:
    """Gmail: multipart/alternative, the text on top, the notice quoted below an "On ... wrote:" line; the
    HTML part in divs with the quote in div.gmail_quote."""
    message = _message(seat, "Re: MetalTalon game: your turn")
    quote = "On Sun, 22 Nov 2026 at 15:10, MetalTalon <play@example.org> wrote:\n> It is your turn.\n"
    message.set_content(f"{body}\n\n{quote}")
    divs = "".join(f"<div>{line}</div>" for line in body.splitlines())
    message.add_alternative(f'<div dir="ltr">{divs}</div><br><div class="gmail_quote"><div>On Sun, 22 Nov '
                            "2026, MetalTalon wrote:</div><blockquote>It is your turn.</blockquote></div>",
                            subtype="html")
    return message.as_bytes()


def outlook(seat: Seat, body: str) -> bytes:
    """Outlook: the text, a signature, a line of underscores and the From:/Sent:/To:/Subject: block with
    the notice unquoted below it."""
    message = _message(seat, "RE: MetalTalon game: your turn")
    message.set_content(f"{body}\r\n\r\nBest, Ann\r\n\r\n________________________________\r\n"
                        f"From: MetalTalon <{seat_address(seat)}>\r\n"
                        "Sent: Sunday, November 22, 2026 3:10 PM\r\nTo: Ann <ann@example.com>\r\n"
                        "Subject: MetalTalon game: your turn\r\n\r\nHello Ann,\r\nIt is your turn.\r\n",
                        charset="windows-1252")
    return message.as_bytes()


def iphone(seat: Seat, body: str) -> bytes:
    """Apple Mail on an iPhone: the text, "Sent from my iPhone", then the quoted notice; base64."""
    message = _message(seat, "Re: MetalTalon game: your turn")
    message.set_content(f"{body}\n\nSent from my iPhone\n\n> On 22 Nov 2026, at 15:10, MetalTalon "
                        f"<{seat_address(seat)}> wrote:\n>\n> It is your turn.\n", cte="base64")
    return message.as_bytes()


def _mail(raw: bytes, django_capture_on_commit_callbacks: Any) -> InboundMail:
    with django_capture_on_commit_callbacks(execute=True):
        got = receive_mail(raw)
    assert got.inbound_id is not None, got
    return InboundMail.objects.get(pk=got.inbound_id)


def _answer(seat: Seat) -> Any:
    assert seat.user is not None
    return next(m for m in reversed(django_mail.outbox) if seat.user.email in m.to)


def _text(mail: Any) -> str:
    return " ".join(str(mail.body).split())


def _html(mail: Any) -> str:
    return " ".join(str(mail.alternatives[0][0]).split())


# === Reading ===

def test_a_say_line_is_read_whole_with_its_semicolons_and_commas() -> None:
    got = read_commands("end\nsay Well played; see you, Bob!\nthanks", KIND)
    assert got.commands == ["end"]
    assert got.asked == ["say Well played; see you, Bob!"]
    assert got.ignored == "thanks"


def test_errands_are_read_among_commands_in_normal_form() -> None:
    got = read_commands("Hi Bob,\nnotify Every; games\nVacation 3\nend", KIND)
    assert got.asked == ["notify every", "games", "vacation 3"]
    assert got.commands == ["end"]


def test_a_typo_of_an_errand_word_is_answered_with_the_errand() -> None:
    assert read_commands("nudgee", KIND).meant == "nudge"


def test_no_kinds_command_starts_with_an_errand_word() -> None:
    for kind in _kinds().values():
        assert not set(errands.WORDS) & {w.lower() for w in kind.command_words()}, kind.name


# === say, and the chat in the notices ===

@pytest.mark.django_db
def test_say_in_a_gmail_reply_posts_to_the_chat_as_the_player(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    row = _mail(gmail(seat, "say Good luck; have fun, Bob!"), django_capture_on_commit_callbacks)
    said = ChatMessage.objects.get(game=game)
    assert (said.user_id, said.text) == (seat.user_id, "Good luck; have fun, Bob!")
    assert row.report["errands"] == [{"errand": "say Good luck; have fun, Bob!",
                                      "done": "Posted to the game's chat."}]
    answer = _answer(seat)
    assert "Posted to the game's chat." in _text(answer)
    assert "Nothing was played" not in _text(answer)
    assert "Posted to the game’s chat." in _html(answer) or "Posted to the game&#x27;s chat." in _html(answer)


@pytest.mark.django_db
def test_say_past_the_chats_limit_is_refused_as_on_the_web_and_the_answer_says_why(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    row = _mail(outlook(seat, "say " + "x" * (CHAT_MAX + 1)), django_capture_on_commit_callbacks)
    assert not ChatMessage.objects.filter(game=game).exists()
    assert f"at most {CHAT_MAX} characters" in row.report["errands"][0]["refused"]
    assert f"Not done: Chat messages are at most {CHAT_MAX} characters" in _text(_answer(seat))
    assert "Nothing was played" not in _text(_answer(seat))


@pytest.mark.django_db
def test_say_with_nothing_to_say_is_refused_by_the_chats_own_check(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    row = _mail(gmail(seat, "say"), django_capture_on_commit_callbacks)
    assert row.report["errands"] == [{"errand": "say", "refused": "Write something first."}]
    assert not ChatMessage.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_notice_shows_the_chat_lines_others_wrote_since_the_players_last_mail() -> None:
    game = started_game()
    me, them = active_seat(game), other_seat(game)
    assert me.user is not None and them.user is not None
    post_chat(game, Actor.player(them.user), "before your last mail")
    Notification.objects.filter(game=game, user=me.user).update(sent_at=timezone.now())
    post_chat(game, Actor.player(me.user), "my own line")  # (writing marks the chat read up to it)
    post_chat(game, Actor.player(them.user), "your move, <Ann>")
    hidden = post_chat(game, Actor.player(them.user), "a hidden line")
    ChatMessage.objects.filter(pk=hidden.pk).update(hidden=True)
    me.refresh_from_db()
    pos = position(game, me)
    text = render_to_string("games/mail/_position.txt", {"position": pos})
    html = render_to_string("games/mail/_position.html", {"position": pos})
    assert "== Chat ==" in text
    assert f"{them.user.display_name}: your move, <Ann>" in text
    assert "your move, &lt;Ann&gt;" in html
    for absent in ("before your last mail", "my own line", "a hidden line"):
        assert absent not in text and absent not in html


@pytest.mark.django_db
def test_chat_read_on_the_site_is_not_mailed_again() -> None:
    game = started_game()
    me, them = active_seat(game), other_seat(game)
    assert me.user is not None and them.user is not None
    said = post_chat(game, Actor.player(them.user), "seen on the page")
    Seat.objects.filter(pk=me.pk).update(chat_read=said.pk)
    me.refresh_from_db()
    assert position(game, me).chat == []


# === nudge ===

@pytest.mark.django_db
def test_nudge_mails_the_awaited_player_their_turn_again_once_they_have_had_twelve_hours(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    awaited, nudger = active_seat(game), other_seat(game)
    Notification.objects.filter(game=game).update(sent_at=timezone.now() - timedelta(hours=13),
                                                  created_at=timezone.now() - timedelta(hours=13))
    Seat.objects.filter(pk=awaited.pk).update(awaited_since=timezone.now() - timedelta(hours=13))
    Profile.objects.filter(user=awaited.user).update(turn_mail=TurnMail.EVERY)
    row = _mail(iphone(nudger, "nudge"), django_capture_on_commit_callbacks)
    assert "done" in row.report["errands"][0], row.report
    assert ChatMessage.objects.filter(game=game, user=nudger.user, text__startswith="(nudge)").exists()
    assert Notification.objects.filter(game=game, user=awaited.user, kind=Notification.Kind.TURN,
                                       repeat=1).exists()
    turn = _answer(awaited)
    assert "(nudge) The game waits for you" in _text(turn)
    again = _mail(iphone(nudger, "nudge"), django_capture_on_commit_callbacks)
    assert "too soon to nudge now" in again.report["errands"][0]["refused"]


@pytest.mark.django_db
def test_a_nudge_before_the_player_has_had_twelve_hours_is_refused_and_changes_nothing(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    nudger = other_seat(game)
    rows = Notification.objects.count()
    row = _mail(gmail(nudger, "nudge"), django_capture_on_commit_callbacks)
    assert "too soon" in row.report["errands"][0]["refused"]
    assert not ChatMessage.objects.filter(game=game).exists()
    assert Notification.objects.exclude(kind=Notification.Kind.REPLY).count() == rows


# === games and rules ===

@pytest.mark.django_db
def test_games_lists_the_players_games_whose_turn_and_their_mail_addresses(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    assert seat.user is not None
    second = started_game(users=[seat.user])
    _mail(iphone(seat, "games"), django_capture_on_commit_callbacks)
    text = _text(_answer(seat))
    assert "== Your games ==" in text
    assert f"MetalTalon game {game.pk}: your turn" in text
    assert f"MetalTalon game {second.pk}:" in text
    assert seat_address(seat) in text
    assert seat_address(Seat.objects.get(game=second, user=seat.user)) in text


@pytest.mark.django_db
def test_rules_links_the_rules_page_and_names_each_sides_faction(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    _mail(outlook(seat, "rules"), django_capture_on_commit_callbacks)
    answer = _answer(seat)
    text = _text(answer)
    assert "/rules/metaltalon/" in text
    state = KIND.load(game.state)
    mine = faction_name(state.seats[seat.index].faction)
    theirs = faction_name(state.seats[1 - seat.index].faction)
    assert f"You: {mine}" in text
    assert f": {theirs}" in text
    assert "Goal: Be the last player in." in text
    assert "/rules/metaltalon/" in _html(answer)


@pytest.mark.django_db
def test_help_also_names_each_sides_faction_and_links_the_rules(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    _mail(outlook(seat, "help"), django_capture_on_commit_callbacks)
    text = _text(_answer(seat))
    mine = faction_name(KIND.load(game.state).seats[seat.index].faction)
    assert f"You: {mine}" in text and "/rules/metaltalon/" in text
    assert "== Help ==" in text


@pytest.mark.django_db
def test_every_notice_links_the_rules_page(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    pos = position(game, seat)
    assert "/rules/metaltalon/" in render_to_string("games/mail/_position.txt", {"position": pos})
    assert "/rules/metaltalon/" in render_to_string("games/mail/_position.html", {"position": pos})
    footer = render_to_string("games/mail/_footer.txt", {"rules_url": "https://x.example/rules/metaltalon/",
                                                          "game": game})
    assert "The rules of MetalTalon: https://x.example/rules/metaltalon/" in footer


# === notify, vacation, back ===

@pytest.mark.django_db
def test_notify_every_by_mail_undoes_a_one_click_unsubscribe(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    assert seat.user is not None
    unsubscribe(seat.user.pk)
    assert Profile.objects.get(user=seat.user).turn_mail == TurnMail.NEVER
    _mail(gmail(seat, "notify every"), django_capture_on_commit_callbacks)
    assert Profile.objects.get(user=seat.user).turn_mail == TurnMail.EVERY
    assert "Turn mails: every turn" in _text(_answer(seat))


@pytest.mark.django_db
def test_notify_with_an_unknown_choice_is_refused_and_says_the_choices(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = other_seat(game)
    row = _mail(outlook(seat, "notify sometimes"), django_capture_on_commit_callbacks)
    assert 'Write "notify every", "notify away" or "notify never"' in row.report["errands"][0]["refused"]
    assert Profile.objects.get(user=seat.user).turn_mail == TurnMail.AWAY


@pytest.mark.django_db
def test_vacation_by_mail_pauses_for_the_days_asked_and_back_ends_it(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    before = timezone.now()
    _mail(iphone(seat, "vacation 2"), django_capture_on_commit_callbacks)
    profile = Profile.objects.get(user=seat.user)
    assert profile.vacation_since is not None and profile.vacation_ends_at is not None
    assert timedelta(days=2) <= profile.vacation_ends_at - before < timedelta(days=2, minutes=1)
    assert "On vacation until" in _text(_answer(seat))
    _mail(gmail(seat, "back"), django_capture_on_commit_callbacks)
    assert Profile.objects.get(user=seat.user).vacation_since is None
    assert "Back from vacation" in _text(_answer(seat))


@pytest.mark.django_db
def test_help_lists_the_errands(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    _mail(gmail(seat, "help"), django_capture_on_commit_callbacks)
    answer = _answer(seat)
    for word in ('"say <text>"', '"nudge"', '"games"', '"rules"', '"notify every"', '"vacation <days>"',
                 '"back"'):
        assert word in _text(answer)
    assert "<code>nudge</code>" in _html(answer)


@pytest.mark.django_db
def test_rules_in_a_game_whose_kind_has_no_side_lines_names_each_seats_label(
        settings: Any, mailoutbox: list[Any], celery_eager: None,
        django_capture_on_commit_callbacks: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    game = full_game(players=3, kind="metal-adventures")
    seat = game.seats.select_related("user").get(index=1)
    _mail(iphone(seat, "rules"), django_capture_on_commit_callbacks)
    text = _text(_answer(seat))
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    assert "/rules/metal-adventures/" in text
    assert f"You: base starship {kind.seat_outcome(state, 1).label}" in text
    other = game.seats.select_related("user").get(index=2)
    assert f"C {other.user.display_name}: base starship {kind.seat_outcome(state, 2).label}" in text
