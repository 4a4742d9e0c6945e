"""Sentences made of a kind's words: a question already ends with its own mark, and a player's name that
begins one keeps its own case."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def stop(text: str) -> str:
    """The words with a full stop, unless they end with a mark of their own ("... yes or no?")."""
    text = str(text or "").rstrip()
    return text if not text or text[-1] in ".?!" else f"{text}."
