"""The yardstick web_bench.py serves beside the game page: Django itself, one plain function view returning
BARE_BYTES bytes (the game page's size), no middleware, no database, no templates, under the same gunicorn.

The machine's speed moves every figure; the game page's rate as a share of this one does not, so
web_bench.py prints that share (issue 14's target: at least 40%).

    gunicorn --no-control-socket --chdir bench bare_site:application

With BARE_CACHE_URL (a Redis URL) each answer first reads one small key from that Redis over a connection the
process keeps: the least a page can do that asks a shared cache whether it is still current (the game page
reads its session, the game's version and its body in one such round trip), so web_bench.py prints this
second yardstick beside the first.
"""

from __future__ import annotations

import os

import django
from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.http import HttpRequest, HttpResponse
from django.urls import path

BODY = (b"<!doctype html><title>bare</title>" + b"x" * int(os.environ.get("BARE_BYTES", "120000")))


CACHE_URL = os.environ.get("BARE_CACHE_URL", "")
_held: list[object] = []


def page(request: HttpRequest) -> HttpResponse:
    if CACHE_URL:
        if not _held:
            import redis

            _held.append(redis.Redis.from_url(CACHE_URL))
            _held[0].set("bare-site:version", b"1")  # type: ignore[attr-defined]
        _held[0].get("bare-site:version")  # type: ignore[attr-defined]
    return HttpResponse(BODY)


urlpatterns = [path("", page)]

settings.configure(DEBUG=False, SECRET_KEY="bare-" + "k" * 60, ALLOWED_HOSTS=["*"], ROOT_URLCONF=__name__,
                   MIDDLEWARE=[], INSTALLED_APPS=[], DATABASES={})
django.setup()
application = get_wsgi_application()
