"""Display names: one per player, and no two that a reader could take for each other.

Every name has a key (its "skeleton"); the database holds the keys unique (accounts.models.Profile), so two
names with the same key cannot both exist. The key is built so that names a player could mistake for each
other on the page share it:

1. NFKC: fullwidth and mathematical letters, ligatures and the like become plain letters ("Ａｌｉｃｅ").
2. accents and other combining marks are dropped: "Alíce" is too like "Alice" to tell apart at a glance.
3. letters of other scripts that look like a Latin letter or digit become it (Cyrillic "Аlice", Greek "ΑΙ"),
   from Unicode's confusables data (the confusable_homoglyphs package, UTS #39); before and after:
4. casefold: "ALICE" and "alice" are one name.
5. only letters and digits count: spaces, punctuation, symbols, emoji and invisible characters are left
   out ("A.lice", "Al ice", "Alice!" are all "Alice").
6. a few look-alikes within plain Latin are folded, after lower-casing: 0 and o; 1, i and l (a capital I
   looks like a small l, and case is already ignored); "rn" and "m"; "vv" and "w".

The key is for comparing only, never shown: it errs on the side of calling names alike, and the form says
which existing name a refused one is too like.

Keys are stored (Profile.name_key): a change to these rules, or to the confusables data (the package is
pinned in pyproject.toml for that reason), needs a data migration that recomputes every stored key.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import confusables

NAME_MAX = 40
NEUTRAL_PREFIX = "Player"

# Characters that draw nothing (or a blank) but are letters to Unicode: Hangul fillers, the braille blank.
# Format characters (zero-width spaces and joiners, direction overrides) are caught by their category.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_LATIN_FOLDS = (("0", "o"), ("1", "l"), ("i", "l"), ("rn", "m"), ("vv", "w"))


def tidy(name: str) -> str:
    """A typed name as it is stored: composed (NFC), runs of any white space as one space, trimmed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def shape_problem(name: str) -> str | None:
    """Why a (tidied) name cannot be a name at all, or None."""
    if any(_invisible(ch) for ch in name):
        return "Use visible characters only: no control, format or blank characters."
    if not name_key(name):
        return "A name needs at least one letter or digit."
    return None


def name_key(name: str) -> str:
    """The name's skeleton: two names with the same key are too alike to share the site."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    # Look-alikes before and after case folding: Cyrillic В looks like B but its small в like no b, and
    # small а looks like a while a capital may fold to a small letter that is someone's twin.
    text = "".join(_latin_twin(ch) for ch in text).casefold()
    text = "".join(_latin_twin(ch) for ch in text).lower()
    text = "".join(ch for ch in text if ch.isalnum() and ch not in BLANK_LETTERS)
    for alike, common in _LATIN_FOLDS:
        text = text.replace(alike, common)
    return text


# Words that would pass a player off as the site or its staff ("Moderator", "M0derator", "Аdmin" with a
# Cyrillic А, "Admin 2"): names whose key, digits left out, is one of them, or that contain one of the long
# ones anywhere ("The Moderator", "MetalTalon Support"), are for staff accounts only. The short ones are
# refused only whole, so that "Staffan" or "Badminton" stay free.
RESERVED_WORDS = ("moderator", "moderators", "moderation", "mod", "mods", "admin", "admins", "administrator",
                  "staff", "metaltalon", "metal talon", "support", "system", "official", "root", "sysop",
                  "webmaster")
_LONG = 7


@cache
def _reserved_keys() -> tuple[frozenset[str], tuple[str, ...]]:
    keys = {name_key(word) for word in RESERVED_WORDS}
    return frozenset(keys), tuple(k for k in keys if len(k) >= _LONG)


def reserved_problem(name: str) -> str | None:
    """Why a name is kept for the site's staff (the caller asks only for a player who is not staff)."""
    key = name_key(name)
    whole, long = _reserved_keys()
    if "".join(ch for ch in key if not ch.isdigit()) in whole or any(word in key for word in long):
        return (f"“{name}” is kept for the site's staff (moderators and administrators): players may not "
                "take a name that looks like theirs. Choose another name.")
    return None


def clash_message(wanted: str, existing: str) -> str:
    """The form's words when `wanted` has the key of another player's `existing` name."""
    if _plain(wanted) == _plain(existing):
        return "That name is taken."
    return f"That name is too like “{existing}”, another player's name."


def neutral_base(user_id: int | None) -> str:
    """The name of a player who has not chosen one: "Player 123", from the account's number. Never taken
    from the e-mail address ("jane.doe.1990@..." would make a public "jane.doe.1990"), which is private.
    Short enough to take a number (numbered) when a player chose it already."""
    return f"{NEUTRAL_PREFIX} {user_id}" if user_id is not None else NEUTRAL_PREFIX


def is_neutral(name: str, user_id: int | None) -> bool:
    """Whether `name` is still the neutral one the account was given (neutral_base, or its numbered form
    when a player had taken it): the player never chose a name, and the site asks them to."""
    base = neutral_base(user_id)
    return name == base or (name.startswith(base) and name[len(base):].isdigit())


def numbered(base: str, n: int) -> str:
    """The n-th choice for a wanted name: the name itself, then "alice2", "alice3", ... within NAME_MAX."""
    if n <= 1:
        return base
    suffix = str(n)
    return base[: NAME_MAX - len(suffix)] + suffix


def first_free(base: str, taken_keys: set[str]) -> str:
    """The first of numbered(base, 1, 2, ...) whose key is not taken."""
    n = 1
    while name_key(numbered(base, n)) in taken_keys:
        n += 1
    return numbered(base, n)


def _invisible(ch: str) -> bool:
    # Cc control, Cf format (zero-width, bidi overrides), Co private use, Cs surrogates, Cn unassigned.
    return unicodedata.category(ch).startswith("C") or ch in BLANK_LETTERS


def _plain(name: str) -> str:
    return unicodedata.normalize("NFKC", tidy(name)).casefold()


@cache
def _latin_twin(ch: str) -> str:
    """A plain Latin letter or digit that `ch` looks like, else `ch` itself. Looks one step further when
    the look-alikes are no plain letters themselves (Cherokee small ꭺ looks like small-capital ᴀ, which
    looks like A). The smallest wins, so the choice never depends on the data's order."""
    if ch.isascii():
        return ch
    frontier, seen = [ch], {ch}
    for _ in range(2):
        glyphs = [str(h["c"]) for c in frontier for found in (confusables.is_confusable(c, greedy=True) or [])
                  for h in found["homoglyphs"]]
        plain = sorted(g.lower() for g in glyphs if len(g) == 1 and g.isascii() and g.isalnum())
        if plain:
            return plain[0]
        frontier = [g for g in glyphs if len(g) == 1 and g not in seen]
        seen.update(frontier)
    return ch
