"""Response headers that depend on who asks, compression, and a NUL character refused before anything reads
it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_cache_control

Handler = Callable[[HttpRequest], HttpResponse]


# What is worth compressing: text. A PNG or a font is compressed already; an event stream is left as it is
# written, event by event.
_COMPRESSIBLE = ("text/html", "text/plain", "text/css", "text/csv", "text/markdown", "application/json",
                 "application/javascript", "text/javascript", "image/svg+xml", "application/xml", "text/xml")


class CompressText(GZipMiddleware):
    """Django's GZipMiddleware (with its defence against BREACH: a random-length header field) for text
    answers only. It stands above games.fast_page, whose cached pages come compressed already
    (games.page_cache.page_response: a Content-Encoding, which this middleware leaves alone), and below
    WhiteNoise, which serves the static files' own compressed copies."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        content_type = response.get("Content-Type", "").split(";", 1)[0].strip().lower()
        if content_type not in _COMPRESSIBLE:
            return response
        return super().process_response(request, response)


def private_when_signed_in(get_response: Handler) -> Handler:
    """A signed-in player's pages are theirs alone: `Cache-Control: private`, so that no shared cache (a
    proxy, a CDN) keeps one to hand to someone else. Read from the session, so a response that never
    looks at request.user (the pulse, an unchanged-game poll) does not load the user for it."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        session = getattr(request, "session", None)
        if session is not None and session.get(SESSION_KEY) is not None:
            patch_cache_control(response, private=True)
        return response

    return middleware


NUL = "\x00"
NUL_REFUSED = ("The request holds a NUL character (in its address, a cookie or a form field), which nothing "
               "on this site accepts: nothing was changed.")


def _holds_nul(values: Any) -> bool:
    """Any key or value of a QueryDict (or a plain dict of cookies) with a NUL in it."""
    lists = values.lists() if hasattr(values, "lists") else ((k, [v]) for k, v in values.items())
    return any(NUL in key or any(NUL in value for value in found) for key, found in lists)


def _nul_refused(request: HttpRequest) -> HttpResponse:
    if request.path.startswith("/api/"):  # the API's refusals are problems (games/api/app.py)
        return JsonResponse({"code": "invalid", "message": NUL_REFUSED}, status=400)
    return HttpResponseBadRequest(NUL_REFUSED, content_type="text/plain; charset=utf-8")


class RefuseNul:
    """Answers 400 to a NUL character in the path, the query string, a cookie or a form field. PostgreSQL
    refuses NUL in text, so one that reached a query (a leaderboard's pool, a join code, the session's key,
    a token's name) answered 500. The form is read only for the views that read it anyway: a view exempt
    from CSRF (anymail's webhooks, the API) reads its own body, which parsing the form first would use up."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path or _holds_nul(request.GET) or _holds_nul(request.COOKIES):
            return _nul_refused(request)
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
                     ) -> HttpResponse | None:
        if request.method == "POST" and not getattr(view, "csrf_exempt", False) and _holds_nul(request.POST):
            return _nul_refused(request)
        return None
