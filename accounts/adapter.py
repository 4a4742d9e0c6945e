"""allauth, told the site's own name.

allauth's mail templates greet from `current_site`; without django.contrib.sites that is the request's host
("Hello from 127.0.0.1:8100!"). The mails name the site as MetalTalon and its address as SITE_URL says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings

SITE_NAME = "MetalTalon"


@dataclass(frozen=True)
class SiteName:
    """What allauth's templates read of a Site: its name and domain."""

    name: str
    domain: str


def this_site() -> SiteName:
    return SiteName(name=SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        super().send_mail(template_prefix, email, {**context, "current_site": this_site()})
