"""anymail's inbound webhook door: the ESP posts each mail to /anymail/<esp>/inbound/ (metaltalon/urls.py);
anymail checks the post (basic auth, and the ESP's signature where it signs) before this receiver sees it,
and answers 400 to a post that fails. The receiver hands the mail to receive_mail.

Answers (anymail's view): 200 for every mail handled, dropped ones included (games/mail/doors.py says
why); 500 when receive_mail fails, so the ESP posts it again later. While ANYMAIL_WEBHOOK_SECRET is not
set, every post is refused (400): anymail itself would only warn and let anyone post mail "from" a player.
"""

from __future__ import annotations

import logging
from typing import Any

from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.signals import AnymailInboundEvent, inbound
from anymail.utils import get_anymail_setting
from django.dispatch import receiver

from games.mail.doors import describe
from games.mail.inbound import receive_mail

logger = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="games.mail.webhook.mailed_reply")
def mailed_reply(sender: type, event: AnymailInboundEvent, esp_name: str, **kwargs: Any) -> None:
    if not get_anymail_setting("webhook_secret", default=None):
        logger.error("anymail inbound webhook (%s) refused a post: set ANYMAIL_WEBHOOK_SECRET", esp_name)
        raise AnymailWebhookValidationFailure("The inbound webhook is shut until ANYMAIL_WEBHOOK_SECRET "
                                              "is set.")
    message = event.message
    recipient = message.envelope_recipient
    # The message as the ESP parsed it, written back out: the headers and parts receive_mail reads.
    received = receive_mail(message.as_bytes(), recipients=[recipient] if recipient else [],
                            envelope_from=message.envelope_sender)
    logger.info("inbound mail via %s from %s to %s: %s", esp_name, message.envelope_sender, recipient,
                describe(received))
