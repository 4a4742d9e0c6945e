"""Cache invalidation hooks: whatever path saves a game, a seat or a chat message (actions, admin,
moderation), the cached counts and pages that depend on it are dropped."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games import page_cache, pulse, queries
from games.models import ChatMessage, ExpelBallot, ExpelVote, Game, Invitation, Seat
from games.push import publish


@receiver(post_save, sender=Game)
def forget_counts_for_game(sender: type, instance: Game, raw: bool = False, **kwargs: Any) -> None:
    # A saved game may have changed status or whose turn it is (the seats are bulk-updated just before).
    if raw or queries.counts_held(instance):
        return
    # seats.all(): no query when the writer read them with the game (games.queries.with_seats).
    queries.forget_turn_counts([s.user_id for s in instance.seats.all() if s.user_id is not None])


@receiver(post_save, sender=Game)
@receiver(post_delete, sender=Game)
def forget_version_for_pulse(sender: type, instance: Game, **kwargs: Any) -> None:
    # Open pages learn of a move from the version the pulse reads from the cache (games.pulse), and at
    # once through their push connection (games.push): a game deleted is told as a move past its version.
    pulse.game_changed(instance.pk)
    deleted = "created" not in kwargs  # post_delete sends no `created`
    if deleted:
        page_cache.readers_changed(instance.pk)
    publish.game_moved(instance.pk, instance.version + 1 if deleted else instance.version)


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
