"""The one-click unsubscribe link of every notice (RFC 8058; games/mail/unsubscribe.py).

No login: the signed token is the authority. Only a POST changes anything, since link scanners and
previews GET every URL in a mail; the GET page is a button that POSTs. CSRF-exempt, as the mail
provider's one-click POST carries no cookie, and a forged request can do no more than the token allows.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.mail.unsubscribe import unsubscribe as stop_mails
from games.mail.unsubscribe import user_from_token


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user_id = user_from_token(token)
    if user_id is None:
        raise Http404("No such link.")
    done = False
    if request.method == "POST":
        if not stop_mails(user_id):
            raise Http404("No such player.")
        done = True
    return render(request, "games/unsubscribe.html", {"done": done, "token": token})
