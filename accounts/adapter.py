"""allauth, told the site's own name and how to count failed sign-ins.

allauth's mail templates greet from `current_site`; without django.contrib.sites that is the request's host
("Hello from 127.0.0.1:8100!"). The mails name the site as MetalTalon and its address as SITE_URL says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.internal import ratelimit
from django.conf import settings
from django.http import HttpRequest, HttpResponse

from accounts import signin

SITE_NAME = "MetalTalon"


@dataclass(frozen=True)
class SiteName:
    """What allauth's templates read of a Site: its name and domain."""

    name: str
    domain: str


def this_site() -> SiteName:
    return SiteName(name=SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)




class LimitedSignIn(DefaultAccountAdapter):
    """Password sign-in counted per client, per account and client, and per account from unproven clients,
    so that guessing is slow and nobody can lock a player out (accounts/signin.py)."""

    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "account_under_attack": (
            "This account has had many failed sign-ins from elsewhere, so for now its password works only "
            "in a browser that has signed in to it before. Here, choose “Send me a sign-in code” to get a "
            "code by e-mail, or reset your password."),
    }

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        login = signin.login_of(credentials)
        nonce = signin.proven_for(request, login)
        usage = ratelimit.consume(request, app="allauth.account", action="login_failed",
                                  key=signin.pair_key(request, login, nonce))
        if not usage:
            raise self.validation_error("too_many_login_attempts")
        if nonce is None:
            account = signin.spend_account_guess(request, login)
            if not account:
                usage.rollback()
                raise self.validation_error("account_under_attack")
            usage.usage.extend(account.usage)
        # DefaultAccountAdapter.authenticate gives this back when the password was right, so only failures
        # count (allauth's own name for it; tests/faults/test_sign_in_limits.py holds it).
        self._login_failed_rl_usage = usage

    def post_login(self, request: HttpRequest, user: Any, **kwargs: Any) -> HttpResponse:
        response = super().post_login(request, user, **kwargs)
        signin.remember_browser(request, response, user.pk)
        return response


class AccountAdapter(LimitedSignIn):
    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        super().send_mail(template_prefix, email, {**context, "current_site": this_site()})
