"""The push server's addresses (metaltalon/asgi.py mounts them): one per open game page."""

from django.urls import path

from games.push.consumer import GamePush

websocket_urlpatterns = [
    path("push/games/<int:game_id>/", GamePush.as_asgi(), name="push"),
]
