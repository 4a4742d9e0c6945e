from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from metaltalon import views

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("profile/", include("accounts.urls")),
    path("", include("games.urls")),
]

if settings.DEBUG:
    urlpatterns += [
        path("dev/inbox/", views.dev_inbox, name="dev_inbox"),
    ]
