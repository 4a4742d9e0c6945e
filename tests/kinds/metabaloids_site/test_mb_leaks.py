"""What each reader may read of a Metabaloids game in play, through every channel of the site
(docs/architecture.md, "What each reader may read"; games/kinds/metabaloids/rules.md, "Hidden
information"): the game page, its htmx partials, the log's pages and the board picture, the pulse, the
home page, the API as each seat, a spectator and someone without a token, the downloads and the replay,
the mails (turn notices, the board asked for, the answers to mailed commands), the webhooks (posted to a
real receiver), the admin as a moderator who is not seated, the bots' state, and the refusals of commands
probing for hidden cards.

One game, played through the site's channels (the page's buttons and forms, the API, mailed replies),
first picks its decks: Ann deck A on the page, Ben a deck of his own through the API (`deck list … as Fog
Bank`, lobby.py), Cy deck B by mail. Then it is set at a position whose hidden cards are codes found in no
public zone: Ben holds Torpor Spores, Ink Cloud and Shell Up; Cy holds Mantis Shrimp, the Axolotl Regent
and Regenerate; Ann draws the Hive Queen and the Scarlet Centipede in the log; Adrenal Surge and the Fire
Salamander lie only in draw piles. It plays on through every channel (a no-attack penalty, a draw, a
voluntary discard, a battle with bonus cards, standing orders, `orders` and `help`), with dice that pick
the front card of a pile, so every card taken is the one the test put there.

What a reader may not name is computed from the state and the raw events: those hidden codes, except the
reader's own hand and what the events told it (the cards it drew). The seats that may read a card read it
in the same channel, so the test can fail. After the game is over the log opens: the cards drawn, the
orders' words and the listed deck's cards are told to everyone."""

from __future__ import annotations

import html
import json
import random
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail as django_mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games import dice as live_dice
from games.actions.digest import owe_digest
from games.actions.webhooks import deliver as deliver_webhook
from games.actions.webhooks import due_deliveries
from games.kinds import get_kind
from games.kinds.metabaloids.cards import CARDS, DECKS
from games.kinds.metabaloids.lobby import list_command
from games.kinds.metabaloids.narration import NOTES, PRIVATE
from games.kinds.metabaloids.state import GameState, code_of
from games.mail.outbound import deliver
from games.mail.position import position
from games.models import Game, InboundMail, Snapshot, WebhookDelivery
from tests.community.conftest import Receiver
from tests.web.factories import ModeratorFactory
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

KIND = get_kind("metabaloids")
NAMES = ("Ann", "Ben", "Cy")
ANN, BEN, CY = 0, 1, 2  # lobby seats
# Ben's own deck: deck A's and deck B's small cards with both decks' events (45 cards, 83 points).
FOG_BANK = {"mite": 4, "ant": 3, "spider": 4, "beetle": 4, "wasp": 3, "shrimp": 4, "frog": 4, "crab": 4,
            "skink": 4, "snail": 4, "spores": 2, "ink": 2, "shell": 3}
FOG_LIST = list_command(FOG_BANK, "Fog Bank")
# The codes the position keeps out of every public zone: in a hand, or only in draw piles.
BENS_HAND = ("spores", "ink", "shell")
CYS_HAND = ("mantis", "axolotl", "regen")
ANNS_DRAWS = ("queen", "centipede")  # drawn by Ann in the log
PILES_ONLY = ("surge", "salamander")
TARGETS = frozenset((*BENS_HAND, *CYS_HAND, *ANNS_DRAWS, *PILES_ONLY))
CODE = re.compile(r"\b(" + "|".join(sorted(CARDS)) + r")\b")  # a code as commands write it
ID = re.compile(r"\bp\d-([a-z]+)-\d+\b")
BEN_ORDER = "use ink on defend if behind 4"  # the order Ben gives through the API, in his turn
CY_ORDER = "pay draw hand discard reserve"


@pytest.fixture(autouse=True)
def offer_it(settings: Any) -> None:
    open_channels(settings, "metabaloids")


@pytest.fixture
def receiver() -> Any:
    found = Receiver()
    yield found
    found.server.shutdown()


class Front:
    """A source that always answers 0: each card taken from a pile is its front card."""

    def randrange(self, n: int) -> int:
        return 0


class Picks(live_dice.SecretDice):
    """The site's dice, recorded as they are: seeded picks for the cut and the deal (a cut of the front
    cards could tie for ever), then, once the test has set the position, the front card of each pile."""

    front = False

    def __init__(self) -> None:
        super().__init__(Front() if Picks.front else random.Random(55))


@pytest.fixture(autouse=True)
def picks(monkeypatch: pytest.MonkeyPatch) -> None:
    Picks.front = False
    TOKENS.clear()
    monkeypatch.setattr(live_dice, "new_dice", Picks)


# === WHAT A TEXT NAMES ===

def named(text: str) -> set[str]:
    """The cards `text` names: by printed name (any case), by code (as commands write it) or by id."""
    lowered = text.lower()
    found = {c for c, data in CARDS.items() if re.search(rf"\b{re.escape(data.name.lower())}\b", lowered)}
    return found | set(CODE.findall(text)) | set(ID.findall(text))


def text_of(markup: str) -> str:
    """A page's words (tags dropped, entities read) and the values its buttons and links carry; not the
    random tokens (the CSRF token, the pulse's ticket), nor the hints' example commands (`order keep
    spores`: the same words for every reader, naming no card of the table)."""
    markup = re.sub(r'<p class="hint">.*?</p>', " ", markup, flags=re.S)
    values = re.findall(r'\b(?:value|href|title|aria-label|placeholder)="([^"]*)"', markup)
    values = [v for v in values if not re.fullmatch(r"[\w:-]{30,}", v)]
    words = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return re.sub(r"\s+", " ", " ".join([words, *map(html.unescape, values)]))


# === THE POSITION ===

@dataclass
class Table(Channels):
    """The game and who may read what. Seat 0 is Ann, 1 Ben, 2 Cy."""

    @property
    def state(self) -> GameState:
        self.game.refresh_from_db()
        return KIND.load(self.game.state)

    def known(self, reader: int | str | None) -> set[str]:
        """The target codes `reader` may name now: those in public zones or public events, what the
        events told it alone (its draws), its own hand and the cards its own commands named."""
        seat = self.seat_of(reader)
        state = self.state
        label = state.label(seat) if seat is not None and state.order else None
        codes = public_codes(state)
        if label is not None:
            codes |= {code_of(c) for c in state.seat(label).hand}
        for action in self.game.actions.order_by("seq"):
            for event in action.events:
                if event.get("type") == "drew":
                    if event.get("seat") == label:
                        codes |= {code_of(c) for c in event["cards"]}
                elif event.get("type") not in (*PRIVATE, *NOTES):
                    codes |= named(json.dumps(event))
            if seat is not None and action.seat == seat:
                codes |= named(action.command)
        return codes

    def hidden(self, reader: int | str | None) -> set[str]:
        return set(TARGETS) - self.known(reader)


def public_codes(state: GameState) -> set[str]:
    """The codes of every card face up on the table: columns, reserves, discard and lost piles, slots."""
    found: set[str] = set()
    for seat in state.seats:
        ids = [*seat.discard, *seat.lost, *seat.reserve, *seat.in_play(),
               *(c for c in (seat.event, seat.bonus) if c)]
        found |= {code_of(c) for c in ids}
    return found | {code for rnd in state.cut for _lobby, code in rnd}


def seated(receiver: Receiver | None = None) -> Table:
    """Three players at a new game in its decks phase, each with a webhook of each format."""
    table = seat_three(Table, "metabaloids", NAMES, receiver)
    assert table.state.phase == "decks"
    return table


def zones(label: int, counts: dict[str, int], *, hand: tuple[str, ...], grid: tuple[tuple[str, ...], ...],
          draw: tuple[str, ...], discard: tuple[str, ...] = (), lost: tuple[str, ...] = (),
          safe: tuple[int, ...] = ()) -> dict[str, Any]:
    """One seat's zones from its whole deck: the named codes where the test puts them, `draw` at the
    front of the draw pile (the cards the front picks take first), the rest of the deck behind them."""
    pool: list[str] = []
    for code, copies in sorted(counts.items()):
        pool += [f"p{label}-{code}-{n}" for n in range(1, copies + 1)]

    def take(codes: tuple[str, ...]) -> list[str]:
        out = []
        for code in codes:
            card_id = next(c for c in pool if code_of(c) == code)
            pool.remove(card_id)
            out.append(card_id)
        return out

    taken = {"hand": take(hand), "discard": take(discard), "lost": take(lost)}
    columns = [{"cards": take(grid[i]) if i < len(grid) else [], "safe": i + 1 in safe} for i in range(3)]
    front = take(draw)
    assert not set(PILES_ONLY) & {code_of(c) for c in front}
    return {**taken, "columns": columns, "draw": front + pool, "placing_done": True}


def put(table: Table) -> None:
    """The position after the decks phase, with the labels of the real cut: Cy to act in her turn 3."""
    game = table.game
    game.refresh_from_db()
    real = KIND.load(game.state)
    data = real.to_dict()
    decks = {ANN: DECKS["A"], BEN: FOG_BANK, CY: DECKS["B"]}
    label = {lobby: real.label(lobby) for lobby in range(3)}
    layout = {
        ANN: zones(label[ANN], decks[ANN], hand=("mite", "ant", "scorpion", "weaver"),
                   grid=(("wasp",), ("trapdoor",), ("canopy",)), discard=("spider",), lost=("beetle",),
                   draw=("queen", "centipede", "cutter", "spider")),
        BEN: zones(label[BEN], decks[BEN], hand=(*BENS_HAND, "crab", "snail"),
                   grid=(("beetle",), ("skink",)), discard=("frog",), draw=("mite", "shrimp", "frog")),
        CY: zones(label[CY], decks[CY], hand=(*CYS_HAND, "toad", "toad", "molt", "crab"),
                  grid=(("turtle",), ("kelp",), ("frog",)), discard=("shrimp",), draw=("pool",)),
    }
    for lobby, seat in enumerate(data["seats"]):
        seat.update(layout[lobby])
    data["seats"][BEN]["orders"]["keep"] = ["shell", "spores"]
    data.update(phase="turn", step="main", active=label[CY], turn=3, round=1)
    state = GameState.from_dict(data)
    Game.objects.filter(pk=game.pk).update(state=state.to_dict(), version=game.version + 1)
    Snapshot.objects.filter(game=game).delete()
    Snapshot.objects.create(game=game, seq=game.actions.count(), turn=state.turn, state=state.to_dict())
    game.refresh_from_db()
    Picks.front = True


def p(table: Table, lobby: int) -> str:
    return f"p{table.state.label(lobby)}"


def choose_decks(table: Table, last: bool = True) -> None:
    """Ann picks deck A on the page, Ben lists his own deck through the API, Cy picks deck B by mail."""
    click(table, ANN, "deck a")
    by_api(table, BEN, FOG_LIST)
    if last:
        mailed(table, CY, "deck b")
        assert table.state.phase == "place"


def in_play(receiver: Receiver | None = None) -> Table:
    """The decks picked, the position set, then:
    1. Cy gives a standing order through the API and ends her turn by mail: no attack, so the front
       card of her draw pile (a Tide Pool) goes to her lost pile;
    2. Ann draws 3 (Hive Queen, Scarlet Centipede, Leafcutter Ant: hers alone), discards the Leafcutter Ant
       on the page, attacks Ben's Thermite Beetle with her Wasp Drone (a Thread Spider and a Glucose Mite
       are the bonus cards: public) and ends her turn;
    3. Ben draws 2, gives an order through the API, asks for his orders and for help by mail (private
       answers); each seat asks for the board by mail. Ben is to act, in his MAIN step."""
    table = seated(receiver)
    choose_decks(table)
    put(table)
    send_owed(table)
    by_api(table, CY, f"order {CY_ORDER}")
    mailed(table, CY, "end")
    state = table.state
    assert state.active == state.label(ANN) and len(state.seat(state.label(ANN)).hand) == 7
    click(table, ANN, "discard cutter")
    click(table, ANN, f"attack 1:1 {p(table, BEN)} 1:1")
    click(table, ANN, "end")
    send_owed(table)
    state = table.state
    assert state.active == state.label(BEN)
    by_api(table, BEN, f"order {BEN_ORDER}")
    mailed(table, BEN, "orders")
    mailed(table, BEN, "help")
    for seat in (ANN, BEN, CY):
        mailed(table, seat, "board")
    state = table.state
    ben, cy = state.seat(state.label(BEN)), state.seat(state.label(CY))
    assert {code_of(c) for c in ben.hand} >= set(BENS_HAND) and {code_of(c) for c in cy.hand} >= set(CYS_HAND)
    assert not TARGETS & public_codes(state)
    return table


# === THE CHECK ===

def assert_nothing_hidden(table: Table, reader: int | str, text: str, where: str, *,
                          hidden: set[str] | None = None) -> None:
    """`text` names no card `reader` may not know."""
    forbidden = hidden if hidden is not None else table.hidden(reader)
    leaked = named(text) & forbidden
    assert not leaked, f"{where} names {sorted(leaked)} to {reader}: {text[:3000]}"


def assert_no_others_orders(table: Table, reader: int | str, text: str, where: str) -> None:
    """The words of Ben's and Cy's standing orders reach their own seat alone (and Ben's kept card)."""
    seat = table.seat_of(reader)
    for owner, words in ((BEN, BEN_ORDER), (BEN, "keep shell spores"), (CY, CY_ORDER)):
        if seat != owner:
            assert words not in text, f"{where} shows {words!r} to {reader}"


def test_the_forbidden_cards_are_the_others_hidden_ones_and_a_text_naming_one_fails_the_check():
    """The check itself: what each reader may not name holds exactly the cards the rules hide from it."""
    table = in_play()
    for reader in READERS:
        seat = table.seat_of(reader)
        hidden = table.hidden(reader)
        assert "salamander" in hidden  # in draw piles alone: nobody may name it
        for owner, held in ((BEN, BENS_HAND), (CY, CYS_HAND), (ANN, ANNS_DRAWS)):
            assert set(held) & hidden == (set(held) if seat != owner else set()), (reader, held)
        assert ("surge" in hidden) == (seat != ANN)  # in draw piles, and in the hand Ann was dealt
    with pytest.raises(AssertionError, match="names"):
        assert_nothing_hidden(table, ANN, "Ben holds Ink Cloud", "a made-up line")
    with pytest.raises(AssertionError, match="names"):
        assert_nothing_hidden(table, SPECTATOR, "hand: crab, mantis", "a made-up hand")
    with pytest.raises(AssertionError, match="names"):
        assert_nothing_hidden(table, CY, '{"hand": ["p2-shell-1"]}', "a made-up view")
    with pytest.raises(AssertionError, match="shows"):
        assert_no_others_orders(table, ANN, f"order {BEN_ORDER}", "a made-up list")


# === WHAT EACH READER IS TOLD OF THE LOG ===

def assert_page_tells_only_the_readers(table: Table, reader: int | str, page: str, where: str) -> None:
    assert_nothing_hidden(table, reader, text_of(page), where)
    assert_no_others_orders(table, reader, html.unescape(page), where)
    entries = log_entries(page)
    expected = told(table, reader)
    assert entries and entries == {seq: expected[seq] for seq in entries}, where


# === THE GAME PAGE, ITS PARTIALS, THE PICTURE, THE PULSE, THE HOME PAGE ===

def test_the_game_page_its_partials_and_the_picture_show_each_reader_its_own_cards_and_nothing_else():
    table = in_play()
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
        for log_page in range(1, last_log_page + 1):
            older = hx(client, url(game, "select"), {"log": log_page})
            assert_page_tells_only_the_readers(table, reader, older, f"the log's page {log_page}")
        svg = client.get(url(game, "board_svg")).content.decode()
        assert_nothing_hidden(table, reader, svg, "the board picture")
        ticket = re.search(r'[?&;]t=([^&"]+)', html.unescape(page))
        pulse = client.get(url(game, "pulse"), {"t": ticket[1] if ticket else "", "v": game.version - 1})
        assert pulse.status_code in (200, 204)
        said = pulse.content.decode() + json.dumps(dict(pulse.headers))
        assert_nothing_hidden(table, reader, said, "the pulse")
        # What its reader may see is there: its own hand, its orders; the public piles for everyone.
        shown = named(text_of(page))
        assert {"pool", "cutter", "beetle"} <= shown  # Cy's lost Tide Pool, Ann's discard, Ben's stake
        if seat is not None:
            mine = state.seat(state.label(seat))
            assert {code_of(c) for c in mine.hand} <= shown
            assert all(html.escape(line) in page for line in mine.orders.lines())
    # The home page shows a visitor the public game that moved last: this one, as a spectator sees it.
    home = table.clients[VISITOR].get("/").content.decode()
    assert f"Watch game {game.pk}" in home
    assert_nothing_hidden(table, VISITOR, text_of(home), "the home page")
    for seat in range(3):
        mine_page = table.clients[seat].get(reverse("games:mine")).content.decode()
        assert_nothing_hidden(table, seat, text_of(mine_page), "My games")


# === THE API ===

def assert_view_is_the_readers(table: Table, reader: int | str, view: dict[str, Any], where: str) -> None:
    """A state as it leaves the server in play: the reader's own hand, orders and queue, counts of the
    others' hands and of every draw pile, no card id anywhere."""
    seat = table.seat_of(reader)
    state = table.state
    assert view["you"] == (state.label(seat) if seat is not None else None), where
    for shown, real in zip(view["seats"], (state.seat(x) for x in state.labels()), strict=True):
        mine = seat is not None and real.label == state.label(seat)
        assert shown["hand"] == (sorted(code_of(c) for c in real.hand) if mine else None), where
        assert shown["orders"] == (real.orders.lines() if mine else None), where
        assert shown["queue"] == ([] if mine else None), where
        assert (shown["hand_count"], shown["draw_count"]) == (len(real.hand), len(real.draw)), where
        assert "draw" not in shown, where
    assert ID.search(json.dumps(view)) is None, where
    assert_nothing_hidden(table, reader, json.dumps(view), where)
    assert_no_others_orders(table, reader, json.dumps(view), where)


def test_the_api_gives_each_reader_its_own_view_log_and_legal_commands_and_nothing_without_a_token():
    table = in_play()
    path = f"/games/{table.game.pk}"
    state = table.state
    for reader in (ANN, BEN, CY, SPECTATOR):
        api = api_of(table.users[reader])
        seat = table.seat_of(reader)
        detail = api.get(path)
        assert detail.status_code == 200
        assert_view_is_the_readers(table, reader, detail.json()["view"], f"the API's game for {reader}")
        (awaited,) = detail.json()["awaiting"]
        assert awaited["seat"] == BEN and (awaited["question"] is not None) == (seat == BEN)
        assert_nothing_hidden(table, reader, detail.content.decode(), "the API's game")
        listing = api.get("/games", mine="" if seat is None else "1")
        assert_nothing_hidden(table, reader, listing.content.decode(), "the API's games")
        log = api.get(f"{path}/log")
        rows = log.json()["actions"]
        assert {r["seq"]: " ".join(r["lines"]) or r["command"] for r in rows} == told(table, reader)
        assert all(r["events"] is None for r in rows)
        assert_nothing_hidden(table, reader, log.content.decode(), "the API's log")
        assert_no_others_orders(table, reader, log.content.decode(), "the API's log")
        legal = api.get(f"{path}/legal")
        if seat is None:
            assert legal.status_code == 403
        else:
            assert legal.json()["commands"] == KIND.legal_commands(state, seat)
            assert_nothing_hidden(table, reader, legal.content.decode(), "the API's legal commands")
    assert {"discard spores", "discard ink", "discard shell"} <= set(KIND.legal_commands(state, BEN))
    for endpoint in ("", "/log", "/legal"):
        anonymous = Client().get(f"/api{path}{endpoint}")
        assert anonymous.status_code == 401 and set(anonymous.json()) == {"code", "message"}


# === THE DOWNLOADS AND THE REPLAY ===

def test_the_downloads_carry_each_readers_own_view_and_the_replay_stays_closed():
    table = in_play()
    game = table.game
    for reader in READERS:
        client = table.clients[reader]
        record = json.loads(text := download(client, game, "record_json"))
        assert_view_is_the_readers(table, reader, record["final_state"], "record.json's final state")
        rows = {a["seq"]: " ".join(a["lines"]) or a["command"] for a in record["actions"]}
        assert rows == told(table, reader)
        assert all(a["events"] is None and "dice" not in a for a in record["actions"])
        assert_nothing_hidden(table, reader, text, "record.json")
        assert_no_others_orders(table, reader, text, "record.json")
        assert ID.search(text) is None
        log = download(client, game, "log_txt")
        assert_nothing_hidden(table, reader, log, "log.txt")
        assert_no_others_orders(table, reader, log, "log.txt")
        assert (FOG_LIST in log) == (reader == BEN) and ("spores:2" in log) == (reader == BEN)  # his own
        assert len([line for line in log.splitlines() if not line.startswith("#")]) == game.actions.count()
        replay = client.get(url(game, "replay"), follow=True)
        assert replay.redirect_chain and replay.redirect_chain[-1][0] == url(game)


# === THE MAILS ===

def body_of(sent: Any) -> tuple[str, str]:
    return sent.body, text_of(html_part(sent))


def test_the_mails_tell_each_seat_its_own_cards_and_nothing_hidden_from_it():
    table = in_play()
    state = table.state
    assert {seat for seat, _sent in table.mails} == {ANN, BEN, CY} and len(table.mails) >= 12
    for seat, sent in table.mails:
        text, markup = body_of(sent)
        for name, body in (("text", text), ("html", markup), ("subject", sent.subject)):
            assert_nothing_hidden(table, seat, body, f"a mail's {name} ({sent.subject})")
            assert_no_others_orders(table, seat, body, f"a mail's {name} ({sent.subject})")
    for seat in (ANN, BEN, CY):
        board = position(table.game, table.seats[seat]).text_board
        assert_nothing_hidden(table, seat, board, "the text board a mail shows")
        hand = sorted(code_of(c) for c in state.seat(state.label(seat)).hand)
        assert f"Your hand: {', '.join(hand)}" in board
        last = [sent for s, sent in table.mails if s == seat][-1]  # the board each asked for
        assert set(hand) <= named(last.body)
    ann = "\n".join(sent.body for s, sent in table.mails if s == ANN)
    assert "You drew 3 cards: Hive Queen, Scarlet Centipede, Leafcutter Ant." in ann
    ben = "\n".join(sent.body for s, sent in table.mails if s == BEN)
    assert "Ann (p1) drew 3 cards." in ben and "You drew 2 cards: Brine Shrimp, Marsh Frog." in ben
    cy = "\n".join(sent.body for s, sent in table.mails if s == CY)
    assert "Ben (p2) drew 2 cards." in cy
    # Ben's daily digest, which lists the game awaiting him: his question's words, no card.
    Profile.objects.filter(user=table.seats[BEN].user).update(
        daily_digest=True, digest_next_at=timezone.now() - timedelta(minutes=1))
    row = owe_digest(table.seats[BEN].user.pk)
    assert row is not None
    before = len(django_mail.outbox)
    deliver(row)
    (digest,) = django_mail.outbox[before:]
    assert f"Metabaloids game {table.game.pk}" in digest.body and "it is your turn" in digest.body.lower()
    for body in body_of(digest):
        assert_nothing_hidden(table, BEN, body, "the digest")
        assert not named(body) & set(BENS_HAND)  # not even his own hand: the digest shows no table


# === WEBHOOKS ===

def test_webhooks_are_posted_for_each_turn_and_name_nothing_hidden_from_their_player(receiver):
    table = in_play(receiver)
    for pk in due_deliveries(500):
        deliver_webhook(pk)
    deliveries = list(WebhookDelivery.objects.filter(game=table.game).select_related("webhook"))
    assert deliveries and len(receiver.posts) == len(deliveries)
    seat_of_user = {s.user_id: s.index for s in table.seats}
    prompts = {(seat_of_user[d.webhook.user_id], d.prompt) for d in deliveries}
    assert {(ANN, "4"), (BEN, "5")} <= prompts  # the turns that began after the hooks were made
    by_id = {d.pk: d for d in deliveries}
    for post in receiver.posts:  # each POST read as its hook's player, found by the delivery it numbers
        delivery = by_id[int(post["headers"]["X-MetalTalon-Delivery"])]
        assert json.loads(post["body"]) == delivery.payload
        seat = seat_of_user[delivery.webhook.user_id]
        assert_nothing_hidden(table, seat, post["body"].decode(), f"the webhook {delivery.prompt}")
        assert_no_others_orders(table, seat, post["body"].decode(), f"the webhook {delivery.prompt}")


# === THE ADMIN ===

def test_the_admin_shows_a_moderator_who_is_not_seated_what_a_spectator_sees():
    table = in_play()
    game = table.game
    desk = logged_in(ModeratorFactory())
    hidden = table.hidden(SPECTATOR)

    def admin(name: str, *args: Any) -> str:
        response = desk.get(reverse(f"admin:{name}", args=args))
        assert response.status_code == 200, name
        return response.content.decode()

    def check(text: str, where: str) -> None:
        assert_nothing_hidden(table, SPECTATOR, text, where, hidden=hidden)
        assert_no_others_orders(table, SPECTATOR, text, where)

    page = admin("games_game_change", game.pk)
    check(text_of(page), "the admin's game page")
    (shown,) = re.findall(r"<pre>(\{.*?\})</pre>", page, re.S)
    assert_view_is_the_readers(table, SPECTATOR, json.loads(html.unescape(shown)), "the admin's state")
    spectator = told(table, SPECTATOR, lines=True)
    for action in game.actions.all():
        one = text_of(admin("games_action_change", action.pk))
        check(one, f"the admin's action {action.seq}")
        assert all(line in one for line in spectator[action.seq].split("\n")), (action.seq, one)
    listing = admin("games_action_changelist") + admin("games_seat_changelist") + admin(
        "games_notification_changelist") + admin("games_inboundmail_changelist")
    check(text_of(listing), "the admin's lists")
    for inbound in InboundMail.objects.filter(game=game):
        check(text_of(html.unescape(admin("games_inboundmail_change", inbound.pk))), "the admin's mail")
    for snapshot in Snapshot.objects.filter(game=game):
        check(text_of(admin("games_snapshot_change", snapshot.pk)), "the admin's snapshot")
    check(text_of(admin("games_game_moderate", game.pk, "rollback")), "the admin's rollback page")


# === THE BOTS ===

def test_a_bot_of_each_seat_plays_on_a_state_holding_only_its_own_hand():
    table = in_play()
    state = table.state
    for seat in (ANN, BEN, CY):
        masked = KIND.bot_state(state, seat)
        label = state.label(seat)
        data = masked.to_dict()
        for shown in data["seats"]:  # a starter deck's list is public (rules.md, the starter decks)
            shown["deck_codes"] = [] if shown["deck"] in DECKS else shown["deck_codes"]
        assert_nothing_hidden(table, seat, json.dumps(data), f"the bot state of seat {seat}")
        ben = masked.seat(state.label(BEN))
        assert ben.deck == "Fog Bank" and ben.deck_codes == (sorted(FOG_BANK) if seat == BEN else [])
        assert masked.seat(label).hand == state.seat(label).hand
        for other in masked.seats:
            assert {code_of(c) for c in other.draw} == {"hidden"}
            if other.label != label:
                assert {code_of(c) for c in other.hand} == {"hidden"} and other.orders.lines() == \
                    type(other.orders)().lines()
        assert KIND.legal_commands(masked, seat) == KIND.legal_commands(state, seat)


# === THE PRIVATE REPLIES: `orders` AND `help` ===

def test_the_orders_list_and_help_answer_their_seat_alone_on_every_channel():
    """`orders` lists the seat's standing orders and `help` the commands, to that seat: on the page, through
    the API and by mail (where `help` is the mail's own); the others' log shows the verb and no sentence."""
    table = in_play()
    listing = "Your standing orders: 1 order pay discard draw hand reserve | 2 order keep shell spores"
    answer = by_api(table, BEN, "orders")
    (played,) = answer["played"]
    assert played["command"] == "orders" and " ".join(played["lines"]).startswith(listing)
    assert f"4 order {BEN_ORDER}." in played["lines"][0]
    (helped,) = by_api(table, BEN, "help")["played"]
    assert helped["lines"][0].startswith("The commands: deck, place, done, discard")
    page = on_page(table, CY, {"command": "orders"})
    assert f"Your standing orders: 1 order {CY_ORDER}" in " ".join(text_of(page).split())
    mail = mailed(table, BEN, "orders")  # an `orders` changes nothing: by mail it is still played
    assert [p["command"] for p in mail.report["played"]] == ["orders"] and "unchanged" not in mail.report
    assert mail.report["played"][0]["lines"][0].startswith(listing)
    sent = [sent for seat, sent in table.mails if seat == BEN][-1]
    assert listing in " ".join(sent.body.split())
    asked = [a for a in table.game.actions.order_by("seq") if a.command in ("orders", "help")]
    # in_play's mailed `orders`, then the API's `orders` and `help`, the page's, the mail's.
    assert [(a.seat, a.command) for a in asked] == [(BEN, "orders"), (BEN, "orders"), (BEN, "help"),
                                                    (CY, "orders"), (BEN, "orders")]
    for reader in READERS:
        rows = told(table, reader)
        for action in asked:
            own = table.seat_of(reader) == action.seat
            assert (rows[action.seq] != action.command) == own, (reader, action.seq, rows[action.seq])
        page = table.clients[reader].get(url(table.game)).content.decode()
        assert_page_tells_only_the_readers(table, reader, page, "the page after the private replies")
    for seat, sent in table.mails:
        assert_no_others_orders(table, seat, sent.body, f"a mail ({sent.subject})")


# === A SKIPPED ORDER'S NOTE ===

def test_a_skipped_orders_note_reaches_its_seat_alone_on_every_channel():
    """Ann keeps every card of her hand, so when Ben attacks her Trapdoor Spider's column her standing
    boost cannot be paid: the note says so to Ann (the page's log, the API's log, her next turn notice);
    the others and the spectators read the attack whole and no note, on the page, through the API and in
    their mails."""
    table = in_play()
    state = table.state
    keep = " ".join(sorted({code_of(c) for c in state.seat(state.label(ANN)).hand}))
    by_api(table, ANN, f"order keep {keep}")
    ben = state.seat(state.label(BEN))
    col = next(i for i, column in enumerate(ben.columns, 1) if column.cards)
    attack = f"attack {col}:1 {p(table, ANN)} 2:1"  # Ann's column 2 holds her Trapdoor Spider
    mailed_before = len(table.mails)
    by_api(table, BEN, attack)
    by_api(table, BEN, "end")  # the turn notices tell what happened since each reader's last turn
    send_owed(table)
    by_api(table, CY, "end")
    send_owed(table)
    action = table.game.actions.get(command=attack)
    assert [e["type"] for e in action.events if e["type"] == "skipped"] == ["skipped"]
    note = ("Your standing order (use trapdoor boost on defend) was skipped: your hand could not pay 1 "
            "without kept cards.")
    for reader in READERS:
        own = table.seat_of(reader) == ANN
        row = told(table, reader)[action.seq]
        assert (note in row) == own and ("skipped" in row) == own, (reader, row)
        assert "trapdoor boost" not in row or own
        page = table.clients[reader].get(url(table.game)).content.decode()
        entries = log_entries(page)
        assert action.seq in entries and (note in entries[action.seq]) == own, (reader, entries)
        if reader in (ANN, BEN, CY, SPECTATOR):
            log = api_of(table.users[reader]).get(f"/games/{table.game.pk}/log").json()["actions"]
            (mine,) = [r for r in log if r["seq"] == action.seq]
            assert mine["command"] == attack and (note in mine["lines"]) == own
    notices = [(seat, " ".join(sent.body.split())) for seat, sent in table.mails[mailed_before:]]
    assert sorted(seat for seat, _ in notices) == [ANN, CY]
    for seat, body in notices:
        assert (note in body) == (seat == ANN) and ("trapdoor boost" in body) == (seat == ANN), seat


# === REFUSALS ===

def masked(text: str, card: str) -> str:
    return text.replace(CARDS[card].name, "<card>").replace(card, "<card>")


def test_a_refused_command_probing_for_hidden_cards_tells_nothing_of_where_they_are():
    """Commands naming another seat's hand card, through the API, the page and mail: the refusal says why
    and what is legal, names nothing the seat may not know but what it typed, and reads the same when the
    card named lies only in draw piles (one of the same kind: `use` looks for an event in the hand and a
    creature in play; an order names a card of the seat's deck): no refusal tells where a hidden card is."""
    table = in_play()
    p3 = p(table, CY)
    # (seat, command, a card another seat holds, a card of the same kind lying only in draw piles)
    probes = [(BEN, "discard {}", "mantis", "salamander"), (BEN, "restock {}", "queen", "salamander"),
              (BEN, "use {}", "regen", "surge"), (BEN, "pay hand {}", "axolotl", "salamander"),
              (BEN, f"attack 2:1 {p3} 1:1 paying {{}}", "mantis", "salamander"),
              (BEN, "move 2:1 1 paying {}", "centipede", "salamander"),
              (BEN, "deploy {} 1", "queen", "salamander"), (BEN, "use {} boost", "mantis", "salamander"),
              (ANN, "discard {}", "ink", "salamander"), (ANN, "order keep {}", "ink", "salamander"),
              (ANN, "order use {} on defend", "shell", "salamander"),
              (CY, "order keep {}", "spores", "surge"), (CY, "place {} 1", "regen", "salamander")]
    for seat, command, held, elsewhere in probes:
        said = {}
        for card in (held, elsewhere):
            before = Game.objects.get(pk=table.game.pk).version
            refused = api_of(table.seats[seat].user).play(table.game, command.format(card))
            assert refused.status_code in (400, 403), (command, refused.json())
            message = refused.json()["message"]
            assert_nothing_hidden(table, seat, message, f"the refusal of {command!r}",
                                  hidden=table.hidden(seat) - {card})
            assert Game.objects.get(pk=table.game.pk).version == before
            said[card] = masked(message, card)
        assert said[held] == said[elsewhere], (command, said)
    ben = api_of(table.seats[BEN].user).play(table.game, "discard mantis").json()["message"]
    assert ben == "no Mantis Shrimp in your hand"
    # The page, for Ann; a mail, for Ben, whose answer shows the table as he may see it.
    page = on_page(table, ANN, {"command": "discard shell"}, status=403)
    assert "It is not your turn" in text_of(page)
    assert_page_tells_only_the_readers(table, ANN, page.replace("discard shell", ""), "Ann's refused discard")
    mail = mailed(table, BEN, "restock mantis", outcomes=("refused",))
    assert "no Mantis Shrimp in your hand" in mail.report["refused"]["why"]
    answer = [sent for seat, sent in table.mails if seat == BEN][-1]
    assert "restock mantis" in answer.body  # his own words, given back to him
    assert_nothing_hidden(table, BEN, answer.body.replace("restock mantis", "").replace("Mantis Shrimp", ""),
                          "the answer to a mailed refusal")
    for reader in (SPECTATOR, VISITOR):
        response = table.clients[reader].post(url(table.game, "play"), {"command": "discard ink"})
        assert response.status_code in (302, 403, 404)
        assert_nothing_hidden(table, reader, text_of(response.content.decode()), "a spectator's refusal")
    api = api_of(table.users[SPECTATOR]).play(table.game, "discard ink")
    assert api.status_code == 403 and api.json()["code"] == "not_your_seat"


# === THE DECKS PHASE ===

def test_while_decks_are_picked_each_choice_and_a_listed_deck_stay_their_seats_own():
    """Ann has picked deck A on the page and Ben listed his own deck through the API; Cy has not picked.
    Nobody but Ann reads her choice, nobody but Ben his deck's name or its cards, on any channel; a bot
    of either seat plays on a state without the other's choice. Then Cy picks, and queues a placement
    ahead of her placement turn: hers alone."""
    table = seated()
    choose_decks(table, last=False)
    send_owed(table)
    state = table.state
    assert state.phase == "decks" and state.decks == ["A", "Fog Bank", ""]
    secrets = {ANN: ("chose deck A",), BEN: ("Fog Bank", "spores:2", "ink:2")}

    def check(reader: int | str, text: str, where: str) -> None:
        for owner, words in secrets.items():
            for word in words:
                if reader != owner:
                    assert word not in text, f"{where} shows {word!r} to {reader}"

    for reader in READERS:
        client = table.clients[reader]
        seat = table.seat_of(reader)
        page = html.unescape(client.get(url(table.game)).content.decode())
        check(reader, page, "the game page")
        check(reader, html.unescape(hx(client, url(table.game, "select"), {"log": 1})), "the log")
        check(reader, download(client, table.game, "log_txt"), "log.txt")
        check(reader, download(client, table.game, "record_json"), "record.json")
        svg = client.get(url(table.game, "board_svg")).content.decode()
        check(reader, svg, "the board picture")
        for where in ("/", reverse("games:lobby")) + ((reverse("games:mine"),) if seat is not None else ()):
            check(reader, html.unescape(client.get(where).content.decode()), where)
        if reader == VISITOR:
            continue
        api = api_of(table.users[reader])
        detail = api.get(f"/games/{table.game.pk}")
        check(reader, detail.content.decode(), "the API's game")
        choosing = detail.json()["view"]["choosing"]
        assert [c["deck"] for c in choosing] == [d if i == seat else None
                                               for i, d in enumerate(("A", "Fog Bank", None))]
        assert [c["chosen"] for c in choosing] == [True, True, False]
        check(reader, api.get(f"/games/{table.game.pk}/log").content.decode(), "the API's log")
        if seat is not None:
            check(reader, position(table.game, table.seats[seat]).text_board, "the text board")
            masked_state = KIND.bot_state(state, seat)
            check(reader, json.dumps(masked_state.to_dict()), "the bot state")
    for seat, sent in table.mails:
        for body in body_of(sent):
            check(seat, html.unescape(body), f"a mail ({sent.subject})")
    desk = logged_in(ModeratorFactory())
    admin = desk.get(reverse("admin:games_game_change", args=[table.game.pk])).content.decode()
    check(SPECTATOR, html.unescape(admin), "the admin's game page")
    for action in table.game.actions.all():
        one = desk.get(reverse("admin:games_action_change", args=[action.pk])).content.decode()
        check(SPECTATOR, html.unescape(one), f"the admin's action {action.seq}")
    ben = told(table, BEN)
    assert "You chose a deck of your own: Fog Bank." in ben.values() and "Ann chose a deck." in ben.values()
    # Once Cy has picked, the decks' names are told to all, Ben's list to nobody else.
    mailed(table, CY, "deck b")
    for reader in (ANN, CY, SPECTATOR):
        rows = told(table, reader)
        assert "Ben chose a deck of their own: Fog Bank." in rows.values()
        assert all("spores:2" not in row for row in rows.values())
        assert "spores:2" not in download(table.clients[reader], table.game, "log_txt")
    # Cy sends a placement ahead of her placement turn (Ann places first): it waits in her private queue.
    assert table.state.phase == "place" and table.state.active == table.state.label(ANN)
    by_api(table, CY, "place mantis 1")
    assert table.state.seat(table.state.label(CY)).queue == ["place mantis 1"]
    for reader in READERS:
        client = table.clients[reader]
        said = [text_of(client.get(url(table.game)).content.decode()),
                download(client, table.game, "log_txt"), download(client, table.game, "record_json")]
        if reader != VISITOR:
            said.append(api_of(table.users[reader]).get(f"/games/{table.game.pk}/log").content.decode())
        assert all(("mantis" in named(text)) == (reader == CY) for text in said), reader


# === GAME OVER: THE LOG OPENS ===

def test_once_the_game_is_over_the_log_opens_to_every_reader():
    """Ben and Cy resign: Ann wins. Every reader now reads the cards each seat drew, the standing orders'
    words, Ben's listed deck and the hands, on the page, in the downloads and through the API."""
    table = in_play()
    by_api(table, BEN, "resign")
    mailed(table, CY, "resign")
    assert table.state.phase == "over" and Game.objects.get(pk=table.game.pk).is_over
    for reader in READERS:
        client = table.clients[reader]
        page = " ".join(text_of(client.get(url(table.game)).content.decode()).split())
        assert "drew 3 cards: Hive Queen, Scarlet Centipede, Leafcutter Ant." in page, reader
        log = download(client, table.game, "log_txt")
        assert f"order {BEN_ORDER}" in log and FOG_LIST in log and f"order {CY_ORDER}" in log
        record = json.loads(download(client, table.game, "record_json"))
        assert any(e.get("type") == "drew" for a in record["actions"] for e in a["events"] or ())
        hands = {s["label"]: {code_of(c) for c in s["hand"]} for s in record["final_state"]["seats"]}
        assert set(BENS_HAND) <= set(hands[2]) and set(CYS_HAND) <= set(hands[3])
        assert {"Torpor Spores", "Ink Cloud", "Shell Up", "Mantis Shrimp"} <= {
            CARDS[c].name for c in named(page)} | set(named(page))  # the hands on the table

