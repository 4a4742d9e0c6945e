"""receive_mail (games/mail/inbound.py): a reply to a seat's signed address is played as that seat's
commands, in order, up to the first refused one; everything else (robots, forgeries, strangers, failed
SPF/DKIM, floods, repeats, garbage) changes nothing."""

from __future__ import annotations

import os
from typing import Any

import pytest

from games.kinds import get_kind
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.models import Action, Game, InboundMail, Notification
from tests.mail.helpers import addressed, legal, reply
from tests.web.factories import UserFactory, active_seat, finished_game, other_seat, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("queued")]


def _snapshot(game: Game) -> tuple[int, object]:
    game.refresh_from_db()
    return game.version, game.state


def test_a_reply_plays_its_commands_as_the_seats_player_by_email() -> None:
    game = started_game()
    seat = active_seat(game)
    launch = legal(seat, "launch")
    got = receive_mail(reply(seat, f"{launch}\nend"))
    assert got.status == "played"
    played = list(Action.objects.filter(game=game).order_by("seq").values_list("command", "source", "actor"))
    assert played[-2:] == [(launch, "email", seat.user_id), ("end", "email", seat.user_id)]
    row = InboundMail.objects.get(pk=got.inbound_id)
    assert [p["command"] for p in row.report["played"]] == [launch, "end"]
    assert row.report["played"][0]["lines"], "the answer says what the launch did"
    assert Notification.objects.filter(kind=Notification.Kind.REPLY, key=row.pk, user=seat.user).exists()


def test_reading_stops_at_the_first_refused_command_and_what_went_before_stands() -> None:
    game = started_game()
    seat = active_seat(game)
    launch = legal(seat, "launch")
    turn_before = get_kind(game.kind).turn(get_kind(game.kind).load(game.state))
    got = receive_mail(reply(seat, f"{launch}\nmove A1 A1\nend"))
    assert got.status == "refused"
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert [p["command"] for p in report["played"]] == [launch]
    assert report["refused"]["command"] == "move A1 A1" and report["refused"]["why"]
    assert report["not_tried"] == ["end"]
    game.refresh_from_db()
    kind = get_kind(game.kind)
    assert kind.turn(kind.load(game.state)) == turn_before, "the end after the refusal was not played"
    assert Action.objects.filter(game=game, command=launch).exists()


def test_words_below_the_commands_are_not_read_and_the_answer_says_so() -> None:
    seat = active_seat(started_game())
    got = receive_mail(reply(seat, "end\ngood game!\nresign"))
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert [p["command"] for p in report["played"]] == ["end"]
    assert report["ignored"] == "good game!"
    assert not Action.objects.filter(game=seat.game, command="resign").exists()


def test_commands_separated_by_semicolons_on_one_line_are_played_in_order() -> None:
    seat = active_seat(started_game())
    launch = legal(seat, "launch")
    receive_mail(reply(seat, f"{launch}; end"))
    assert list(Action.objects.filter(game=seat.game).order_by("-seq")
                .values_list("command", flat=True)[:2]) == ["end", launch]


def test_a_command_when_it_is_not_your_turn_is_refused_and_changes_nothing() -> None:
    game = started_game()
    seat = other_seat(game)
    before = _snapshot(game)
    got = receive_mail(reply(seat, "end"))
    assert got.status == "refused"
    assert InboundMail.objects.get(pk=got.inbound_id).report["refused"]["code"] == "not_your_turn"
    assert _snapshot(game) == before


def test_undo_in_a_reply_takes_back_the_moves_before_it() -> None:
    game = started_game()
    seat = active_seat(game)
    launch = legal(seat, "launch")
    before = _snapshot(game)[1]
    got = receive_mail(reply(seat, f"{launch}\nundo"))
    assert got.status == "played"
    game.refresh_from_db()
    assert game.state == before
    assert Action.objects.get(game=game, command=launch).undone


def test_help_and_board_play_nothing() -> None:
    game = started_game()
    before = _snapshot(game)
    got = receive_mail(reply(active_seat(game), "help\nboard"))
    assert got.status == "nothing"
    assert InboundMail.objects.get(pk=got.inbound_id).report["asked"] == ["help", "board"]
    assert _snapshot(game) == before


def test_a_setup_decision_can_be_made_by_mail() -> None:
    game = started_game(keep=False)
    assert game.status == Game.Status.SETUP
    for seat in game.seats.order_by("index"):
        assert receive_mail(reply(seat, "keep")).status == "played"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_the_same_message_delivered_twice_is_played_once() -> None:
    seat = active_seat(started_game())
    raw = reply(seat, legal(seat, "launch"))
    assert receive_mail(raw).status == "played"
    after = _snapshot(seat.game)
    again = receive_mail(raw)
    assert again.status == "duplicate"
    assert _snapshot(seat.game) == after
    assert InboundMail.objects.count() == 1
    assert Notification.objects.filter(kind=Notification.Kind.REPLY).count() == 1


def test_a_reply_to_a_finished_game_is_answered_and_changes_nothing() -> None:
    game, winner, _ = finished_game()
    before = _snapshot(game)
    got = receive_mail(reply(winner, "end"))
    assert got.status == "rejected"
    assert "not in play" in InboundMail.objects.get(pk=got.inbound_id).report["rejected"]
    assert _snapshot(game) == before


# === Dropped, unanswered, nothing changed ===


def _dropped(raw: bytes, game: Game, **kwargs: object) -> str:
    before = _snapshot(game), InboundMail.objects.count(), Notification.objects.count()
    got = receive_mail(raw, **kwargs)  # type: ignore[arg-type]
    assert got.status == "dropped"
    # Unread and unanswered: the game, the mail record and the notices owed are as they were.
    assert (_snapshot(game), InboundMail.objects.count(), Notification.objects.count()) == before
    return got.reason


def test_a_forged_address_is_dropped() -> None:
    game = started_game()
    seat = active_seat(game)
    real = seat_address(seat)
    local, domain = real.split("@")
    forged_mac = local[:-1] + ("0" if local[-1] != "0" else "1")
    assert "forged" in _dropped(reply(seat, "end", to=f"{forged_mac}@{domain}"), game)
    other = other_seat(game)
    # Another seat's id under this seat's MAC: the MAC is per seat.
    swapped = real.replace(f"play+{seat.pk}.", f"play+{other.pk}.")
    _dropped(reply(other, "end", to=swapped), game)


def _not_played(raw: bytes, game: Game) -> str:
    before = _snapshot(game)
    got = receive_mail(raw)
    # Answered with how to put it right (tests/mail/test_not_played.py), and nothing played.
    assert got.status == "unplayed"
    assert _snapshot(game) == before
    return got.reason


def test_a_mail_from_someone_other_than_the_seats_player_is_not_played() -> None:
    game = started_game()
    seat = active_seat(game)
    stranger = UserFactory()
    assert "not the player" in _not_played(reply(seat, "end", sender=stranger.email), game)
    # The opponent, a real player of the game, cannot play for this seat either.
    _not_played(reply(seat, "end", sender=other_seat(game).user.email), game)


def test_an_unverified_address_of_the_player_is_not_enough() -> None:
    from allauth.account.models import EmailAddress

    game = started_game()
    seat = active_seat(game)
    EmailAddress.objects.create(user=seat.user, email="second@example.net", verified=False)
    _not_played(reply(seat, "end", sender="second@example.net"), game)


@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"},
    {"Precedence": "bulk"},
    {"Return-Path": "<>"},
    {"X-Autoreply": "yes"},
], ids=["auto-submitted", "precedence-bulk", "bounce-return-path", "x-autoreply"])
def test_auto_replies_and_bounces_are_dropped_unanswered(headers: dict[str, str]) -> None:
    game = started_game()
    _dropped(reply(active_seat(game), "end", headers=headers), game)


def test_a_bounce_with_an_empty_envelope_sender_is_dropped() -> None:
    game = started_game()
    _dropped(reply(active_seat(game), "end"), game, envelope_from="")


def test_a_delivery_report_is_dropped() -> None:
    game = started_game()
    seat = active_seat(game)
    report = addressed(seat, "<report@client.example>")
    report.set_content("end")
    report.make_mixed()
    report.replace_header("Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"')
    _dropped(report.as_bytes(), game)


def test_failing_spf_and_dkim_results_from_our_server_drop_the_mail(settings: object) -> None:
    game = started_game()
    failing = {"Authentication-Results": "mx.metaltalon.test; spf=fail smtp.mailfrom=x; dkim=none"}
    _dropped(reply(active_seat(game), "end", headers=failing), game)


def test_a_passing_dkim_result_lets_the_mail_through() -> None:
    seat = active_seat(started_game())
    passing = {"Authentication-Results": "mx.metaltalon.test; spf=softfail; dkim=pass header.d=example.com"}
    assert receive_mail(reply(seat, "end", headers=passing)).status == "played"


def test_a_forged_passing_result_below_our_servers_header_counts_for_nothing() -> None:
    game = started_game()
    seat = active_seat(game)
    message = addressed(seat, "<forged-results@client.example>")
    message["Authentication-Results"] = "mx.metaltalon.test; spf=fail; dkim=fail"
    message["Authentication-Results"] = "mx.metaltalon.test; spf=pass; dkim=pass"  # the sender's own
    message.set_content("end")
    _dropped(message.as_bytes(), game)


def test_with_an_authserv_id_only_that_servers_results_count(settings: object) -> None:
    settings.MAIL_AUTHSERV_ID = "mx.metaltalon.test"  # type: ignore[attr-defined]
    game = started_game()
    seat = active_seat(game)
    other_server = {"Authentication-Results": "evil.example; spf=pass; dkim=pass"}
    # Only a header naming another server: ours added none, which "present" accepts ...
    assert receive_mail(reply(seat, "end", headers=other_server)).status == "played"
    # ... and "required" refuses.
    settings.MAIL_AUTH_RESULTS = "required"  # type: ignore[attr-defined]
    _dropped(reply(other_seat(game), "end", headers=other_server), game)


def test_required_results_refuse_a_mail_without_them(settings: object) -> None:
    settings.MAIL_AUTH_RESULTS = "required"  # type: ignore[attr-defined]
    game = started_game()
    _dropped(reply(active_seat(game), "end"), game)


def test_a_sender_over_the_rate_limit_is_not_played(settings: object) -> None:
    settings.MAIL_RATE_LIMIT = "2/hour"  # type: ignore[attr-defined]
    game = started_game()
    seat = active_seat(game)
    assert receive_mail(reply(seat, "help")).status == "nothing"
    assert receive_mail(reply(seat, "board")).status == "nothing"
    before = _snapshot(game)
    assert "2/hour" in _not_played(reply(seat, "end"), game)
    assert _snapshot(game) == before


@pytest.mark.parametrize("raw", [
    b"",
    b"\x00\xff garbage \x89PNG\r\n\x1a\n",
    os.urandom(4096),
    b"From: nobody\r\n\r\nmove D7 F8",
], ids=["empty", "binary", "random", "no-address"])
def test_garbage_is_dropped_without_an_error(raw: bytes) -> None:
    game = started_game()
    _dropped(raw, game)


# === Refused, answered, nothing changed ===


def test_a_5_mb_attachment_is_refused_with_an_answer_and_not_read(settings: object) -> None:
    game = started_game()
    seat = active_seat(game)
    message = addressed(seat, "<big@client.example>")
    message.set_content("end")
    message.add_attachment(os.urandom(5_000_000), maintype="application", subtype="octet-stream",
                           filename="holiday.bin")
    before = _snapshot(game)
    got = receive_mail(message.as_bytes())
    assert got.status == "rejected"
    assert "MB" in InboundMail.objects.get(pk=got.inbound_id).report["rejected"]
    assert _snapshot(game) == before
    assert Notification.objects.filter(kind=Notification.Kind.REPLY).count() == 1


def test_a_phone_photo_sent_with_the_commands_is_passed_over_and_the_commands_play() -> None:
    game = started_game()
    seat = active_seat(game)
    message = addressed(seat, "<photo@client.example>")
    message.set_content("end")
    message.add_attachment(os.urandom(2_500_000), maintype="image", subtype="jpeg", filename="IMG_2041.jpg")
    got = receive_mail(message.as_bytes())
    assert got.status == "played"
    assert Action.objects.filter(game=game, command="end", source="email").exists()


def test_a_text_too_long_to_read_is_refused_with_its_size(settings: Any) -> None:
    settings.MAIL_MAX_BYTES = 20_000
    game = started_game()
    seat = active_seat(game)
    before = _snapshot(game)
    got = receive_mail(reply(seat, "end\n" + "and a long story besides\n" * 1200))
    assert got.status == "rejected"
    assert InboundMail.objects.get(pk=got.inbound_id).report["rejected"] == (
        "The text of your mail is 0.03 MB; at most 0.02 MB of text is read. Send the commands alone, "
        "without the quoted mails below them.")
    assert _snapshot(game) == before


def test_a_mail_with_no_text_is_refused_with_an_answer() -> None:
    game = started_game()
    seat = active_seat(game)
    message = addressed(seat, "<picture@client.example>")
    message.set_content(b"\x89PNG\r\n\x1a\n" + os.urandom(200), maintype="image", subtype="png")
    before = _snapshot(game)
    got = receive_mail(message.as_bytes())
    assert got.status == "rejected"
    assert "No commands" in InboundMail.objects.get(pk=got.inbound_id).report["rejected"]
    assert _snapshot(game) == before


def test_the_envelope_recipient_finds_the_seat_when_the_headers_do_not() -> None:
    seat = active_seat(started_game())
    raw = reply(seat, "end", to="someone-else@example.org")
    assert receive_mail(raw, recipients=[seat_address(seat)]).status == "played"


def test_commands_answering_an_older_turns_mail_are_not_played() -> None:
    from games.mail.addresses import new_message_id

    game = started_game()
    seat = active_seat(game)
    kind = get_kind(game.kind)
    turn = kind.turn(kind.load(game.state))
    old_notice = new_message_id(str(turn - 1))
    before = _snapshot(game)
    got = receive_mail(reply(seat, "end", headers={"In-Reply-To": old_notice, "References": old_notice}))
    assert got.status == "rejected"
    assert "moved on since (to round 1)" in InboundMail.objects.get(pk=got.inbound_id).report["rejected"]
    assert _snapshot(game) == before
    # The same words answering this turn's mail (MetalTalon's prompt key is its turn) are played.
    this_notice = new_message_id(str(turn))
    assert receive_mail(reply(seat, "end", headers={"In-Reply-To": this_notice})).status == "played"


# === Hostile mail found in review: dropped or bounded, never an error the doors would retry forever ===


def test_a_nul_byte_in_the_subject_and_body_is_read_without_error() -> None:
    seat = active_seat(started_game())
    raw = reply(seat, "end\x00").replace(b"Subject: Re:", b"Subject: a\x00b Re:")
    got = receive_mail(raw)
    assert got.status == "played"
    assert "\x00" not in InboundMail.objects.get(pk=got.inbound_id).report["subject"]


def test_deeply_nested_mime_is_dropped_not_an_error() -> None:
    game = started_game()
    seat = active_seat(game)
    head = f"From: {seat.user.email}\r\nTo: {seat_address(seat)}\r\nMIME-Version: 1.0\r\n".encode()
    nested = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
                      for i in range(3000))
    assert _dropped(head + nested, game).startswith("unreadable")


def test_a_giant_header_is_dropped_before_it_is_parsed() -> None:
    game = started_game()
    _dropped(reply(active_seat(game), "end", headers={"X-Junk": "x" * 100_000}), game)


@pytest.mark.parametrize("from_header", [
    "{email} <evil@attacker.example>",
    "<{email}> (comment) evil@attacker.example",
    "{email}, evil@attacker.example",
], ids=["display-name", "comment", "two-addresses"])
def test_a_from_that_a_dmarc_check_would_read_otherwise_is_dropped(from_header: str) -> None:
    game = started_game()
    seat = active_seat(game)
    raw = reply(seat, "end").replace(f"From: {seat.user.display_name} <{seat.user.email}>".encode(),
                                     b"From: " + from_header.format(email=seat.user.email).encode())
    _dropped(raw, game)


def test_a_pass_for_another_domain_does_not_vouch_for_the_from(settings: object) -> None:
    settings.MAIL_AUTH_RESULTS = "required"  # type: ignore[attr-defined]
    game = started_game()
    seat = active_seat(game)
    theirs = {"Authentication-Results": "mx.metaltalon.test; spf=pass smtp.mailfrom=x@attacker.example; "
                                        "dkim=pass header.d=attacker.example; dmarc=fail"}
    _dropped(reply(seat, "end", headers=theirs), game)
    aligned = {"Authentication-Results": "mx.metaltalon.test; spf=pass smtp.mailfrom=bounce@mail.example.com"}
    assert receive_mail(reply(seat, "end", headers=aligned)).status == "played"


def test_commands_past_the_limit_on_one_line_are_not_read() -> None:
    seat = active_seat(started_game())
    # Each order changes the last (one already standing would not be played: test_mail_unchanged.py).
    got = receive_mail(reply(seat, "; ".join(["order damage ews", "order damage swe"] * 50)))
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert len(report["played"]) == 40
    assert report["ignored"] == "order damage ews"


def test_one_mail_to_two_of_a_players_seats_is_played_in_both_games() -> None:
    first = started_game()
    seat = active_seat(first)
    second = full_game_with(seat.user)
    other = second.seats.get(user=seat.user)
    raw = reply(seat, "help", message_id="<both@client.example>", headers={"Cc": seat_address(other)})
    assert receive_mail(raw).status == "nothing"
    assert receive_mail(raw, recipients=[seat_address(other)]).status == "nothing"
    assert InboundMail.objects.filter(message_id="<both@client.example>").count() == 2


def full_game_with(user: object) -> Game:
    from tests.web.factories import full_game

    return full_game(players=2, users=[user])


@pytest.mark.parametrize("replayed", ["<{local}@CLIENT.EXAMPLE>", "<{upper}@client.example>",
                                      "  <{local}@CLIENT.example >", "{local}@Client.Example"])
def test_a_reply_replayed_with_its_message_id_re_cased_or_spaced_is_not_played_again(replayed: str) -> None:
    seat = active_seat(started_game())
    local, command = "reply.77", legal(seat, "launch")
    assert receive_mail(reply(seat, command, message_id=f"<{local}@client.example>")).status == "played"
    after = _snapshot(seat.game)

    again = receive_mail(reply(seat, command, message_id=replayed.format(local=local, upper=local.upper())))

    assert again.status == "duplicate"
    assert _snapshot(seat.game) == after
    assert InboundMail.objects.count() == 1


def test_a_reply_stored_before_message_ids_were_normalised_is_not_played_again_re_cased() -> None:
    import hashlib
    from importlib import import_module

    from django.apps import apps

    seat = active_seat(started_game())
    raw_id = "<Reply.78@Client.Example>"
    # The row as the code before games/mail/message_ids.py keyed it: the id exactly as written.
    old_key = hashlib.sha256(f"{seat.pk}\n{raw_id}".encode()).hexdigest()
    InboundMail.objects.create(key=old_key, message_id=raw_id, game=seat.game, seat=seat, user=seat.user,
                               outcome=InboundMail.Outcome.PLAYED)
    import_module("games.migrations.0016_inbound_mail_normal_keys").normalise_keys(apps, None)
    after = _snapshot(seat.game)

    again = receive_mail(reply(seat, legal(seat, "launch"), message_id="<reply.78@CLIENT.EXAMPLE>"))

    assert again.status == "duplicate"
    assert _snapshot(seat.game) == after
