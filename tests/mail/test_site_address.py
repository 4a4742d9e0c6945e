"""The site's own address (games/mail/site_address.py): a player's verified address starts, joins and
rematches games there by mail alone; anyone else gets nothing. Mails shaped as real clients send them."""

from __future__ import annotations

import base64
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings

from games import actions
from games.actions.actor import Actor
from games.actions.bots import play_bots
from games.kinds import get_kind
from games.mail import site_address as site_mail
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.mail.site_address import site_address
from games.models import Action, ChatMessage, Game, Seat
from tests.web.factories import UserFactory, finished_game

pytestmark = pytest.mark.django_db(transaction=True)


def iphone(user: Any, body: str, *, message_id: str | None = None) -> bytes:
    """Apple Mail on an iPhone: a new mail, plain text in base64, "Sent from my iPhone" below."""
    message = EmailMessage()
    message["From"] = f"{user.display_name} <{user.email}>"
    message["To"] = site_address()
    message["Subject"] = "MetalTalon"
    message["Message-ID"] = message_id or make_msgid(domain="icloud.com")
    message.set_content(f"{body}\n\nSent from my iPhone\n", cte="base64")
    return message.as_bytes()


def gmail(user: Any, body: str, *, to: str | None = None) -> bytes:
    """Gmail's new mail: plain text and the same as HTML divs, a "-- " signature."""
    message = EmailMessage()
    message["From"] = f"{user.display_name} <{user.email}>"
    message["To"] = to or f"MetalTalon <{site_address()}>"
    message["Subject"] = "games"
    message["Message-ID"] = make_msgid(domain="mail.gmail.com")
    message.set_content(f"{body}\n\n-- \n{user.display_name}\n")
    html = "".join(f"<div>{line}</div>" for line in body.splitlines())
    signature = ('<span class="gmail_signature_prefix">-- </span><br>'
                 f'<div class="gmail_signature">{user.display_name}</div>')
    message.add_alternative(f'<div dir="ltr">{html}<br clear="all"><div><br></div>{signature}</div>',
                            subtype="html")
    return message.as_bytes()


def outlook_html_only(user: Any, body: str) -> bytes:
    """Outlook on the web sending HTML alone, in windows-1252, with "Best," and a name below."""
    lines = "".join(f'<div style="font-family: Aptos;">{line}</div>' for line in body.splitlines())
    html = f"<html><body>{lines}<div><br></div><div>Best,</div><div>{user.display_name}</div></body></html>"
    raw = (f"From: {user.display_name} <{user.email}>\r\nTo: {site_address()}\r\nSubject: join\r\n"
           f"Message-ID: {make_msgid(domain='outlook.com')}\r\nMIME-Version: 1.0\r\n"
           "Content-Type: text/html; charset=windows-1252\r\nContent-Transfer-Encoding: base64\r\n\r\n")
    return raw.encode() + base64.encodebytes(html.encode("cp1252"))


def _answers_to(outbox: list[Any], user: Any) -> list[Any]:
    """The answers to the player's mails to the site's address (not the games' own notices)."""
    return [m for m in outbox if m.to == [user.email] and m.subject.startswith("Re: ")]


def _wire(sent: Any) -> EmailMessage:
    message = message_from_bytes(sent.message().as_bytes(), policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


@pytest.fixture
def bots_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """No worker: the test plays the bots (play_bots) when it wants them to move."""
    monkeypatch.setattr("games.tasks.queue_bots", lambda pk: None)


def test_the_site_address_is_play_at_the_mail_domain() -> None:
    assert site_address() == f"play@{settings.MAIL_DOMAIN}"


# Opening lines a player writes above the commands. Before the shared test (games/mail/reading.py
# is_greeting) the site's address knew four words only: "Good morning," or "Hiya!" stopped the reading
# there, and "Hi, new metaltalon please" was passed over with the command in it.
GREETINGS = ["Hi,", "Hello Bob,", "Dear site,", "hey", "Good morning,", "Good evening all,", "Hiya!",
             "Hallo zusammen,", "Hi Ann and Bob,"]


@pytest.mark.parametrize("greeting", GREETINGS)
def test_a_greeting_before_the_commands_is_passed_over_as_at_a_seats_address(greeting: str) -> None:
    assert site_mail.read_site_commands(f"{greeting}\nnew metaltalon players 2\ngames") == (
        ["new metaltalon players 2", "games"], "")


def test_a_command_line_is_never_taken_for_a_greeting() -> None:
    for first in ("new metaltalon", "help", "games", "join 12", "rematch 3", "Help"):
        assert site_mail.read_site_commands(f"{first}\nhelp") == ([first, "help"], "")


# The list markers a seat's address passes over (games/mail/reading.py): numbered, bulleted, dashed.
SITE_LISTS = ["1. new metaltalon players 2\n2. games", "1) new metaltalon players 2\n2) games",
              "- new metaltalon players 2\n- games", "* new metaltalon players 2\n* games",
              "• new metaltalon players 2\n• games"]


@pytest.mark.parametrize("text", SITE_LISTS)
def test_list_markers_before_the_commands_are_passed_over_as_at_a_seats_address(text: str) -> None:
    assert site_mail.read_site_commands(f"Hi,\n{text}") == (["new metaltalon players 2", "games"], "")


def test_a_line_that_is_no_command_is_quoted_without_its_list_marker() -> None:
    assert site_mail.read_site_commands("- help\n- please start") == (["help"], "please start")


def test_a_line_that_greets_and_goes_on_stops_the_reading_so_the_answer_quotes_it() -> None:
    # Passed over, the command in it would be lost without a word; stopped at, the answer says "Not read".
    for line in ("Hi, new metaltalon please", "Hello there, how does this work?", "Hey, games"):
        assert site_mail.read_site_commands(f"{line}\nhelp") == ([], line.rstrip("."))


def test_new_against_a_bot_starts_the_game_and_answers_with_its_seat_address(
        celery_eager: None, mailoutbox: list[Any], bots_by_hand: None) -> None:
    user = UserFactory()
    got = receive_mail(iphone(user, "new metaltalon players 2 bots 1 level random"))
    assert got.status == "played"
    game = Game.objects.get()
    assert game.status != Game.Status.OPEN
    assert {(s.user_id, s.bot or "") for s in game.seats.all()} == {(user.pk, ""), (None, "random")}
    seat = game.seats.get(user=user)
    [answer] = _answers_to(mailoutbox, user)
    assert f"Game {game.pk} is made: MetalTalon" in answer.body and "It has started." in answer.body
    assert f"Write your commands for this game to {seat_address(seat)}" in answer.body
    wire = _wire(answer)
    assert wire["Reply-To"] == seat_address(seat), "a reply to the answer plays the game"
    assert wire["Auto-Submitted"] == "auto-replied"
    assert "Sent from my iPhone" not in answer.body


def test_new_with_an_option_the_lobby_refuses_makes_nothing_and_says_why(celery_eager: None,
                                                                          mailoutbox: list[Any]) -> None:
    user = UserFactory()
    receive_mail(iphone(user, "new metaltalon players 5"))
    receive_mail(iphone(user, "new metaltalon edition=bronze"))
    receive_mail(iphone(user, "new chess"))
    assert not Game.objects.exists()
    first, second, third = (m.body for m in _answers_to(mailoutbox, user))
    assert "Not done: Five-player games are not offered" in first
    assert "Not done:" in second and "bronze" in second
    assert "There is no game called “chess” here." in third


def test_games_lists_the_open_public_games_and_join_takes_a_seat_that_starts_the_game(
        celery_eager: None, mailoutbox: list[Any]) -> None:
    ann, bob = UserFactory(), UserFactory()
    private = actions.create_game(Actor.player(ann), visibility="private")
    public = actions.create_game(Actor.player(ann))
    receive_mail(gmail(bob, "games"))
    listing = _answers_to(mailoutbox, bob)[-1].body
    assert f"{public.pk}: MetalTalon" in listing and f"{private.pk}: " not in listing
    receive_mail(outlook_html_only(bob, f"join {public.pk}"))
    public.refresh_from_db()
    assert public.status != Game.Status.OPEN
    seat = public.seats.get(user=bob)
    answer = _answers_to(mailoutbox, bob)[-1].body
    assert f"You have taken a seat in game {public.pk}" in answer and seat_address(seat) in answer


def test_join_of_a_private_game_is_answered_as_if_it_did_not_exist(celery_eager: None,
                                                                   mailoutbox: list[Any]) -> None:
    ann, bob = UserFactory(), UserFactory()
    private = actions.create_game(Actor.player(ann), visibility="private")
    receive_mail(iphone(bob, f"join {private.pk}"))
    receive_mail(iphone(bob, "join 999999"))
    told = [m.body for m in _answers_to(mailoutbox, bob)]
    assert f"There is no game {private.pk} open to you." in told[0]
    assert "There is no game 999999 open to you." in told[1]
    assert private.seats.count() == 1


def test_help_and_a_mail_without_commands_are_answered_with_the_commands(celery_eager: None,
                                                                         mailoutbox: list[Any]) -> None:
    user = UserFactory()
    receive_mail(gmail(user, "help"))
    receive_mail(gmail(user, "Hello there, how does this work?"))
    helped, unread = (m.body for m in _answers_to(mailoutbox, user))
    assert "new <game> [players N] [bots N]" in helped and "edition=" in helped
    assert "Not read" in unread and "join <number>" in unread
    assert not Game.objects.exists()


def test_a_stranger_an_unverified_address_or_a_robot_gets_nothing(mailoutbox: list[Any]) -> None:
    user = UserFactory()
    EmailAddress.objects.filter(user=user).update(verified=False)
    stranger = UserFactory.build(email="nobody@example.net")
    for raw in (iphone(user, "new metaltalon bots 1"), iphone(stranger, "help"),
                gmail(UserFactory(), "help", to="someone@example.org")):
        assert receive_mail(raw).status == "dropped"
    robot = EmailMessage()
    robot["From"] = UserFactory().email
    robot["To"] = site_address()
    robot["Auto-Submitted"] = "auto-replied"
    robot.set_content("help")
    assert receive_mail(robot.as_bytes()).status == "dropped"
    assert not mailoutbox and not Game.objects.exists()


def test_a_mail_delivered_twice_makes_one_game(celery_eager: None, mailoutbox: list[Any],
                                               bots_by_hand: None) -> None:
    user = UserFactory()
    raw = iphone(user, "new metaltalon bots 1", message_id="<twice@icloud.com>")
    assert receive_mail(raw).status == "played"
    assert receive_mail(raw).status == "duplicate"
    assert Game.objects.count() == 1 and len(_answers_to(mailoutbox, user)) == 1


def _newest(outbox: list[Any], user: Any, words: str) -> Any:
    return next(m for m in reversed(outbox) if m.to == [user.email] and words in m.body)


def _reply(sent: Any, user: Any, body: str) -> bytes:
    """The iPhone's reply: to the mail's Reply-To, threaded under it, "Sent from my iPhone", the quote."""
    ours = _wire(sent)
    message = EmailMessage()
    message["From"] = user.email
    message["To"] = str(ours["Reply-To"])
    message["Subject"] = f"Re: {ours['Subject']}"
    message["Message-ID"] = make_msgid(domain="icloud.com")
    message["In-Reply-To"] = str(ours["Message-ID"])
    message["References"] = f"{ours.get('References', '')} {ours['Message-ID']}".strip()
    message.set_content(f"{body}\n\nSent from my iPhone\n\n> On 27 Nov 2026, at 10:00, MetalTalon wrote:\n>\n"
                        "> Hello\n")
    return message.as_bytes()


def test_a_mail_only_player_starts_a_game_against_a_bot_plays_chats_checks_games_and_asks_for_a_rematch(
        celery_eager: None, mailoutbox: list[Any], bots_by_hand: None) -> None:
    user = UserFactory()
    receive_mail(iphone(user, "new metaltalon players 2 bots 1 level random"))
    game = Game.objects.get()
    seat = game.seats.get(user=user)
    kind = get_kind(game.kind)

    def bots_then_legal() -> list[str]:
        """The bot plays until the player's seat is asked something (a worker does this on the site);
        the player's legal commands then."""
        for _ in range(20):
            play_bots(game.pk)
            seat.refresh_from_db()
            if seat.awaiting:
                game.refresh_from_db()
                return kind.legal_commands(kind.load(game.state), seat.index)
        raise AssertionError("the bot never handed the game back")

    # Every command from here is a reply to the newest mail the player got, as they would write it.
    legal = bots_then_legal()
    if "keep" in legal:  # the faction deal: the player keeps theirs
        assert receive_mail(_reply(mailoutbox[-1], user, "keep")).status == "played"
        legal = bots_then_legal()
    launch = next(c for c in legal if c.startswith("launch"))
    assert receive_mail(_reply(mailoutbox[-1], user, f"{launch}\nend")).status == "played"
    assert Action.objects.filter(game=game, actor=user, source="email").exists()
    # The bot plays its turn; the player chats and checks their games by mail, then resigns.
    bots_then_legal()
    receive_mail(_reply(mailoutbox[-1], user, "say Good luck, bot!\ngames"))
    assert ChatMessage.objects.filter(game=game, user=user, text="Good luck, bot!").exists()
    assert "== Your games ==" in mailoutbox[-1].body
    assert f"* MetalTalon game {game.pk}: your turn" in mailoutbox[-1].body
    assert receive_mail(_reply(mailoutbox[-1], user, "resign")).status == "played"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    over = next(m for m in reversed(mailoutbox) if m.to == [user.email] and "is over" in m.subject
                and not m.subject.startswith("Re:"))
    assert "== The final board ==" in over.body
    receive_mail(_reply(over, user, "rematch"))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert rematch.status != Game.Status.OPEN, "against a bot the rematch starts at once"
    assert {(s.user_id, s.bot or "") for s in Seat.objects.filter(game=rematch)} == {(user.pk, ""),
                                                                                     (None, "random")}
    assert f"== Rematch: game {rematch.pk} ==" in mailoutbox[-1].body


def test_new_takes_the_options_by_name_or_by_value_as_the_lobby_form_does(
        celery_eager: None, mailoutbox: list[Any], bots_by_hand: None) -> None:
    user = UserFactory()
    receive_mail(gmail(user, "Hi,\nnew metaltalon web2002 faction_mode=fixed players 3 bots 1 private"))
    game = Game.objects.get()
    assert (game.options["edition"], game.options["faction_mode"], game.players, game.visibility) == (
        "web2002", "fixed", 3, "private")
    assert game.status == Game.Status.OPEN, "a seat is left for a person"
    # The player's first game: the beginner bot, as the lobby's form ticks it for them.
    assert {(s.user_id, s.bot or "") for s in game.seats.all()} == {(user.pk, ""), (None, "beginner")}
    assert "It starts when 1 more seat is taken" in _answers_to(mailoutbox, user)[-1].body


def test_rematch_with_the_game_id_at_the_site_address(celery_eager: None, mailoutbox: list[Any]) -> None:
    game, winner, loser = finished_game()
    receive_mail(gmail(loser.user, f"rematch {game.pk}"))
    new = Game.objects.exclude(pk=game.pk).get()
    assert list(new.seats.values_list("user_id", flat=True)) == [loser.user_id]
    assert f"Game {new.pk} is the rematch of game {game.pk}" in _answers_to(mailoutbox, loser.user)[-1].body
    receive_mail(gmail(UserFactory(), f"rematch {game.pk}"))
    assert Game.objects.count() == 2, "only its players get a game's rematch"


def test_new_metal_adventures_against_bots_by_its_title(celery_eager: None, mailoutbox: list[Any],
                                                        bots_by_hand: None) -> None:
    user = UserFactory()
    receive_mail(iphone(user, "new Metal Adventures players 3 bots 2 level random perks=yes"))
    game = Game.objects.get()
    assert (game.kind, game.players, game.options["perks"]) == ("metal-adventures", 3, True)
    assert game.status != Game.Status.OPEN
    assert sorted(s.bot or "" for s in game.seats.all()) == ["", "random", "random"]
    assert f"Game {game.pk} is made: Metal Adventures" in _answers_to(mailoutbox, user)[-1].body


def test_a_mail_whose_handling_failed_is_done_when_delivered_again(
        celery_eager: None, mailoutbox: list[Any], bots_by_hand: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    user = UserFactory()
    raw = iphone(user, "new metaltalon bots 1", message_id="<retried@icloud.com>")
    real = site_mail._answer

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("the database went away")

    monkeypatch.setattr(site_mail, "_answer", broken)
    with pytest.raises(ConnectionError):
        receive_mail(raw)  # the door answers "try again later"
    assert not Game.objects.exists(), "rolled back"
    monkeypatch.setattr(site_mail, "_answer", real)
    assert receive_mail(raw).status == "played"
    assert Game.objects.count() == 1 and len(_answers_to(mailoutbox, user)) == 1
