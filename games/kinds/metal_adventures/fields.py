"""Reading a Metal Adventures state from JSON: small checked readers that raise ValueError, saying what
was expected, for a value of the wrong shape (state.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def wholes(values: Any) -> tuple[int, ...]:
    return tuple(whole(v) for v in values)


def whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {value!r}")
    return value


def card_ids(values: Any, known: Mapping[str, Any] | Sequence[str], what: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise ValueError(f"{what} is a list of card ids, not {values!r}")
    for value in values:
        if value not in known:
            raise ValueError(f"{what}: {value!r} is not one of its cards")
    return tuple(values)


def word_list(values: Any, allowed: Sequence[str], what: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise ValueError(f"{what} is a list of words, not {values!r}")
    bad = [str(v) for v in values if v not in allowed]
    if bad:
        raise ValueError(f"{what}: {', '.join(bad)} is not one of {', '.join(allowed)}")
    return tuple(str(v) for v in values)


def only_keys(data: Mapping[str, Any], allowed: Sequence[str], what: str) -> None:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} is an object, not {data!r}")
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise ValueError(f"{what} has no field {', '.join(unknown)}")


def text(value: Any, what: str, allowed: Sequence[str] | None = None) -> str:
    if not isinstance(value, str) or (allowed is not None and value not in allowed):
        choice = f" one of {', '.join(repr(a) for a in allowed)}" if allowed is not None else " a string"
        raise ValueError(f"{what} is{choice}, not {value!r}")
    return value


def maybe_whole(value: Any) -> int | None:
    return None if value is None else whole(value)


def maybe_flag(value: Any) -> bool | None:
    return None if value is None else flag(value)


def objects(values: Any, what: str) -> list[Mapping[str, Any]]:
    if isinstance(values, str) or not isinstance(values, (list, tuple)) or not all(
            isinstance(v, Mapping) for v in values):
        raise ValueError(f"{what} is a list of objects, not {values!r}")
    return list(values)
