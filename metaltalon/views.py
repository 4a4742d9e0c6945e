from email.utils import parseaddr
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_POST

from games.mail.doors import on_mail_domain
from games.mail.inbound import receive_mail
from games.models import InboundMail
from metaltalon.devmail import answer, read_mailbox


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers and feed readers ask for whatever the page links: the site's icon."""
    return redirect(static("favicon.svg"), permanent=True)


def _dev_only() -> None:
    if not settings.DEBUG:
        raise Http404("The dev inbox exists only with DEBUG on.")


def _folder() -> Path:
    options = settings.MAILERS["default"].get("OPTIONS", {})
    return Path(options.get("file_path", settings.MAIL_DIR))


def dev_inbox(request: HttpRequest) -> HttpResponse:
    """Every mail the site wrote to the local folder; only exists while DEBUG is on. A mail that replies to
    a seat's address can be answered from here, as its recipient would by mail."""
    _dev_only()
    folder = _folder()
    mails = read_mailbox(folder)
    answerable = {m.message_id for m in mails if m.message_id and on_mail_domain(m.reply_to)}
    return render(request, "dev/inbox.html", {"messages_read": mails, "folder": folder,
                                              "answerable": answerable})


# What the inbox says after an answer, by receive_mail's outcome.
_OUTCOMES = {
    "played": "Played: the commands were played; the answer mail follows.",
    "refused": "Refused: the answer mail says why.",
    "nothing": "Nothing to play: the answer mail follows.",
    "rejected": "Rejected unread: the answer mail says why.",
    "duplicate": "Already received: this answer was played before.",
}


@require_POST
def dev_inbox_answer(request: HttpRequest) -> HttpResponse:
    """Answer a mail of the inbox as its recipient's mail client would; the reply goes through
    receive_mail like any mailed one."""
    _dev_only()
    message_id = request.POST.get("message_id", "")
    mail = next((m for m in read_mailbox(_folder()) if message_id and m.message_id == message_id), None)
    if mail is None or not on_mail_domain(mail.reply_to):
        messages.error(request, "That mail is not in the inbox, or it cannot be answered.")
        return redirect("dev_inbox")
    raw = answer(mail, request.POST.get("text", ""))
    received = receive_mail(raw, recipients=[mail.reply_to], envelope_from=parseaddr(mail.to)[1])
    said = _OUTCOMES.get(received.status, f"Dropped unanswered: {received.reason}.")
    report = InboundMail.objects.get(pk=received.inbound_id).report if received.inbound_id else {}
    refused = report.get("refused") or {}
    if received.status == "refused" and refused.get("why"):
        said = f"Refused: {refused.get('command', '')}: {refused['why']}"
    elif received.status == "rejected" and report.get("rejected"):
        said = f"Rejected: {report['rejected']}"
    level = messages.SUCCESS if received.status in {"played", "nothing"} else messages.WARNING
    messages.add_message(request, level, said)
    return redirect("dev_inbox")
