from django.urls import path

from accounts import views

urlpatterns = [
    path("", views.profile, name="profile"),
]

# Mounted at /players/ (metaltalon/urls.py): a player's public page, at a URL that never changes.
player_urlpatterns = [
    path("<int:user_id>/", views.player, name="player"),
]
