"""Fixtures the browser tests share."""

from tests.browser.push_server import push_server  # noqa: F401 - a push server beside the live server
