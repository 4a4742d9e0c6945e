"""Small helpers for the site's tests: htmx requests, and submissions made at the same instant."""

from __future__ import annotations

import email
import email.policy
import threading
from collections.abc import Callable
from email.message import EmailMessage
from typing import Any

from django.core.mail import EmailMessage as DjangoMail
from django.db import connection
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


def run_together(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run each call in its own thread (so on its own database connection), released at the same instant."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(i: int) -> None:
        try:
            barrier.wait()
            results[i] = calls[i]()
        except Exception as exc:  # the test inspects what each submission got
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def wire(mail: DjangoMail) -> EmailMessage:
    """The mail as a receiving server parses it."""
    parsed = email.message_from_bytes(mail.message().as_bytes(), policy=email.policy.default)
    assert isinstance(parsed, EmailMessage)
    return parsed
