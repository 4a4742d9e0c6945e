"""The registry of game kinds. `Game.kind` names one; everything outside a kind speaks only the protocol
in games/kinds/protocol.py (docs/architecture.md).

The kinds are the ones the GAME_KINDS setting names, each by the import path of its Kind object, so adding
a game edits no platform file. Nothing here imports a kind's package: it is imported by its path when the
registry is first read (and again whenever the setting changes, as tests do). Django is imported only
then, so a kind's pure rules stay importable without it (their package lies under this one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from games.kinds.protocol import BadOptions, Dice, Kind, LoggedAction, PageInput, Refused, SeatOutcome

# The GAME_KINDS mapping last read, and the kinds it names: swapped whole, so a reader never sees half.
_loaded: tuple[Mapping[str, str] | None, dict[str, Kind]] = (None, {})


def get_kind(name: str) -> Kind:
    """The kind called `name`; KeyError for one the site does not know."""
    return _kinds()[name]


def all_kinds() -> list[Kind]:
    return list(_kinds().values())


def offered_kinds() -> list[Kind]:
    """The kinds the lobby offers for new games (settings.OFFERED_GAME_KINDS), in that order."""
    from django.conf import settings

    kinds = _kinds()
    return [kinds[name] for name in settings.OFFERED_GAME_KINDS if name in kinds]


@dataclass(frozen=True)
class PageAssets:
    """A kind's own page script and styles (Kind.scripts, Kind.styles): static paths, in loading order."""

    scripts: tuple[str, ...]
    styles: tuple[str, ...]


def page_assets(name: str) -> PageAssets:
    """What every page showing a board of the kind called `name` loads after the platform's own assets;
    a kind that declares none gets none."""
    kind = get_kind(name)
    return PageAssets(tuple(getattr(kind, "scripts", ())), tuple(getattr(kind, "styles", ())))


def rules_document(name: str) -> Path | None:
    """The markdown file of the rules of the kind called `name` (Kind.rules_document, relative to the folder
    of the module GAME_KINDS names its kind object in: its package); None when it declares none."""
    from django.conf import settings

    document = getattr(get_kind(name), "rules_document", "")
    module = import_module(settings.GAME_KINDS[name].rpartition(".")[0])
    where = getattr(module, "__file__", None)
    return Path(where).parent / document if document and where else None


def kind_urls() -> list[tuple[str, str]]:
    """(kind name, URL module import path) of every registered kind with pages of its own
    (Kind.urls_module), for the project's URL configuration to mount at /<name>/."""
    return [(kind.name, module) for kind in all_kinds() if (module := getattr(kind, "urls_module", ""))]


def profile_links() -> list[tuple[str, str]]:
    """(words, URL) of the links the registered kinds offer on the profile page (Kind.profile_links), each
    URL name resolved in its kind's namespace."""
    from django.urls import reverse

    return [(words, reverse(f"{kind.name}:{name}"))
            for kind in all_kinds() if getattr(kind, "urls_module", "")
            for words, name in getattr(kind, "profile_links", ())]


@dataclass(frozen=True)
class Words:
    """The platform's words for a kind's game (the protocol's WORDS part): the kind's own, else the
    neutral defaults the protocol gives, which read well for any game."""

    seat_label: str
    expel_fate: str
    undo_since: str
    setup_status: str
    setup_prompt: str
    setup_timeout: str
    turn_unit: str


def _neutral() -> dict[str, str]:
    return {field: getattr(Kind, field) for field in Words.__dataclass_fields__}


def words(name: str) -> Words:
    """The words of the kind called `name` (KeyError for one the site does not know)."""
    kind = get_kind(name)
    return Words(**{field: getattr(kind, field, default) for field, default in _neutral().items()})


def shared_words(kinds: list[Kind]) -> Words:
    """The words of pages that list games of several kinds (the archive): those every one of `kinds`
    uses, else the neutral ones, word by word."""
    found = [words(kind.name) for kind in kinds]
    return Words(**{field: values.pop() if len(values := {getattr(w, field) for w in found}) == 1 else default
                    for field, default in _neutral().items()})


def shown_turn(kind: Kind, state: Any, turn: int | None = None) -> int:
    """The number people read for the kind's turn `turn` (None: the state's own), in its words' turn_unit:
    MetalTalon's round, by default the turn itself (Kind.shown_turn)."""
    number = kind.turn(state) if turn is None else turn
    show = getattr(kind, "shown_turn", None)
    return int(show(state, number)) if show is not None else number


def bot_hints(name: str) -> Mapping[str, str]:
    """What the bot levels of the kind called `name` do, in its words (Kind.bot_hints)."""
    return dict(getattr(get_kind(name), "bot_hints", {}))


def players_words(kind: Kind) -> str:
    """How many play the kind, in words: "2, 3, 4 or 6 players", "3 to 6 players", and a labelled count
    (Kind.player_count_labels: a house rule) apart, "3 to 6 players (2 by a house rule)"."""
    labelled = set(getattr(kind, "player_count_labels", {}))
    plain = sorted(n for n in kind.player_counts if n not in labelled)
    extra = sorted(n for n in kind.player_counts if n in labelled)
    if not plain:
        plain, extra = extra, []
    text = f"{_counts(plain)} players"
    return f"{text} ({_counts(extra)} by a house rule)" if extra else text


def _counts(numbers: list[int]) -> str:
    """3, 4, 5, 6 as "3 to 6"; 2, 3, 4, 6 as "2, 3, 4 or 6"."""
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}"


def _kinds() -> dict[str, Kind]:
    global _loaded
    from django.conf import settings

    named: Mapping[str, str] = settings.GAME_KINDS
    source, kinds = _loaded
    if source is not named:
        kinds = {name: _import(name, path) for name, path in named.items()}
        _loaded = (named, kinds)
    return kinds


def _import(name: str, path: str) -> Kind:
    from django.core.exceptions import ImproperlyConfigured
    from django.utils.module_loading import import_string

    kind: Kind = import_string(path)
    if kind.name != name:
        raise ImproperlyConfigured(f"GAME_KINDS names {path} {name!r}, but that kind is {kind.name!r}.")
    for attr, suffix in (("scripts", ".js"), ("styles", ".css")):
        paths = getattr(kind, attr, ())
        if not isinstance(paths, tuple) or not all(_own_static(p, suffix) for p in paths):
            raise ImproperlyConfigured(
                f"{path}.{attr} must be a tuple of the kind's static paths ending in {suffix}, such as "
                f"(\"{name}/board{suffix}\",), not {paths!r}.")
    summary = getattr(kind, "summary", "")
    if not isinstance(summary, str) or not summary.strip():
        raise ImproperlyConfigured(
            f"{path}.summary must say in one sentence what the game is (the visitor's home page shows it), "
            f"such as \"A race to 10 with one die.\"; not {summary!r}.")
    # The same shape as a static path: a markdown file inside the kind's package, never beside it.
    document = getattr(kind, "rules_document", "")
    if not isinstance(document, str) or (document and not _own_static(document, ".md")):
        raise ImproperlyConfigured(
            f"{path}.rules_document must be a markdown file's path inside the kind's package, such as "
            f"\"rules.md\", or \"\" for none; not {document!r}.")
    return kind


def _own_static(path: object, suffix: str) -> bool:
    """A path the staticfiles finders serve from this site: the CSP loads scripts from nowhere else, so
    no address of another site and no way out of the static folders."""
    return (isinstance(path, str) and path.endswith(suffix) and not path.startswith("/") and ":" not in path
            and ".." not in path.split("/"))


__all__ = ["BadOptions", "Dice", "Kind", "LoggedAction", "PageAssets", "PageInput", "Refused", "SeatOutcome",
           "all_kinds", "get_kind", "offered_kinds", "page_assets", "players_words", "rules_document",
           "shown_turn"]
