"""ASGI entry point: the site's pages (as wsgi.py serves them) and the push connections of open game pages
(games/push/, docs/architecture.md "Following a game live: push"). `make run` serves both with uvicorn;
docs/deploy.md runs it beside gunicorn, the proxy sending /push/ here."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "metaltalon.settings")

# Django first: the routing imports models.
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.push.origin import SiteOriginValidator  # noqa: E402
from games.push.routing import websocket_urlpatterns  # noqa: E402
from games.push.sessions import push_middleware  # noqa: E402
from games.push.shared import SharedCaches  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_application,
    # A page of another origin may not open a connection with this site's cookies: the Origin checked as
    # the CSRF check checks a form's (games/push/origin.py). Every connection shares the process's cache
    # client (games/push/shared.py), its session read included; the session is read, never written
    # (games/push/sessions.py).
    "websocket": SiteOriginValidator(SharedCaches(push_middleware(URLRouter(websocket_urlpatterns)))),
})
