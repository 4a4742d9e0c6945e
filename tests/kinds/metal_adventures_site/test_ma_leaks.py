"""What each reader may read of a Metal Adventures game in play, through every channel of the site
(docs/architecture.md, "What each reader may read"; games/kinds/metal_adventures/rules.md, "The zones" and
"What the log tells each reader"): the game page, its htmx partials, the log's pages and the board
picture, the pulse, the home page, the API as each seat, a spectator and someone without a token, the
downloads and the replay, the mails, the webhooks (posted to a real receiver), the admin as a moderator
who is not seated, and the refusals of commands probing for hidden cards.

One game, played through the site's channels (the page's buttons and forms, the API, mailed replies),
reaches a position that holds every kind of hidden thing at once: each seat's trophies and the third one it
put aside at setup (now in the Trophy deck), a wreck a challenger took from the loser's face-down wrecks,
the order of every deck, a trophy Ann offers Cy (hers alone), a trophy she promises Bob in an ally's
terms (hers alone), Bob's loyalty declared and held secret until his step closes, and Cy's standing order.
What a reader may not name is computed from the state and the raw events: every trophy and Space card
except those in public zones, those the events told the reader (tests/kinds/metal_adventures/
test_ma_narration.py, the kind's own oracle) and the reader's own. The seats that may read a card read it
in the same channel, so the test can fail. The Karokum pile is public (rules.md, "The zones"): it shows."""

from __future__ import annotations

import html
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import dice as live_dice
from games.actions.webhooks import deliver as deliver_webhook
from games.actions.webhooks import due_deliveries
from games.kinds import get_kind
from games.kinds.metal_adventures import cards
from games.kinds.metal_adventures.state import GameState
from games.mail.addresses import new_message_id
from games.mail.inbound import receive_mail
from games.mail.position import position
from games.models import Game, InboundMail, Snapshot, WebhookDelivery
from tests.community.conftest import Receiver
from tests.kinds.metal_adventures.test_ma_narration import event_ids, own_ids, public_ids
from tests.mail.helpers import reply
from tests.web.factories import ModeratorFactory, UserFactory, full_game
from tests.web.leak_channels import (
    READERS,
    SPECTATOR,
    TOKENS,
    VISITOR,
    Channels,
    api_of,
    by_api,
    click,
    download,
    html_part,
    hx,
    log_entries,
    logged_in,
    mailed,
    on_page,
    open_channels,
    seat_three,
    send_owed,
    told,
    url,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("queued")]

KIND = get_kind("metal-adventures")
NAMES = ("Ann", "Bob", "Cy")
HIDEABLE = (*cards.TROPHIES, *cards.STARSHIPS)
ID = re.compile(r"\b(?:T\d{2}|[ND]\d{2}|NE\d|DE\d)\b")
# A trophy's name as the page's buttons shorten it ("Keep Hoarder and Sunbreaker": page.label).
SHORT = {t: cards.NAMES[t].removeprefix("Trophy of the ") for t in cards.TROPHIES}


@pytest.fixture(autouse=True)
def offer_it(settings: Any) -> None:
    open_channels(settings, "metal-adventures")


@pytest.fixture
def receiver() -> Any:
    found = Receiver()
    yield found
    found.server.shutdown()


class Rolls(live_dice.SecretDice):
    """The site's dice with the battle rolls the test names (a roll beyond them fails the test) and the
    shuffles from a seeded generator, so the game is the same on every run."""

    queue: list[int] = []

    def __init__(self) -> None:
        super().__init__(random.Random(7))

    def roll(self, sides: int) -> int:
        assert Rolls.queue, f"an unscripted roll of a d{sides}"
        value = Rolls.queue.pop(0)
        self.draws.append(["roll", sides, value])
        return value


@pytest.fixture(autouse=True)
def rolls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    Rolls.queue = []
    TOKENS.clear()
    monkeypatch.setattr(live_dice, "new_dice", Rolls)
    return Rolls.queue


# === WHAT A TEXT NAMES ===

def named(text: str) -> set[str]:
    """The trophies and Space cards `text` names: by id, by name, or by a trophy's short name."""
    lowered = text.lower()
    found = set(ID.findall(text)) & set(HIDEABLE)
    found |= {c for c in HIDEABLE if re.search(rf"\b{re.escape(cards.NAMES[c].lower())}\b", lowered)}
    return found | {t for t, short in SHORT.items() if re.search(rf"\b{re.escape(short)}\b", text)}


def text_of(markup: str) -> str:
    """A page's words (tags dropped, entities read) and the values its buttons and links carry; not the
    random tokens (the CSRF token, the pulse's ticket) nor the forms' placeholders (an example id)."""
    values = re.findall(r'\b(?:value|href|title|aria-label)="([^"]*)"', markup)
    values = [v for v in values if not re.fullmatch(r"[\w:-]{30,}", v)]
    words = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return re.sub(r"\s+", " ", " ".join([words, *map(html.unescape, values)]))


# === THE POSITION ===

@dataclass
class Table(Channels):
    """The game in play and who may read what. Seat 0 is Ann, 1 Bob, 2 Cy."""

    answers: dict[str, str] = field(default_factory=dict)  # what a command's channel answered its player

    @property
    def state(self) -> GameState:
        self.game.refresh_from_db()
        return KIND.load(self.game.state)

    def known(self, reader: int | str | None) -> set[str]:
        """Every trophy and Space card `reader` may name now: the public zones, what the events told it,
        its own cards (those it was dealt at setup included) and the cards its own commands named."""
        seat = self.seat_of(reader)
        state = self.state
        ids = public_ids(state) | own_ids(state, seat)
        for action in self.game.actions.order_by("seq"):
            ids |= event_ids(action.events, seat)
            if seat is not None and action.seat == seat:
                ids |= named(action.command)
                for event in action.events:
                    if event.get("type") == "choose":
                        ids |= {*event["kept"], *event["aside"]}
        return ids

    def hidden(self, reader: int | str | None) -> set[str]:
        return set(HIDEABLE) - self.known(reader)

    def others_wrecks(self, reader: int | str | None) -> set[str]:
        """The wrecks other seats hold now: a table (not the log) never names them to `reader`."""
        seat = self.seat_of(reader)
        return {w for i, s in enumerate(self.state.seats) if i != seat for w in s.wrecks}


def weakest_spot(state: GameState) -> int:
    """The spot (1-based) of the weakest starship face up: the battle the scripted dice win."""
    powers = [cards.STARSHIPS[c].power for c in state.space_area]
    return powers.index(min(powers)) + 1


def in_play(rolls: list[int], receiver: Receiver | None = None) -> Table:
    """Four turns through the page, the API and mailed replies:
    setup: Ann keeps two trophies on the page, Bob through the API, Cy by mail;
    1. Ann attacks in Space on the page and wins a starship, now her face-down wreck;
    2. Bob challenges her through the API (Ann says ready by mail), wins, looks at her wrecks and picks
       one: which one is told to the two of them only (a Trophy of the Duelist is revealed, public);
    3. Cy attacks in Space by mail and through the API, and wins a wreck;
    4. Ann offers Cy one of her trophies (the page's offer form), attacks in Space, asks Bob to fight as
       her ally for 1c and her other trophy (the ask form); Bob accepts through the API and declares
       loyal by mail: held secret, his step still open, his Metal Faktor question still asked. Cy sets a
       standing order through the API; each seat asks for the board by mail.
    Every seat has a webhook of each format (to `receiver` when given)."""
    table = seat_three(Table, "metal-adventures", NAMES, receiver)  # the start mails sent

    choice = {s: KIND.timeout_commands(table.state, s)[0] for s in range(3)}
    click(table, 0, choice[0])
    by_api(table, 1, choice[1])
    mailed(table, 2, choice[2])
    assert table.state.phase == "turn.start" and table.state.active == 0

    # 1. Ann wins a starship: her wreck.
    for command in ("tribute", "attack space"):
        click(table, 0, command)
    click(table, 0, f"attack space {weakest_spot(table.state)}")
    click(table, 0, "ally none")
    click(table, 0, "mf no")
    rolls += [6, 1]
    click(table, 0, "roll")
    (won,) = table.state.seats[0].wrecks
    click(table, 0, "end")
    send_owed(table)

    # 2. Bob challenges Ann and takes her wreck.
    for command in ("tribute", "challenge 1", "ready"):
        by_api(table, 1, command)
    mailed(table, 0, "ready")
    by_api(table, 1, "mf no")
    by_api(table, 1, "roll")
    rolls += [6, 1]
    mailed(table, 0, "mf no")
    by_api(table, 1, "take wrecks")
    by_api(table, 1, f"pick {won}")
    assert table.state.seats[1].wrecks == (won,) and not table.state.seats[0].wrecks
    by_api(table, 1, "end")
    send_owed(table)

    # 3. Cy wins a starship.
    mailed(table, 2, "tribute; attack space")
    by_api(table, 2, f"attack space {weakest_spot(table.state)}")
    rolls += [6, 1]
    mailed(table, 2, "ally none; mf no; roll")
    assert len(table.state.seats[2].wrecks) == 1
    by_api(table, 2, "end")
    send_owed(table)

    # 4. Ann's trophies in an offer to Cy and in her terms to Bob; Bob's loyalty held.
    offered, promised = table.state.seats[0].trophies[1], table.state.seats[0].trophies[0]
    click(table, 0, "tribute")
    table.answers["offer"] = on_page(table, 0, {"form": "offer", "offer_seat": "3",
                                                "offer_give": f"trophy {offered}", "offer_get": "2c"})
    send_owed(table)
    click(table, 0, "attack space")
    click(table, 0, f"attack space {weakest_spot(table.state)}")
    table.answers["ask"] = on_page(table, 0, {"form": "ask", "ask_seats": "2",
                                              "ask_terms": f"1c + trophy {promised}"})
    send_owed(table)
    by_api(table, 1, "ally accept")
    table.answers["loyal"] = mailed(table, 1, "loyal").report["played"][0]["lines"][0]
    by_api(table, 2, "order ally accept min 3c")
    for seat in range(3):
        mailed(table, seat, "board")  # each seat's mail of where the game stands now

    state = table.state
    assert state.phase == "battle.declare" and KIND.to_act(state) == (1,)
    assert state.offers[0].give[0].card == offered and state.promises[0].items[1].card == promised
    declaration = state.battle.declaration(1) if state.battle else None
    assert declaration is not None and declaration.loyal is True and not declaration.done
    assert dict(state.seats[2].orders) == {"ally": "accept min 3c"}
    return table


# === THE CHECK ===

def assert_nothing_hidden(table: Table, reader: int | str, text: str, where: str, *,
                          hidden: set[str] | None = None, table_part: bool = False) -> None:
    """`text` names no card `reader` may not know; a table (`table_part`: the state as it stands, not the
    log) names no other seat's wreck either."""
    forbidden = hidden if hidden is not None else table.hidden(reader)
    if table_part:
        forbidden = forbidden | table.others_wrecks(reader)
    leaked = named(text) & forbidden
    assert not leaked, f"{where} names {sorted(leaked)} to {reader}: {text[:3000]}"


def test_the_forbidden_cards_are_the_others_hidden_ones_and_a_text_naming_one_fails_the_check(rolls):
    """The check itself: what each reader may not name holds exactly the cards the rules hide from it."""
    table = in_play(rolls)
    state = table.state
    ann, bob, cy = state.seats
    deck_top = state.space_deck[0]
    for reader in READERS:
        seat = table.seat_of(reader)
        hidden = table.hidden(reader)
        assert deck_top in hidden and state.trophy_deck[0] in hidden  # the decks, for everyone
        for i, player in enumerate(state.seats):
            assert set(player.trophies) <= hidden if i != seat else not set(player.trophies) & hidden
        assert (ann.trophies[1] in hidden) == (seat != 0) and (ann.trophies[0] in hidden) == (seat != 0)
        assert not set(state.karokum_pile) & hidden  # a public pile
        assert table.others_wrecks(reader) == ({*bob.wrecks, *cy.wrecks} - set(state.seats[seat].wrecks
                                                                               if seat is not None else ()))
    with pytest.raises(AssertionError, match="names"):
        assert_nothing_hidden(table, 1, f"Ann holds {cards.NAMES[ann.trophies[0]]}", "a made-up line")
    with pytest.raises(AssertionError, match="names"):
        assert_nothing_hidden(table, 0, f"Bob's wrecks: {bob.wrecks[0]}", "a made-up table", table_part=True)


# === WHAT EACH READER IS TOLD OF THE LOG ===

def without_log(page: str) -> str:
    """The page with its log's entries taken out: what is left shows the table as it stands."""
    return re.sub(r'<li class="entry[^"]*" data-seq="\d+">.*?</li>', "", page, flags=re.S)


def loyal_seq(table: Table) -> int:
    return table.game.actions.get(seat=1, command="loyal").seq


def assert_page_tells_only_the_readers(table: Table, reader: int | str, page: str, where: str) -> None:
    assert_nothing_hidden(table, reader, text_of(page), where)
    assert_nothing_hidden(table, reader, text_of(without_log(page)), f"{where} (its table)", table_part=True)
    entries = log_entries(page)
    expected = told(table, reader)
    assert entries and entries == {seq: expected[seq] for seq in entries}, where


# === THE GAME PAGE, ITS PARTIALS, THE PICTURE, THE PULSE, THE HOME PAGE ===

def test_the_game_page_its_partials_and_the_picture_show_each_reader_its_own_cards_and_nothing_else(rolls):
    table = in_play(rolls)
    game, state = table.game, table.state
    last_log_page = (game.actions.count() + 19) // 20
    # Each seat first, so a page the cache keeps for one reader would show up in the next one's.
    for reader in READERS:
        client = table.clients[reader]
        seat = table.seat_of(reader)
        page = client.get(url(game)).content.decode()
        assert_page_tells_only_the_readers(table, reader, page, "the game page")
        live = hx(client, url(game))
        poll = hx(client, url(game, "poll"), {"v": game.version - 1})
        for name, part in (("the live region", live), ("the poll", poll)):
            assert 'id="live"' in part and "<html" not in part, name
            assert_page_tells_only_the_readers(table, reader, part, name)
        for log_page in range(2, last_log_page + 1):
            older = hx(client, url(game, "select"), {"log": log_page})
            assert_page_tells_only_the_readers(table, reader, older, f"the log's page {log_page}")
        svg = client.get(url(game, "board_svg")).content.decode()
        assert_nothing_hidden(table, reader, svg, "the board picture", table_part=True)
        ticket = re.search(r'[?&;]t=([^&"]+)', html.unescape(page))
        pulse = client.get(url(game, "pulse"), {"t": ticket[1] if ticket else "", "v": game.version - 1})
        assert pulse.status_code in (200, 204)
        said = pulse.content.decode() + json.dumps(dict(pulse.headers))
        assert_nothing_hidden(table, reader, said, "the pulse")
        # What its reader may see is there: the seat's own trophies and wrecks, and the public piles.
        mine = state.seats[seat] if seat is not None else None
        shown = named(text_of(without_log(page)))
        assert set(state.karokum_pile) <= shown
        if mine is not None:
            assert {*mine.trophies, *mine.wrecks} <= shown
            assert all(cards.NAMES[t] in html.unescape(page) for t in mine.trophies)
        # Bob's loyalty, held: "declare" for the others until his step closes.
        entry = log_entries(hx(client, url(game, "select"), {"log": 1}))
        battle = re.search(r'<section class="ma-panel ma-battle".*?</section>', page, re.S)
        assert battle is not None
        if seat == 1:
            assert "Bob: loyal" in text_of(battle[0])
            assert entry[loyal_seq(table)] == "You stay loyal (secret until the step closes)."  # said to Bob
        else:
            assert "loyal" not in text_of(battle[0]).replace("loyal or betray", "")
            assert entry[loyal_seq(table)] == "Bob declares (secret until the step closes)."
    ann = table.clients[0].get(url(game)).content.decode()
    cy = table.clients[2].get(url(game)).content.decode()
    assert "min 3c" not in ann and "order ally accept min 3c" in cy
    # The home page shows a visitor the public game that moved last: this one, as a spectator sees it.
    home = table.clients[VISITOR].get("/").content.decode()
    assert f"Watch game {game.pk}" in home
    assert_nothing_hidden(table, VISITOR, text_of(home), "the home page", table_part=True)
    for seat in range(3):
        mine_page = table.clients[seat].get(reverse("games:mine")).content.decode()
        assert_nothing_hidden(table, seat, text_of(mine_page), "My games", table_part=True)


# === THE API ===

def assert_view_is_the_readers(table: Table, reader: int | str, view: dict[str, Any], where: str) -> None:
    """A state as it leaves the server in play: the reader's own trophies, wrecks and orders, counts of the
    others'; Bob's held loyalty for him alone; Ann's trophies in her offer and her terms for her alone."""
    seat = table.seat_of(reader)
    state = table.state
    assert view["seat"] == seat
    for i, (shown, real) in enumerate(zip(view["seats"], state.seats, strict=True)):
        mine = i == seat
        assert shown["trophies"] == (list(real.trophies) if mine else None), where
        assert shown["wrecks"] == (list(real.wrecks) if mine else None), where
        assert shown["orders"] == (dict(real.orders) if mine else None), where
        assert (shown["trophy_count"], shown["wreck_count"]) == (len(real.trophies), len(real.wrecks))
    assert view["trophy_deck"] == len(state.trophy_deck) and "space_deck" in view
    assert view["space_deck"] == dict(zip(("blue", "red"), state.space_counts(), strict=True))
    (bob,) = view["battle"]["declarations"]
    assert bob == ({"seat": 1, "done": False, "hidden": True} if seat != 1 else
                   {**bob, "loyal": True, "done": False}), where
    (ask,) = view["battle"]["asks"]
    promised = state.promises[0].items[1].card
    assert ask["terms"] == ["1c@win", f"trophy {promised}@win" if seat == 0 else "a trophy@win"], where
    (offer,) = view["offers"]
    assert offer["give"] == [f"trophy {state.offers[0].give[0].card}" if seat == 0 else "a trophy"], where
    assert_nothing_hidden(table, reader, json.dumps(view), where, table_part=True)


def test_the_api_gives_each_reader_its_own_view_log_and_legal_commands_and_nothing_without_a_token(rolls):
    table = in_play(rolls)
    path = f"/games/{table.game.pk}"
    state = table.state
    for reader in (0, 1, 2, SPECTATOR):
        api = api_of(table.users[reader])
        seat = table.seat_of(reader)
        detail = api.get(path)
        assert detail.status_code == 200
        assert_view_is_the_readers(table, reader, detail.json()["view"], f"the API's game for {reader}")
        (awaited,) = detail.json()["awaiting"]
        assert awaited["seat"] == 1 and (awaited["question"] is not None) == (seat == 1)
        assert_nothing_hidden(table, reader, detail.content.decode(), "the API's game")
        listing = api.get("/games", mine="" if seat is None else "1")
        assert_nothing_hidden(table, reader, listing.content.decode(), "the API's games", table_part=True)
        log = api.get(f"{path}/log")
        rows = log.json()["actions"]
        expected = told(table, reader)
        assert {r["seq"]: " ".join(r["lines"]) or r["command"] for r in rows} == expected
        assert all(r["events"] is None for r in rows)
        assert_nothing_hidden(table, reader, log.content.decode(), "the API's log")
        legal = api.get(f"{path}/legal")
        if seat is None:
            assert legal.status_code == 403
        else:
            assert legal.json()["commands"] == KIND.legal_commands(state, seat)
            assert_nothing_hidden(table, reader, legal.content.decode(), "the API's legal commands",
                                  table_part=True)
    for endpoint in ("", "/log", "/legal"):
        anonymous = Client().get(f"/api{path}{endpoint}")
        assert anonymous.status_code == 401 and set(anonymous.json()) == {"code", "message"}
    assert Client().post(f"/api{path}/commands", {"commands": "mf no"},
                         content_type="application/json").status_code == 401


def test_commands_through_the_api_are_played_and_answered_in_the_seats_own_words(rolls):
    """The API plays a Metal Adventures game: Bob's commands of the setup and his challenge were played
    through it (in_play); his answer names his own cards and nothing of Ann's promised trophy."""
    table = in_play(rolls)
    game = table.game
    assert game.actions.filter(source="api", seat=1).count() >= 9
    answer = by_api(table, 1, "mf no")
    assert answer["version"] == Game.objects.get(pk=game.pk).version and answer["stopped"] is None
    (played,) = answer["played"]
    assert played["command"] == "mf no" and played["events"] is None and played["lines"]
    assert_nothing_hidden(table, 1, json.dumps(answer), "the API's answer")


# === THE DOWNLOADS AND THE REPLAY ===

def test_the_downloads_carry_each_readers_own_view_and_the_replay_stays_closed(rolls):
    table = in_play(rolls)
    game = table.game
    for reader in READERS:
        client = table.clients[reader]
        seat = table.seat_of(reader)
        record = json.loads(text := download(client, game, "record_json"))
        assert_view_is_the_readers(table, reader, record["final_state"], "record.json's final state")
        initial = record["initial_state"]
        assert initial["dealt"] == (list(KIND.load(game.snapshots.order_by("seq").first().state).dealt[seat])
                                    if seat is not None else None)
        assert all(s["trophies"] is None for i, s in enumerate(initial["seats"]) if i != seat)
        rows = {a["seq"]: " ".join(a["lines"]) or a["command"] for a in record["actions"]}
        assert rows == told(table, reader)
        assert all(a["events"] is None and "dice" not in a for a in record["actions"])
        assert_nothing_hidden(table, reader, text, "record.json")
        log = download(client, game, "log_txt")
        assert_nothing_hidden(table, reader, log, "log.txt")
        assert len([line for line in log.splitlines() if not line.startswith("#")]) == game.actions.count()
        replay = client.get(url(game, "replay"), follow=True)
        assert replay.redirect_chain and replay.redirect_chain[-1][0] == url(game)
    ann = download(table.clients[0], game, "log_txt")
    assert {*table.state.seats[0].trophies} <= named(ann)  # her offer and her terms, as she typed them


# === THE MAILS ===

def body_of(sent: Any) -> tuple[str, str]:
    return sent.body, text_of(html_part(sent))


def test_the_mails_tell_each_seat_its_own_cards_and_nothing_hidden_from_it(rolls):
    table = in_play(rolls)
    state = table.state
    assert {seat for seat, _sent in table.mails} == {0, 1, 2} and len(table.mails) >= 15
    for seat, sent in table.mails:
        text, markup = body_of(sent)
        for name, body in (("text", text), ("html", markup), ("subject", sent.subject)):
            assert_nothing_hidden(table, seat, body, f"a mail's {name} ({sent.subject})")
    for seat in range(3):
        pos = position(table.game, table.seats[seat])
        assert_nothing_hidden(table, seat, pos.text_board, "the table a mail shows", table_part=True)
        assert {*state.seats[seat].trophies, *state.seats[seat].wrecks} <= named(pos.text_board)
        last = [sent for s, sent in table.mails if s == seat][-1]  # the board each asked for
        assert {*state.seats[seat].trophies} <= named(last.body)
    bob = "\n".join(sent.body for s, sent in table.mails if s == 1)
    # The question, to him:
    assert "asks you to fight as an ally for 1₡ and a trophy if Ann's side wins" in bob
    assert "You stay loyal (secret until the step closes)." in bob  # the answer to his mailed loyalty
    cy = "\n".join(sent.body for s, sent in table.mails if s == 2)
    assert "Bob stays loyal" not in bob and "You stay loyal" not in cy  # each mail said to its own reader
    assert "you give 2₡ and get a trophy" in cy


# === WEBHOOKS ===

def test_webhooks_are_posted_for_each_question_and_name_nothing_hidden_from_their_player(rolls, receiver):
    table = in_play(rolls, receiver)
    for pk in due_deliveries(500):
        deliver_webhook(pk)
    deliveries = list(WebhookDelivery.objects.filter(game=table.game).select_related("webhook"))
    assert deliveries and len(receiver.posts) == len(deliveries)
    seat_of_user = {s.user_id: s.index for s in table.seats}
    prompts = {(seat_of_user[d.webhook.user_id], d.prompt) for d in deliveries}
    # Each turn's seat, Bob's ally question, Bob's declaration and Cy's offer, to every seat's hooks.
    assert {(1, "2"), (2, "3"), (0, "4"), (1, "4-a1"), (1, "4-d2"), (2, "4-o1")} <= prompts
    for delivery in deliveries:
        seat = seat_of_user[delivery.webhook.user_id]
        assert_nothing_hidden(table, seat, json.dumps(delivery.payload), f"the webhook {delivery.prompt}")
    by_id = {d.pk: d for d in deliveries}
    bodies = []
    for post in receiver.posts:  # each POST read as its hook's player, found by the delivery it numbers
        delivery = by_id[int(post["headers"]["X-MetalTalon-Delivery"])]
        body = json.loads(post["body"])
        assert body == delivery.payload
        assert_nothing_hidden(table, seat_of_user[delivery.webhook.user_id], post["body"].decode(),
                              "a webhook's POST")
        bodies.append(body)
    asked = next(b for b in bodies if b.get("prompt") == "4-a1")
    assert asked["question"].startswith(
        "Ann asks you to fight as an ally for 1₡ and a trophy if Ann's side wins")
    assert asked["player"] == table.seats[1].user_id and asked["kind"] == "metal-adventures"


# === THE ADMIN ===

def test_the_admin_shows_a_moderator_who_is_not_seated_what_a_spectator_sees(rolls):
    table = in_play(rolls)
    game = table.game
    # Bob answers the mail of Ann's ask, which he already answered: not played, and the record says why,
    # quoting the question he is asked now, whose words are his (the API shows them to him alone).
    stale = new_message_id("4-a1")
    got = receive_mail(reply(table.seats[1], "mf no", headers={"In-Reply-To": stale}))
    assert got is not None and got.status == "rejected"
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert "You are asked now: Ann's battle waits for your declaration before the roll" in report["rejected"]
    desk = logged_in(ModeratorFactory())
    hidden = table.hidden(SPECTATOR)

    def admin(name: str, *args: Any) -> str:
        response = desk.get(reverse(f"admin:{name}", args=args))
        assert response.status_code == 200, name
        return response.content.decode()

    page = admin("games_game_change", game.pk)
    assert_nothing_hidden(table, SPECTATOR, text_of(page), "the admin's game page", hidden=hidden,
                          table_part=True)
    (shown,) = re.findall(r"<pre>(\{.*?\})</pre>", page, re.S)
    assert_view_is_the_readers(table, SPECTATOR, json.loads(html.unescape(shown)), "the admin's state")
    cells = {int(text_of(seq)): text_of(command).strip() for seq, command in re.findall(
        r'<td class="field-seq">(.*?)</td>.*?<td class="field-shown_command">(.*?)</td>', page, re.S)}
    assert cells[loyal_seq(table)] == "declare"
    spectator = told(table, SPECTATOR)
    for action in game.actions.all():
        one = admin("games_action_change", action.pk)
        where = f"the admin's action {action.seq}"
        assert_nothing_hidden(table, SPECTATOR, text_of(one), where, hidden=hidden)
        if action.seq == loyal_seq(table):
            assert "loyal" not in text_of(one) and spectator[action.seq] in html.unescape(one)
    listing = admin("games_action_changelist") + admin("games_seat_changelist") + admin(
        "games_notification_changelist") + admin("games_inboundmail_changelist")
    assert_nothing_hidden(table, SPECTATOR, text_of(listing), "the admin's lists", hidden=hidden)
    assert "loyal" not in text_of(admin("games_action_changelist"))
    for inbound in InboundMail.objects.filter(game=game):
        one = html.unescape(admin("games_inboundmail_changelist".replace("changelist", "change"), inbound.pk))
        assert_nothing_hidden(table, SPECTATOR, text_of(one), "the admin's mailed reply", hidden=hidden)
        assert '"command": "loyal"' not in one and "You are asked now" not in one
    for snapshot in Snapshot.objects.filter(game=game):
        one = admin("games_snapshot_change", snapshot.pk)
        assert_nothing_hidden(table, SPECTATOR, text_of(one), "the admin's snapshot", hidden=hidden,
                              table_part=True)
    rollback = admin("games_game_moderate", game.pk, "rollback")
    assert_nothing_hidden(table, SPECTATOR, text_of(rollback), "the admin's rollback page", hidden=hidden)
    assert "loyal" not in text_of(rollback)


# === REFUSALS ===

def masked(text: str, card: str) -> str:
    return text.replace(card, "<card>").replace(cards.NAMES[card], "<card>")


def test_a_refused_command_probing_for_hidden_cards_tells_nothing_of_where_they_are(rolls):
    """Commands naming another seat's hidden card, through the page, the API and mail: the refusal says why
    and what is legal, names nothing the seat may not know but what it typed, and reads the same when the
    card named lies face down in the deck instead: no refusal tells where a hidden card is."""
    table = in_play(rolls)
    state = table.state
    offered, promised = state.offers[0].give[0].card, state.promises[0].items[1].card
    bobs_wreck, (cys_wreck,) = state.seats[1].wrecks[0], state.seats[2].wrecks
    deck_trophy, deck_ship = state.trophy_deck[0], state.space_deck[0]
    probes = [(1, "swap {}", promised, deck_trophy), (1, "accept O1 trophy {}", offered, deck_trophy),
              (1, "tour trophies {}", offered, deck_trophy),
              (2, "accept O1 trophy {}", promised, deck_trophy),
              (1, "offer 3 give 1c get trophy {}", state.seats[2].trophies[0], deck_trophy),
              (0, "offer 2 give 1c get wreck {}", bobs_wreck, deck_ship),
              (0, f"tour scrap {{}} {state.karokum_pile[0]}", cys_wreck, deck_ship),
              (2, "pick {}", bobs_wreck, deck_ship)]
    for seat, command, held, elsewhere in probes:
        said = {}
        for card in (held, elsewhere):
            before = table.game.version
            refused = api_of(table.seats[seat].user).play(table.game, command.format(card))
            assert refused.status_code in (400, 403), (command, refused.json())
            message = refused.json()["message"]
            assert_nothing_hidden(table, seat, message, f"the refusal of {command!r}",
                                  hidden=table.hidden(seat) - {card})
            assert Game.objects.get(pk=table.game.pk).version == before
            said[card] = masked(message, card)
        assert said[held] == said[elsewhere], command
    bob = api_of(table.seats[1].user).play(table.game, f"swap {promised}").json()["message"]
    assert bob.endswith("Legal now: mf yes, mf no, ready.")  # what he may do: his own question
    # The page, for Cy; a mail, for Bob, whose answer shows the table as he may see it.
    page = on_page(table, 2, {"command": f"pick {bobs_wreck}"}, status=403)
    assert "It is not your turn: waiting for Bob." in text_of(page)
    assert_page_tells_only_the_readers(table, 2, page, "Cy's refused pick")
    mail = mailed(table, 1, f"keep P1 trophy {promised}", outcomes=("refused",))
    assert "Battle in progress" in mail.report["refused"]["why"]
    answer = [sent for seat, sent in table.mails if seat == 1][-1]
    assert f"Refused: keep P1 trophy {promised}" in answer.body  # his own words, given back to him
    assert_nothing_hidden(table, 1, answer.body.replace(f"keep P1 trophy {promised}", ""),
                          "the answer to a mailed refusal")
    for reader in (SPECTATOR, VISITOR):
        response = table.clients[reader].post(url(table.game, "play"), {"command": f"pick {bobs_wreck}"})
        assert response.status_code in (302, 403, 404)
        assert_nothing_hidden(table, reader, text_of(response.content.decode()), "a spectator's refusal")
    api = api_of(table.users[SPECTATOR]).play(table.game, f"swap {promised}")
    assert api.status_code == 403 and api.json()["code"] == "not_your_seat"


# === SETUP ===

def test_while_trophies_are_chosen_each_seat_sees_only_the_three_it_was_dealt(rolls):
    game = full_game(players=3, kind="metal-adventures")
    seats = list(game.seats.select_related("user").order_by("index"))
    table = Table(game=game, seats=seats)
    table.users = {i: s.user for i, s in enumerate(seats)} | {SPECTATOR: UserFactory(), VISITOR: None}
    table.clients = {i: logged_in(s.user) for i, s in enumerate(seats)} | {
        SPECTATOR: logged_in(table.users[SPECTATOR]), VISITOR: Client()}
    click(table, 0, KIND.timeout_commands(table.state, 0)[0])  # Ann keeps two: one put aside, face down
    state = table.state
    assert state.phase == "setup.trophies" and KIND.to_act(state) == (1, 2)
    for reader in READERS:
        seat = table.seat_of(reader)
        hidden = table.hidden(reader)
        assert {t for i, dealt in enumerate(state.dealt) if i != seat for t in dealt} <= hidden
        page = table.clients[reader].get(url(game)).content.decode()
        assert_page_tells_only_the_readers(table, reader, page, "the page in setup")
        if seat is not None:
            assert set(state.dealt[seat]) <= named(text_of(page))
            view = api_of(table.users[reader]).get(f"/games/{game.pk}").json()["view"]
            assert view["dealt"] == list(state.dealt[seat])
            assert_nothing_hidden(table, reader, json.dumps(view), "the API's game in setup")
