"""Demo accounts for `make run`: a staff admin, a moderator (staff in the moderator group:
docs/moderation.md) and two players, with verified e-mail addresses."""

from __future__ import annotations

from dataclasses import dataclass

from allauth.account.models import EmailAddress
from django.db import transaction

from accounts.models import Profile, User, first_free_name


@dataclass(frozen=True)
class DemoLogin:
    role: str
    email: str
    password: str
    display_name: str


DEMO_LOGINS = (
    DemoLogin("admin", "admin@metaltalon.localhost", "demo-admin-pass", "Admin"),
    DemoLogin("moderator", "mod@metaltalon.localhost", "demo-mod-pass", "Moderator"),
    DemoLogin("player", "alice@metaltalon.localhost", "demo-alice-pass", "Alice"),
    DemoLogin("player", "bob@metaltalon.localhost", "demo-bob-pass", "Bob"),
)


@transaction.atomic
def ensure_demo_user(login: DemoLogin) -> User:
    """Create the account, or reset it to its documented password; running twice changes nothing else."""
    user = User.objects.filter(email=login.email).first()
    if user is None:
        user = User(email=login.email, username=login.email.split("@")[0])
    user.is_staff = login.role in ("admin", "moderator")
    user.is_superuser = login.role == "admin"
    user.set_password(login.password)
    user.save()
    if login.role == "moderator":
        from django.contrib.auth.models import Group

        from games.moderators import GROUP

        user.groups.add(Group.objects.get(name=GROUP))
    profile, _ = Profile.objects.get_or_create(user=user)
    # Names are unique: should a player have taken "Alice" first, the demo's Alice becomes "Alice2".
    profile.display_name = first_free_name(login.display_name, but=profile)
    profile.save()
    EmailAddress.objects.update_or_create(user=user, email=login.email,
                                          defaults={"verified": True, "primary": True})
    return user


def ensure_demo_users() -> list[User]:
    return [ensure_demo_user(login) for login in DEMO_LOGINS]
