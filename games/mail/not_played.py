"""Mails of known players that are not played, answered rather than dropped without a word
(docs/architecture.md, "Playing by e-mail"): each says what was not played and how to put it right.

- over the rate: the sender (a verified address of the seat's player) sent more than MAIL_RATE_LIMIT;
- other address: the sender is not a verified address of the seat's player (an address of theirs not
  yet confirmed, or not on their account): the seat's player is told at their own verified address,
  never the sender;
- forwarded: the sender is a verified address of another player (a turn mail was forwarded to them):
  told to them, with their own seat's address, and to the seat's player, who should forward none;
- noreply: a reply to our From address (which reads nothing) that answers a mail of ours.

Only ever to a verified address of an active player: a stranger gets nothing (the site is no mail
cannon, and tells no one whether an address is registered). Each answer is bounded, at most one per
player, reason and hour (games/rates.py, as MAIL_RATE_LIMIT), so a flood never becomes a flood of mail.
"""

from __future__ import annotations

import datetime
import re
from email.message import EmailMessage
from email.utils import parseaddr

import limits
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils import timezone

from games import rates
from games.actions.unplayed_mail import owe_unplayed_answer
from games.mail.addresses import seat_address
from games.mail.message_ids import normal_message_id, reply_key
from games.models import Game, Seat

# At most one answer of each reason per player in this window.
ANSWER_RATE = "1/hour"
OVER_RATE, OTHER_ADDRESS, NOREPLY = "over-rate", "other-address", "noreply"
FORWARDED, FORWARDED_SEAT = "forwarded", "forwarded-seat"  # told to the sender, and to the seat's player


def over_rate(message: EmailMessage, seat: Seat, sender: str, wait: int, size: int) -> str:
    """The seat's player wrote from `sender` past MAIL_RATE_LIMIT; `wait` seconds until a mail is read."""
    game = seat.game
    at = timezone.now() + datetime.timedelta(seconds=wait)
    why = (f"Your mail to game {game.pk} was not played: more mails came from {sender} than the site reads "
           f"({_limit_words(settings.MAIL_RATE_LIMIT)}). Send your commands again after "
           f"{at:%H:%M} UTC{_on_day(at)} (in about {_minutes(wait)}); until then mails from this address are "
           "not read, and are answered at most once an hour.")
    return _answer(OVER_RATE, message, game, seat.user, seat, sender, why, size)


def not_the_players(message: EmailMessage, seat: Seat, sender: str, size: int) -> str:
    """The sender is not a verified address of the seat's player: another player's (a forwarded mail),
    or an address that may be the player's own (answered at the player's verified address)."""
    game = seat.game
    other = _verified_owner(sender)
    if other is not None and other.pk != seat.user_id:
        own = _own_seat(game, other)
        where = (f"Your own seat in this game plays by mail at {seat_address(own)}: reply to the mails "
                 "the site sends you (your client's Reply answers that address)." if own is not None else
                 "You hold no seat in this game.")
        why = (f"Your mail to game {game.pk} was not played: it went to the address of another player's "
               f"seat (a mail of theirs forwarded to you). {where} Forward no game mail: its reply address "
               "plays for the seat it was sent to.")
        told = [_answer(FORWARDED, message, game, other, own, sender, why, size)]
        # The seat's player is told too, at their own address: the forward was theirs to stop.
        player = seat.user
        to = verified_address(player) if player is not None else None
        if to is not None:
            theirs = (f"A mail from another player to your seat's address in game {game.pk} was not played: "
                      "that address plays only mails from your own confirmed addresses. If you forwarded a "
                      "mail of this game, forward none: whoever replies to it writes to your seat.")
            told.append(_answer(FORWARDED_SEAT, message, game, player, seat, to, theirs, size))
        return "answered" if "answered" in told else next((t for t in told if t), "")
    player = seat.user
    assert player is not None  # inbound found the seat with its player
    to = verified_address(player)
    if to is None:
        return ""
    known = EmailAddress.objects.filter(user_id=player.pk, email__iexact=sender).exists()
    fix = ("confirm it (the link in the mail the site sent it, or send that mail again from your "
           "profile)" if known else "add it to your profile and confirm it")
    why = (f"A mail from {sender} to your seat's address in game {game.pk} was not played: "
           f"{sender} is {'not confirmed yet on' if known else 'not one of the addresses of'} your account. "
           f"If it is yours, {fix}: {_addresses_url()}, then send your commands again; or send them from "
           f"{to}. If it is not yours, someone has one of your game mails: forward none, as their reply "
           "address plays for your seat.")
    return _answer(OTHER_ADDRESS, message, game, player, seat, to, why, size)


def to_noreply(message: EmailMessage, sender: str, size: int) -> str:
    """A reply to our From address naming a mail of ours: told to its sender, a known player, with the
    address that plays their seat in the game the mail was about (its thread's root). "" when not so."""
    ours = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].lower()
    to_ours = any(parseaddr(str(v))[1].lower() == ours
                  for header in ("To", "Cc", "Delivered-To", "X-Original-To")
                  for v in message.get_all(header, []))
    answered = f"{message.get('In-Reply-To', '')} {message.get('References', '')}"
    domain = re.escape(settings.MAIL_DOMAIN)
    if not to_ours or not re.search(rf"<[^<>@\s]+@{domain}>", answered, re.IGNORECASE):
        return ""
    player = _verified_owner(sender)
    root = re.search(rf"<game-(\d{{1,18}})\.\d{{1,18}}@{domain}>", answered, re.IGNORECASE)
    game = Game.objects.filter(pk=int(root[1])).first() if root else None
    if player is None or game is None:
        return ""
    own = _own_seat(game, player)
    where = (f"reply with your client's Reply to the mails the site sends you (it answers their Reply-To, "
             f"{seat_address(own)}), or write to that address" if own is not None else
             "you hold no seat in this game")
    why = (f"Your mail about game {game.pk} was not played: it went to {ours}, which reads nothing. To "
           f"play by mail, {where}.")
    return _answer(NOREPLY, message, game, player, own, sender, why, size)


def verified_address(user: AbstractBaseUser) -> str | None:
    """The player's primary verified address, else another verified one, else None."""
    found = (EmailAddress.objects.filter(user_id=user.pk, verified=True).order_by("-primary", "pk")
             .values_list("email", flat=True).first())
    return str(found) if found else None


def _answer(reason: str, message: EmailMessage, game: Game, user: AbstractBaseUser | None,
            seat: Seat | None, to: str, why: str, size: int) -> str:
    """Owe the answer unless this player had one for this reason within the hour: "answered", or why not."""
    if user is None or not user.is_active:
        return ""
    if rates.hit(ANSWER_RATE, f"mail-unplayed-{reason}", str(user.pk)):
        return "already answered within the hour"
    message_id = " ".join(str(message.get("Message-ID", "")).split())[:300]
    subject = " ".join(str(message.get("Subject", "")).split())[:200]
    identity = (normal_message_id(message_id)
                or f"{message.get('From', '')}\n{message.get('Date', '')}\n{subject}")
    key = reply_key(seat.pk if seat is not None else 0, f"{reason}\n{identity}")
    row = owe_unplayed_answer(game_id=game.pk, user=user, seat=seat, key=key, to=to, why=why,
                              message_id=message_id, subject=subject, size=size)
    return "answered" if row is not None else "already answered (the same message)"


def _verified_owner(address: str) -> AbstractBaseUser | None:
    found = (EmailAddress.objects.filter(email__iexact=address, verified=True, user__is_active=True)
             .select_related("user").first())
    return found.user if found is not None else None


def _own_seat(game: Game, user: AbstractBaseUser) -> Seat | None:
    return game.seats.filter(user_id=user.pk).exclude(index=None).order_by("index").first()


def _addresses_url() -> str:
    return f"{settings.SITE_URL}{reverse('account_email')}"


def _limit_words(rates_text: str) -> str:
    """"60/hour;500/day" -> "at most 60 an hour and 500 a day"."""
    parts = [f"{rate.amount} a{'n' if rate.GRANULARITY.name == 'hour' else ''} {rate.GRANULARITY.name}"
             if rate.multiples == 1 else f"{rate.amount} in {rate.multiples} {rate.GRANULARITY.name}s"
             for rate in limits.parse_many(rates_text)]
    return "at most " + " and ".join(parts)


def _minutes(seconds: int) -> str:
    minutes = max(1, round(seconds / 60))
    if minutes < 120:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{round(minutes / 60)} hours"


def _on_day(at: datetime.datetime) -> str:
    return "" if at.date() == timezone.now().date() else f" on {at:%d %B}"
