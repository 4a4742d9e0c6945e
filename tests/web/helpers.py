"""Small helpers for W1's view tests."""

from __future__ import annotations

from typing import Any

from django.test import Client

HTMX = {"HX-Request": "true"}


def is_full_page(response: Any) -> bool:
    return response.content.lstrip().startswith(b"<!DOCTYPE html>")


def htmx_get(client: Client, url: str, **kwargs: Any) -> Any:
    return client.get(url, headers=HTMX, **kwargs)


def htmx_post(client: Client, url: str, data: dict[str, Any] | None = None) -> Any:
    return client.post(url, data or {}, headers=HTMX)


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]
