from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from metaltalon.devmail import read_mailbox


def dev_inbox(request: HttpRequest) -> HttpResponse:
    """Every mail the site wrote to the local folder; only exists while DEBUG is on."""
    if not settings.DEBUG:
        raise Http404("The dev inbox exists only with DEBUG on.")
    options = settings.MAILERS["default"].get("OPTIONS", {})
    folder = Path(options.get("file_path", settings.MAIL_DIR))
    return render(request, "dev/inbox.html", {"messages_read": read_mailbox(folder), "folder": folder})
