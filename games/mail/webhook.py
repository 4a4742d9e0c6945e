"""anymail's inbound webhook door: the ESP posts each mail to /anymail/<esp>/inbound/ (metaltalon/urls.py);
anymail checks the post (basic auth, and the ESP's signature where it signs) before this receiver sees it,
and answers 400 to a post that fails. The receiver hands the mail to receive_mail.

Answers (anymail's view): 200 for every mail handled, dropped ones included (games/mail/doors.py says
why); 500 when receive_mail fails, so the ESP posts it again later; 400 to a post with valid credentials
that anymail cannot read as the ESP's (not JSON, a field of the wrong shape, no message in it): posting it
again cannot help, and a 500 would have the ESP retry it for days. While ANYMAIL_WEBHOOK_SECRET is not
set, every post is refused (400): anymail itself would only warn and let anyone post mail "from" a player.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import Any

from anymail import urls as anymail_urls
from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.signals import AnymailInboundEvent, inbound
from anymail.utils import get_anymail_setting
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.urls import URLPattern

from games.mail.doors import describe
from games.mail.inbound import receive_mail

logger = logging.getLogger(__name__)


class NotReceived(Exception):
    """receive_mail failed on a mail that was read: the site's fault, so the door answers 500 and the ESP
    posts the mail again later."""


@receiver(inbound, dispatch_uid="games.mail.webhook.mailed_reply")
def mailed_reply(sender: type, event: AnymailInboundEvent, esp_name: str, **kwargs: Any) -> None:
    if not get_anymail_setting("webhook_secret", default=None):
        logger.error("anymail inbound webhook (%s) refused a post: set ANYMAIL_WEBHOOK_SECRET", esp_name)
        raise AnymailWebhookValidationFailure("The inbound webhook is shut until ANYMAIL_WEBHOOK_SECRET "
                                              "is set.")
    message = event.message
    recipient = message.envelope_recipient
    # The message as the ESP parsed it, written back out: the headers and parts receive_mail reads.
    raw = message.as_bytes()
    try:
        received = receive_mail(raw, recipients=[recipient] if recipient else [],
                                envelope_from=message.envelope_sender)
    except Exception as exc:
        raise NotReceived(f"inbound mail via {esp_name} not received") from exc
    logger.info("inbound mail via %s from %s to %s: %s", esp_name, message.envelope_sender, recipient,
                describe(received))


def refusing_malformed(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """An anymail webhook view whose failure to read a post answers 400, not 500. Failed credentials stay
    anymail's own 400 (a SuspiciousOperation), and a failure of receive_mail stays a 500."""

    @wraps(view)  # keeps csrf_exempt: the ESP posts without a CSRF token
    def door(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except (NotReceived, AnymailWebhookValidationFailure):
            raise
        except Exception:
            logger.warning("anymail webhook %s: a post it cannot read, refused (400)", request.path,
                           exc_info=True)
            return HttpResponseBadRequest("This post is not one this webhook can read.",
                                          content_type="text/plain; charset=utf-8")

    return door


def webhook_urls() -> tuple[list[Any], str]:
    """anymail's URLs (anymail.urls), every view refusing a malformed post with 400; for include()."""
    patterns = [URLPattern(p.pattern, refusing_malformed(p.callback), p.default_args, p.name)
                if isinstance(p, URLPattern) else p for p in anymail_urls.urlpatterns]
    return patterns, anymail_urls.app_name
