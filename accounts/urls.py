from django.urls import path

from accounts import views

urlpatterns = [
    path("", views.profile, name="profile"),
    path("tokens/", views.new_token, name="new_token"),
    path("tokens/<int:token_id>/revoke/", views.revoke_token, name="revoke_token"),
]

# Mounted at /players/ (metaltalon/urls.py): a player's public page, at a URL that never changes.
player_urlpatterns = [
    path("<int:user_id>/", views.player, name="player"),
]
