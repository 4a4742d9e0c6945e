"""Cache invalidation hooks: whatever path saves a game, a seat or a chat message (actions, admin,
moderation), the cached counts and pages that depend on it are dropped."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games import page_cache, pulse, queries
from games.models import ChatMessage, ExpelBallot, ExpelVote, Game, Invitation, Seat
from games.push import publish


@receiver(post_save, sender=Game)
def forget_for_game(sender: type, instance: Game, raw: bool = False, **kwargs: Any) -> None:
    # A saved game may have changed status or whose turn it is (the seats are updated just before): its
    # players' cached counts go, unless the writer said they hold. And its version changed: open pages learn
    # of it from the version the pulse reads from the cache (games.pulse), and at once through their push
    # connection (games.push). Both dropped in one Redis call now and one once the transaction commits
    # (as queries.forget_turn_counts and pulse.game_changed each do alone: four calls a turn's end).
    keys = [pulse.head_key(instance.pk)]
    if not (raw or queries.counts_held(instance)):
        # seats.all(): no query when the writer read them with the game (games.queries.with_seats).
        keys += queries.turn_count_keys([s.user_id for s in instance.seats.all()])
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))
    publish.game_moved(instance.pk, instance.version)


@receiver(post_delete, sender=Game)
def forget_deleted_game(sender: type, instance: Game, **kwargs: Any) -> None:
    # A game deleted is told as a move past its version.
    pulse.game_changed(instance.pk)
    page_cache.readers_changed(instance.pk)
    publish.game_moved(instance.pk, instance.version + 1)


@receiver(post_save, sender=Seat)
@receiver(post_delete, sender=Seat)
def forget_count_for_seat(sender: type, instance: Seat, **kwargs: Any) -> None:
    queries.forget_turn_counts([instance.user_id])
    queries.forget_invitation_counts([instance.user_id])  # a seat taken answers an invitation
    page_cache.readers_changed(instance.game_id)  # whose live region each reader is served


@receiver(post_save, sender=ExpelVote)
@receiver(post_delete, sender=ExpelVote)
@receiver(post_save, sender=ExpelBallot)
@receiver(post_delete, sender=ExpelBallot)
def forget_readers_for_vote(sender: type, instance: Any, **kwargs: Any) -> None:
    # A vote opened, a ballot cast or a vote closed changes what the seats' live regions show, with no move:
    # their cached regions are left behind by new readers (games.page_cache.seat_reader's generation).
    game_id = instance.game_id if isinstance(instance, ExpelVote) else instance.vote.game_id
    page_cache.readers_changed(game_id)


@receiver(post_save, sender=Invitation)
@receiver(post_delete, sender=Invitation)
def forget_count_for_invitation(sender: type, instance: Invitation, **kwargs: Any) -> None:
    queries.forget_invitation_counts([instance.user_id])


@receiver(post_save, sender=ChatMessage)
@receiver(post_delete, sender=ChatMessage)
def forget_pages_for_chat(sender: type, instance: ChatMessage, **kwargs: Any) -> None:
    page_cache.chat_changed(instance.game_id)
    publish.chat_changed(instance.game_id)
