from django.contrib import admin
from django.urls import include, path

from accounts.staff_login import admin_login
from accounts.urls import player_urlpatterns
from games.admin import dashboard as moderation_dashboard
from games.api import api
from games.kinds import kind_urls
from games.mail.webhook import webhook_urls
from games.views.home import home
from metaltalon import views

urlpatterns = [
    path("", home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    # The moderators' dashboard, inside the admin's login (games/admin/dashboard.py).
    path("admin/moderation/", moderation_dashboard.view, name="moderation_dashboard"),
    # Staff sign in through the site's login, whose failures are counted (accounts/signin.py).
    path("admin/login/", admin_login, name="admin_login_door"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("profile/", include("accounts.urls")),
    path("players/", include(player_urlpatterns)),
    # The public JSON API, its OpenAPI description at /api/schema and its documentation at /api/docs.
    path("api/", api.urls),
    # Answers 404 unless DEBUG is on (checked per request, so tests can turn it on).
    path("dev/inbox/", views.dev_inbox, name="dev_inbox"),
    path("dev/inbox/answer/", views.dev_inbox_answer, name="dev_inbox_answer"),
    # ESP webhooks; the inbound ones (/anymail/<esp>/inbound/) deliver replies (games/mail/webhook.py), and
    # a post none can read answers 400.
    path("anymail/", include(webhook_urls())),
    # A kind's own pages (Kind.urls_module: Metabaloids' deck builder) at /<kind name>/, in the namespace of
    # its name, found through the registry: no kind's package is imported here.
    *(path(f"{name}/", include((module, name))) for name, module in kind_urls()),
    path("", include("games.urls")),
]
