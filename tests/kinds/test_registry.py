"""Adding a game edits no platform file: the GAME_KINDS setting names each kind by the import path of its
Kind object, and OFFERED_GAME_KINDS says which of them the lobby offers (docs/architecture.md)."""

from __future__ import annotations

import sys
import types

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from games.kinds import all_kinds, get_kind, offered_kinds, players_words
from games.kinds.race.kind import RaceKind
from games.models import Game
from tests.web.factories import UserFactory

pytestmark = pytest.mark.django_db

MODULE = "kind_made_by_a_test"


@pytest.fixture
def sprint(monkeypatch):
    """A kind that lives in no file of the site: a module made here, importable by its name."""

    class SprintKind(RaceKind):
        name = "sprint"
        title = "Sprint to the line"

    module = types.ModuleType(MODULE)
    module.KIND = SprintKind()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, module)
    return module.KIND  # type: ignore[attr-defined]


def test_a_kind_named_in_the_settings_is_registered_and_offered_by_the_lobby(settings, sprint, client):
    settings.GAME_KINDS = {**settings.GAME_KINDS, "sprint": f"{MODULE}.KIND"}
    settings.OFFERED_GAME_KINDS = ["metaltalon", "sprint"]
    client.force_login(UserFactory())

    assert get_kind("sprint") is sprint
    page = client.get(reverse("games:new"), {"kind": "sprint"}).content.decode()
    assert "Sprint to the line" in page and 'value="sprint"' in page

    created = client.post(reverse("games:new"), {"kind": "sprint", "players": 2, "target": 10,
                                                 "visibility": "public"})

    assert created.status_code == 302, created.content.decode()[:2000]
    assert Game.objects.latest("pk").kind == "sprint"


def test_the_test_kinds_are_registered_but_the_lobby_offers_only_the_real_games_by_default():
    assert [kind.name for kind in all_kinds()] == ["metaltalon", "race", "parley", "metal-adventures",
                                                  "metabaloids"]
    assert get_kind("race").title == "Race to 10"
    assert get_kind("parley").title == "Parley"
    assert get_kind("metal-adventures").title == "Metal Adventures"
    assert get_kind("metabaloids").title == "Metabaloids"
    assert [kind.name for kind in offered_kinds()] == ["metaltalon", "metal-adventures", "metabaloids"]


def test_a_kind_the_settings_do_not_name_is_unknown(settings, sprint):
    settings.GAME_KINDS = {"metaltalon": "games.kinds.metaltalon.kind.KIND"}

    with pytest.raises(KeyError):
        get_kind("race")
    with pytest.raises(KeyError):
        get_kind("sprint")


def test_every_kind_declares_its_answers_to_a_roll_which_only_metaltalon_has() -> None:
    # Read directly by the mail (games/actions/mail.py, games/mail/answers.py): a kind without them is ().
    assert {kind.name: kind.roll_answers for kind in all_kinds()} == {
        "metaltalon": ("accept", "reroll"), "race": (), "parley": (), "metal-adventures": (),
        "metabaloids": ()}


def test_every_offered_kind_says_in_one_sentence_what_it_is():
    # The visitor's home page introduces each offered game by it (templates/home.html).
    for kind in offered_kinds():
        assert isinstance(kind.summary, str) and kind.summary.endswith("."), kind.name
        assert kind.summary.count(". ") == 0 and 20 < len(kind.summary) <= 200, kind.summary


def test_a_kind_without_a_summary_is_refused_when_the_registry_loads_it(settings, monkeypatch):
    class Unsaid(RaceKind):
        name = "unsaid"
        summary = ""

    module = types.ModuleType("kind_without_summary")
    module.KIND = Unsaid()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "kind_without_summary", module)
    settings.GAME_KINDS = {**settings.GAME_KINDS, "unsaid": "kind_without_summary.KIND"}

    with pytest.raises(ImproperlyConfigured, match="summary"):
        get_kind("unsaid")


def test_the_player_counts_read_as_a_range_a_list_or_with_the_house_rule_apart():
    assert players_words(get_kind("metaltalon")) == "2, 3, 4 or 6 players"
    assert players_words(get_kind("metal-adventures")) == "3 to 6 players (2 by a house rule)"
    assert players_words(get_kind("race")) == "2 players"
