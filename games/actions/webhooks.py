"""Webhooks (docs/api.md, "Webhooks"): a player's URLs told when a game asks them something (their turn,
or a question out of turn). Adding and removing them, owing a delivery when a game asks a player
something (in the game's transaction, once per hook, game and prompt), and delivering it: each attempt
is claimed by a conditional update, so a delivery is sent by one worker at a time and never again once
sent; a failure waits longer before each retry, and the sweep retries what a lost task left."""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games import rates
from games import webhooks as hooks
from games.actions.actor import Actor
from games.actions.asked_again import next_repeat
from games.actions.errors import Invalid, NotAllowed
from games.models import Game, Seat, Webhook, WebhookDelivery
from games.prompts import asked

logger = logging.getLogger(__name__)

MAX_HOOKS = 10
NOT_YOURS = "You can add a webhook only to a game you play in."
TRY_LIMIT = "5/minute"  # "Send a test", each a POST from a worker
# Seconds to wait after the n-th failed attempt; after the last the delivery is given up.
BACKOFF = (30, 120, 600, 1800, 7200)
# An attempt's hold on its row: longer than the send task's hard time limit (games/tasks.py), so no second
# worker posts while a slow first one may still be posting.
CLAIM = timedelta(seconds=120)


def add_webhook(actor: Actor, url: str, fmt: str = Webhook.Format.JSON, game: Game | None = None) -> Webhook:
    user = actor.require_player()
    url = (url or "").strip()
    if any(ord(c) < 0x20 or c == "\x7f" for c in url):  # a NUL PostgreSQL cannot store, any control
        raise Invalid("That URL cannot receive webhooks: it holds a control character.", code="bad_webhook")
    try:
        hooks.check_destination(url)
    except hooks.NotSent as exc:
        if exc.final:
            raise Invalid(f"That URL cannot receive webhooks: {exc}.", code="bad_webhook") from None
    if len(url) > 500:
        raise Invalid("The URL is longer than 500 characters.", code="bad_webhook")
    if fmt not in Webhook.Format.values:
        raise Invalid("Choose the JSON or the Discord format.", code="bad_webhook")
    if game is not None and not Seat.objects.filter(game=game, user=user).exists():
        raise NotAllowed(NOT_YOURS)
    with transaction.atomic():
        # The owner's row, locked before counting, so that requests made at once count one after the
        # other (as accounts/tokens.py does for tokens).
        get_user_model().objects.select_for_update().get(pk=user.pk)
        if Webhook.objects.filter(user=user).count() >= MAX_HOOKS:
            raise Invalid(f"You have {MAX_HOOKS} webhooks already: remove one first.", code="too_many")
        return Webhook.objects.create(user=user, url=url, format=fmt, game=game,
                                      secret=secrets.token_hex(24))


def remove_webhook(actor: Actor, hook_id: int) -> None:
    user = actor.require_player()
    deleted, _ = Webhook.objects.filter(pk=hook_id, user=user).delete()
    if not deleted:
        raise Invalid("You have no such webhook.", code="no_such_webhook")


def owe_prompts(game: Game, turn: int, seats: list[Seat] | None = None) -> list[int]:
    """A delivery for every webhook (this game's, or all their games') of the players the game awaits,
    once per hook and prompt (what the player is asked: Seat.prompt) each time the game comes to wait for
    them on it (asked_again.py); queued on commit. Call under the
    game's row lock, after store_state."""
    if seats is None:  # else: the seats awaited with a prompt and a player, as store_state left them
        seats = list(Seat.objects.filter(game=game, awaiting=True, user__isnull=False).exclude(prompt=""))
    elif all(getattr(seat, "hooked", None) is False for seat in seats):
        return []  # none of their players has a webhook: read with the seats (games.queries.with_seats)
    awaited = {s.user_id: s for s in seats}
    found = list(Webhook.objects.filter(user__in=list(awaited), user__is_active=True)
                 .filter(Q(game=None) | Q(game=game)))
    if not found:  # most turns: one query, and nothing to write
        return []
    questions = asked(game)
    told: dict[tuple[int, str], list[tuple[int, Any]]] = {}
    for hook_id, prompt, repeat, created_at in WebhookDelivery.objects.filter(
            game=game, webhook__in=found, prompt__in={s.prompt for s in awaited.values()}).values_list(
            "webhook_id", "prompt", "repeat", "created_at"):
        told.setdefault((hook_id, prompt), []).append((repeat, created_at))
    rows = []
    for hook in found:
        seat = awaited[hook.user_id]
        repeat = next_repeat(told.get((hook.pk, seat.prompt), []), seat.awaited_since)
        if seat.index in questions and repeat is not None:
            body = hooks.payload(hook, game, turn, questions[seat.index], seat.due_at)
            rows.append(WebhookDelivery(webhook=hook, game=game, turn=turn, prompt=seat.prompt, repeat=repeat,
                                        payload=body))
    WebhookDelivery.objects.bulk_create(rows, ignore_conflicts=True)
    pending = Q()
    for row in rows:
        pending |= Q(webhook=row.webhook, prompt=row.prompt)
    ids = list(WebhookDelivery.objects.filter(pending, game=game, sent_at=None, failed=False)
               .values_list("pk", flat=True)) if rows else []
    if ids:
        from games.tasks import queue_webhooks  # tasks import the actions: import when called

        transaction.on_commit(lambda: queue_webhooks(ids))
    return ids


def deliver(delivery_id: int) -> float | None:
    """One attempt at a due delivery. None when it is done (sent, given up, not due, or another worker
    holds it); else the seconds until it should be tried again. The claim counts the attempt, so one a
    killed worker never finished still counts towards giving up."""
    now = timezone.now()
    claimed = WebhookDelivery.objects.filter(pk=delivery_id, sent_at=None, failed=False,
                                             next_try_at__lte=now).update(next_try_at=now + CLAIM,
                                                                          attempts=F("attempts") + 1)
    if not claimed:
        return None
    row = WebhookDelivery.objects.select_related("webhook").get(pk=delivery_id)
    hook = row.webhook
    if row.attempts > len(BACKOFF) + 1:  # attempts that never came back (a worker killed mid-POST)
        WebhookDelivery.objects.filter(pk=row.pk).update(failed=True, last_error="no attempt finished")
        return None
    try:
        status = hooks.post(hook, row.payload, row.pk)
    except hooks.NotSent as exc:
        final = exc.final or row.attempts > len(BACKOFF)
        wait = 0 if final else BACKOFF[row.attempts - 1]
        WebhookDelivery.objects.filter(pk=row.pk).update(
            failed=final, last_error=str(exc)[:300], next_try_at=timezone.now() + timedelta(seconds=wait))
        _outcome(hook, delivered=False)
        return None if final else float(wait)
    WebhookDelivery.objects.filter(pk=row.pk).update(sent_at=timezone.now(), last_error="")
    logger.info("webhook %s: delivery %s answered HTTP %s", hook.pk, row.pk, status)
    _outcome(hook, delivered=True)
    return None


def due_deliveries(limit: int) -> list[int]:
    return list(WebhookDelivery.objects.filter(sent_at=None, failed=False, next_try_at__lte=timezone.now())
                .order_by("next_try_at").values_list("pk", flat=True)[:limit])


def _outcome(hook: Webhook, delivered: bool) -> None:
    """What the owner's list shows: "delivered" or "failed", never what the network answered (a refused
    connection, a timeout, a private address: a map of the network for whoever reads it). The details stay
    in the delivery's row and the log, for the operator."""
    Webhook.objects.filter(pk=hook.pk).update(last_outcome="delivered" if delivered else "failed",
                                              last_sent_at=timezone.now())


def try_webhook(actor: Actor, hook_id: int) -> None:
    """Queue a sample POST to one of the actor's hooks, sent by a worker after the commit (send_test): a
    slow or silent receiver must not hold a web process, and the page it answers with says nothing of it."""
    user = actor.require_player()
    hook = Webhook.objects.filter(pk=hook_id, user=user).first()
    if hook is None:
        raise Invalid("You have no such webhook.", code="no_such_webhook")
    wait = rates.hit(TRY_LIMIT, "webhook-try", str(user.pk))
    if wait:
        raise Invalid(f"A test was sent a moment ago: try again in {wait} s.", code="rate_limited")
    from games.tasks import queue_webhook_test  # tasks import the actions: import when called

    transaction.on_commit(lambda: queue_webhook_test(hook.pk))


def send_test(hook_id: int) -> bool | None:
    """The sample POST (a worker's task): True when it was delivered, None when the hook is gone."""
    hook = Webhook.objects.filter(pk=hook_id).first()
    if hook is None:
        return None
    body: dict[str, Any] = {"event": "test", "player": hook.user_id}
    if hook.format == Webhook.Format.DISCORD:
        body = {"content": "A test from MetalTalon: this webhook works."}
    try:
        hooks.post(hook, body, 0)
    except hooks.NotSent as exc:
        logger.info("webhook %s: the test was not delivered: %s", hook.pk, exc)
        _outcome(hook, delivered=False)
        return False
    _outcome(hook, delivered=True)
    return True
