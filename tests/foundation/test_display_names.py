"""Display names are unique: not in another case, not by look-alike letters, not by default."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from accounts.models import Profile, User
from accounts.names import name_key, shape_problem, tidy

ALICE = "Alice"
CYRILLIC_ALICE = "\u0410lice"  # А: CYRILLIC CAPITAL LETTER A
FULLWIDTH_ALICE = "\uff21\uff4c\uff49\uff43\uff45"  # Ａｌｉｃｅ
ZERO_WIDTH_ALICE = "Al\u200bice"  # a ZERO WIDTH SPACE inside


def make_user(email: str, display_name: str = "") -> User:
    user = User.objects.create_user(username=email.split("@")[0] + email.split("@")[1][:1], email=email,
                                    password="x-pass-123456")
    if display_name:
        user.profile.display_name = display_name
        user.profile.save()
    return user


def rename(client, user: User, name: str):
    client.force_login(user)
    return client.post("/profile/", {"display_name": name, "time_zone": "UTC", "turn_mail": "away"})


# === The key: what counts as the same name ===


ALL_CYRILLIC_ALICE = "\u0410\u04cf\u0456\u0441\u0435"  # А, palochka, і, с, е: no Latin letter at all


@pytest.mark.parametrize("alike", ["alice", "ALICE", CYRILLIC_ALICE, FULLWIDTH_ALICE, ZERO_WIDTH_ALICE,
                                   "AIice", "A.lice", "Al ice", "Alíce", "Alice!", ALL_CYRILLIC_ALICE])
def test_names_that_read_as_alice_share_alices_key(alike):
    assert name_key(alike) == name_key(ALICE)


def test_greek_and_cyrillic_capitals_that_spell_bob_share_its_key():
    assert name_key("\u0392\u039f\u0392") == name_key("\u0412\u041e\u0412") == name_key("Bob")


@pytest.mark.parametrize("other", ["Alicia", "Alise", "Bob", "Дмитрий", "李小龍", "Kim the Fleet"])
def test_different_names_keep_different_keys(other):
    assert name_key(other) != name_key(ALICE)


def test_invisible_characters_and_names_without_letters_are_refused():
    assert shape_problem(ZERO_WIDTH_ALICE) is not None
    assert shape_problem("Alice\u202e") is not None  # a right-to-left override
    assert shape_problem("\u3164") is not None  # HANGUL FILLER: a letter that draws nothing
    assert shape_problem("?!") is not None
    assert shape_problem("Ada Lovelace") is None and shape_problem("Дмитрий") is None


def test_white_space_is_tidied_to_single_spaces():
    assert tidy("  Kim\u00a0\u00a0the   Fleet ") == "Kim the Fleet"


# === The profile form ===


@pytest.mark.django_db
@pytest.mark.parametrize("same", ["ALICE", " alice ", FULLWIDTH_ALICE])
def test_a_name_in_another_case_or_width_is_taken(client, same):
    make_user("alice@a.com", ALICE)
    eve = make_user("eve@e.com")

    response = rename(client, eve, same)

    assert response.status_code == 200
    assert "That name is taken." in response.content.decode()
    assert User.objects.get(pk=eve.pk).display_name == f"Player {eve.pk}"


@pytest.mark.django_db
@pytest.mark.parametrize("lookalike", [CYRILLIC_ALICE, "A l i c e", "AIice"])
def test_a_lookalike_of_a_name_is_refused_naming_the_original(client, lookalike):
    make_user("alice@a.com", ALICE)
    eve = make_user("eve@e.com")

    response = rename(client, eve, lookalike)

    assert response.status_code == 200
    assert "That name is too like “Alice”, another player&#x27;s name." in response.content.decode()
    assert Profile.objects.get(user=eve).display_name == f"Player {eve.pk}"


@pytest.mark.django_db
def test_a_name_with_a_zero_width_character_is_refused(client):
    eve = make_user("eve@e.com")

    response = rename(client, eve, ZERO_WIDTH_ALICE)

    assert "Use visible characters only" in response.content.decode()
    assert Profile.objects.get(user=eve).display_name == f"Player {eve.pk}"


@pytest.mark.django_db
def test_a_player_may_keep_their_own_name_or_change_its_case(client):
    alice = make_user("alice@a.com", ALICE)

    assert rename(client, alice, ALICE).status_code == 302
    assert rename(client, alice, "ALICE").status_code == 302

    assert Profile.objects.get(user=alice).display_name == "ALICE"


@pytest.mark.django_db
def test_an_empty_name_is_refused(client):
    eve = make_user("eve@e.com")

    response = rename(client, eve, "   ")

    assert response.status_code == 200 and "This field is required." in response.content.decode()


@pytest.mark.django_db
def test_a_name_taken_between_the_check_and_the_save_is_refused_not_a_server_error(client, monkeypatch):
    make_user("alice@a.com", ALICE)
    eve = make_user("eve@e.com")
    # The check ran before Alice named herself: only the database's unique key stands in the way.
    monkeypatch.setattr(Profile, "clean", lambda self: None)

    response = rename(client, eve, "alice")

    assert response.status_code == 200
    assert "That name was taken a moment ago" in response.content.decode()


@pytest.mark.django_db
def test_the_database_refuses_two_alike_names_whichever_way_they_are_written():
    make_user("alice@a.com", ALICE)
    eve = make_user("eve@e.com")

    eve.profile.display_name = CYRILLIC_ALICE
    with pytest.raises(IntegrityError), transaction.atomic():
        eve.profile.save()


# === Default names ===


@pytest.mark.django_db
def test_players_with_the_same_mailbox_name_get_distinct_neutral_names_not_their_addresses():
    first = make_user("alice@a.com")
    second = make_user("alice@b.com")
    third = make_user("ALICE@c.com")

    players = (first, second, third)
    assert [u.display_name for u in players] == [f"Player {u.pk}" for u in players]


@pytest.mark.django_db
def test_a_neutral_name_steps_around_a_chosen_lookalike():
    zed = make_user("zed@z.com")
    make_user("kim@k.com", f"\u0420layer {zed.pk + 2}")  # Р: CYRILLIC CAPITAL LETTER ER

    nina = make_user("nina@n.com")

    assert nina.pk == zed.pk + 2 and nina.display_name == f"Player {nina.pk}2"


@pytest.mark.django_db
def test_a_chosen_name_cannot_take_another_players_neutral_name(client):
    alice = make_user("alice@a.com")
    eve = make_user("eve@e.com")

    assert "That name is taken." in rename(client, eve, f"player {alice.pk}").content.decode()


# === The migration: existing duplicates ===


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_profile_its_own_name_the_oldest_account_keeping_it():
    executor = MigrationExecutor(connection)
    executor.migrate([("accounts", "0001_initial")])
    old = executor.loader.project_state([("accounts", "0001_initial")]).apps
    OldUser, OldProfile = old.get_model("accounts", "User"), old.get_model("accounts", "Profile")
    people = [("first@a.com", ALICE), ("second@b.com", "ALICE"), ("third@c.com", CYRILLIC_ALICE),
              ("alice@d.com", ""), ("alice@e.com", ""), ("kim@f.com", "  Kim  the Fleet "),
              ("ghost@g.com", ZERO_WIDTH_ALICE)]
    for n, (email, name) in enumerate(people):
        user = OldUser.objects.create(username=f"u{n}", email=email)
        OldProfile.objects.create(user=user, display_name=name)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    named = {p.user.email: p.display_name for p in Profile.objects.select_related("user")}
    ids = {u.email: u.pk for u in User.objects.all()}
    assert named == {"first@a.com": "Alice", "second@b.com": "ALICE2", "third@c.com": "\u0410lice3",
                     "alice@d.com": f"Player {ids['alice@d.com']}",
                     "alice@e.com": f"Player {ids['alice@e.com']}", "kim@f.com": "Kim the Fleet",
                     "ghost@g.com": f"Player {ids['ghost@g.com']}"}
    assert all(p.name_key == name_key(p.display_name) for p in Profile.objects.all())
