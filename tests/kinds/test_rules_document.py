"""Each kind names its rules document (Kind.rules_document, a markdown file in its package); the site shows
it at /rules/<kind>/, and /rules/ shows the offered kind's, or an index when several are offered
(docs/architecture.md, "Kinds")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from games.kinds import get_kind, rules_document
from tests.web.factories import started_game

pytestmark = pytest.mark.django_db

PACKAGE = "sprint_kind_made_by_a_test"
SPRINT = '''
from games.kinds.race.kind import RaceKind


class SprintKind(RaceKind):
    name = "sprint"
    title = "Sprint to the line"
    rules_document = {document!r}


KIND = SprintKind()
'''


@pytest.fixture
def sprint_package(tmp_path, monkeypatch, settings):
    """A kind in a package of its own (outside the site), with its own rules.md; returns a function
    that writes the package and registers it, naming `document` as its rules document."""

    def make(document: str = "rules.md") -> Path:
        package = tmp_path / PACKAGE
        package.mkdir(exist_ok=True)
        (package / "__init__.py").write_text("")
        (package / "kind.py").write_text(SPRINT.format(document=document))
        (package / "rules.md").write_text("# Sprint to the line\n\n## Moving\n\nStep, or roll a die.\n")
        settings.GAME_KINDS = {**settings.GAME_KINDS, "sprint": f"{PACKAGE}.kind.KIND"}
        return package

    monkeypatch.syspath_prepend(str(tmp_path))
    yield make
    for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
        del sys.modules[name]


def test_a_kinds_own_rules_document_is_shown_at_its_rules_page(client, sprint_package):
    sprint_package()

    response = client.get(reverse("games:kind_rules", args=["sprint"]))

    html = response.content.decode()
    assert response.status_code == 200
    assert '<h1 id="sprint-to-the-line">Sprint to the line</h1>' in html
    assert '<a href="#moving">Moving</a>' in html and "Step, or roll a die." in html
    assert "<title>Sprint to the line rules · MetalTalon</title>" in html


def test_the_rules_page_puts_the_documents_title_before_its_contents_box(client):
    for kind in ("metaltalon", "metal-adventures"):
        html = client.get(f"/rules/{kind}/").content.decode()
        article = html[html.index('<article class="rules">'):]
        assert article.index("<h1") < article.index('class="toc"'), kind
        assert article.count("<h1") == 1, kind


def test_metaltalons_rules_are_shown_at_its_rules_page_and_at_rules_when_it_is_the_one_game_offered(
    client, settings
):
    settings.OFFERED_GAME_KINDS = ["metaltalon"]
    own = client.get("/rules/metaltalon/")
    plain = client.get("/rules/")

    for response in (own, plain):
        html = response.content.decode()
        assert response.status_code == 200
        assert 'id="the-three-editions"' in html and 'class="toc"' in html
    assert rules_document("metaltalon") == Path(__file__).parents[2] / "games/kinds/metaltalon/rules.md"


def test_rules_lists_both_games_offered_by_default(client):
    html = client.get("/rules/").content.decode()

    assert '<a href="/rules/metaltalon/">MetalTalon</a>' in html
    assert '<a href="/rules/metal-adventures/">Metal Adventures</a>' in html


def test_a_kind_without_a_rules_document_has_no_rules_page(client):
    assert rules_document("race") is None
    assert client.get("/rules/race/").status_code == 404
    assert client.get("/rules/no-such-game/").status_code == 404


def test_rules_lists_the_offered_kinds_rules_when_several_are_offered(client, settings, sprint_package):
    sprint_package()
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race", "sprint"]

    html = client.get("/rules/").content.decode()

    assert '<a href="/rules/metaltalon/">MetalTalon</a>' in html
    assert '<a href="/rules/sprint/">Sprint to the line</a>' in html
    assert "/rules/race/" not in html  # no document, no link to a missing page
    assert 'id="the-three-editions"' not in html


def test_a_rules_document_missing_from_the_installation_says_so(client, sprint_package):
    (sprint_package() / "rules.md").unlink()

    response = client.get("/rules/sprint/")

    assert response.status_code == 503
    assert "rules.md is missing from this installation" in response.content.decode()


@pytest.mark.parametrize("document", ["../secrets.md", "/etc/rules.md", "rules.txt"])
def test_a_rules_document_outside_the_kinds_package_is_refused(sprint_package, document):
    sprint_package(document)

    with pytest.raises(ImproperlyConfigured, match="rules_document"):
        get_kind("sprint")


def test_the_game_pages_rules_link_goes_to_its_own_kinds_rules(client):
    metaltalon = started_game(players=2, visibility="public")
    race = started_game(players=2, kind="race", visibility="public")

    def page(game):
        return client.get(game.get_absolute_url()).content.decode()

    assert '<a href="/rules/metaltalon/">Rules</a>' in page(metaltalon)
    # A kind without a document: the site's rules page, never a link to a missing one.
    assert '<a href="/rules/">Rules</a>' in page(race)


@pytest.mark.parametrize("kind", ["metaltalon", "metal-adventures"])
def test_a_rules_page_opens_on_its_title_and_introduction_with_the_contents_after_them(client, kind):
    html = client.get(f"/rules/{kind}/").content.decode()
    article = html[html.index('<article class="rules">'):]
    title, intro, toc = article.index("<h1"), article.index("<p>"), article.index('class="toc"')
    # A phone shows the top of the page first: the game's name and what it is, then the long contents.
    assert title < intro < toc
    assert article.index("<h2", toc) > toc  # the sections follow the contents
