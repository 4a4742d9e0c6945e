"""MetalTalon's own pages, mounted at /metaltalon/ in the namespace "metaltalon" (Kind.urls_module,
metaltalon/urls.py): the terrain picture behind every game page's board (board_views.py)."""

from django.urls import path

from . import board_views

urlpatterns = [
    path("terrain/<slug:board>/<str:homes>/<slug:digest>.svg", board_views.terrain, name="terrain"),
]
