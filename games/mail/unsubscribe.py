"""One-click unsubscribe (RFC 8058): the signed link every notice carries in List-Unsubscribe, and the
write it stands for (turn_mail "never", which stops every game e-mail: games.actions.notify)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

from accounts.models import Profile, TurnMail

# The salt is the purpose: a value Django signs for anything else never verifies here.
_SALT = "games.mail.unsubscribe"


def _signer() -> signing.Signer:
    return signing.Signer(salt=_SALT, sep=".", algorithm="sha256")


def unsubscribe_token(user_id: int) -> str:
    """No expiry: a link in a mail from last year must still stop the mails."""
    return _signer().sign(str(user_id))


def user_from_token(token: str) -> int | None:
    """The user id the token was signed for, or None for a forged, altered or malformed one."""
    try:
        value = _signer().unsign(token)  # compares in constant time
    except signing.BadSignature:
        return None
    return int(value) if value.isdigit() else None


def unsubscribe_url(user_id: int) -> str:
    return f"{settings.SITE_URL}{reverse('games:unsubscribe', args=[unsubscribe_token(user_id)])}"


def unsubscribe(user_id: int) -> bool:
    """Turn off every game e-mail of the user; False when they no longer exist (or have no profile).
    Notices already owed are dropped when their turn to be sent comes (games.mail.outbound.compose)."""
    profile = Profile.objects.filter(user_id=user_id, user__is_active=True).first()
    if profile is None:
        return False
    if profile.turn_mail != TurnMail.NEVER:
        profile.turn_mail = TurnMail.NEVER
        profile.save(update_fields=["turn_mail"])  # save, not update(): the profile's signals run
    return True
