"""The public JSON API under /api/ (docs/api.md): django-ninja describes it in OpenAPI at /api/schema and
documents it at /api/docs. It reads games as the web does (each seat sees only its own view) and writes
only through the actions, as Actor.player(user, "api")."""

from __future__ import annotations

from games.api.app import api

__all__ = ["api"]
