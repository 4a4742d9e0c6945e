"""The yardstick web_bench.py serves beside the game page: Django itself, one plain function view returning
BARE_BYTES bytes (the game page's size), no middleware, no database, no templates, under the same gunicorn.

The machine's speed moves every figure; the game page's rate as a share of this one does not, so
web_bench.py prints that share (issue 14's target: at least 40%).

    gunicorn --no-control-socket --chdir bench bare_site:application
"""

from __future__ import annotations

import os

import django
from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.http import HttpRequest, HttpResponse
from django.urls import path

BODY = (b"<!doctype html><title>bare</title>" + b"x" * int(os.environ.get("BARE_BYTES", "120000")))


def page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(BODY)


urlpatterns = [path("", page)]

settings.configure(DEBUG=False, SECRET_KEY="bare-" + "k" * 60, ALLOWED_HOSTS=["*"], ROOT_URLCONF=__name__,
                   MIDDLEWARE=[], INSTALLED_APPS=[], DATABASES={})
django.setup()
application = get_wsgi_application()
