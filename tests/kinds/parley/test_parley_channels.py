"""What each reader may read of a parley game in play, through every channel of the site
(docs/architecture.md, "What each reader may read"): the game page, its htmx partials and log pages, the
board picture, the home page, the API, the downloads, the replay, the mails, the webhooks, the admin and
the bots.

One position holds every kind of hidden thing at once: the hands and the deck, a card Bob drew at the
start of his turn (his alone), a card Cy gave Bob (theirs alone), Cy's sealed answer to Bob's call while
Ann has not answered yet (Cy's alone), and Ann's standing orders (hers alone). Each reader (each seat's
player, a signed-in spectator, a visitor) fetches every channel; what it reads is checked against what the
rules let it know, by the words the kind narrates them in (games/kinds/parley/rules.py, narrate and
describe), and the seat that does know reads it in the same channel. Once the game is over the downloads
carry every card."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.core import mail as django_mail
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.actions.bots import play_bots
from games.bots import RandomBot
from games.kinds import get_kind
from games.kinds.parley.kind import ParleyKind
from games.kinds.parley.rules import PLACEHOLDER, SEALED, ParleyState
from games.mail.inbound import receive_mail
from games.mail.outbound import deliver
from games.mail.position import position
from games.models import Game, InboundMail, Notification, Seat, Snapshot, Webhook, WebhookDelivery
from games.prompts import asked
from games.webhooks import payload
from tests.community.test_api import Api
from tests.mail.helpers import reply
from tests.web.factories import ModeratorFactory, UserFactory, full_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("queued")]

KIND = get_kind("parley")
CARDS = set(range(1, 16))
# Readers besides the three seats: a signed-in player with no seat, and a visitor who is not signed in.
SPECTATOR, VISITOR = "spectator", "visitor"
READERS: tuple[int | str, ...] = (0, 1, 2, SPECTATOR, VISITOR)
# Ann's standing orders, set one after another: enough actions to push everything before them to the
# log's second page (games/views/play.py, LOG_PAGE), ending on the orders she keeps.
ORDERS = ["order give lowest", "order call yes"] * 9 + ["order give refuse", "order call no"]


@pytest.fixture(autouse=True)
def offer_parley(settings: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "parley"]
    settings.NOTICE_DELAY_SECONDS = 0  # a turn mail is due at once: the test sends it as the sweep would


# === WHAT A TEXT TELLS ===

# A card's value where the kind's words name one: "draws the 7", "gives you the 7", "give 7", "play 7", a
# button's "Give the 7", the text board's "Your hand: 1, 7", the page's hand (its markup as
# test_parley_page.py reads it). A bare number says nothing: cards are 1 to 15, so a page is full of them.
# One space, as the kind writes them: log.txt's "give" (told without its card) ends a line before a seq.
CARD_WORDS = re.compile(r"\b(?:the|give|play|draws?) (\d{1,2})\b", re.I)
HAND_LIST = re.compile(r"Your hand:\s*(\d{1,2}(?:,\s*\d{1,2})*)")
HAND_SPAN = re.compile(r'<span class="card">(\d{1,2})</span>')


def cards_named(text: str) -> set[int]:
    found = {int(c) for c in CARD_WORDS.findall(text)}
    for listed in HAND_LIST.findall(text):
        found |= {int(c) for c in re.findall(r"\d+", listed)}
    return found | {int(c) for c in HAND_SPAN.findall(text)}


def hand_shown(page: str) -> list[int] | None:
    found = re.search(r'<p class="parley-hand">(.*?)</p>', page, re.S)
    return None if found is None else [int(c) for c in HAND_SPAN.findall(found[1])]


def answer_told(text: str, answerer: str) -> list[str]:
    """The words that would tell a sealed answer: "You answer yes", "You answered no", the reveal's "The
    answers to ...: Cy yes", or the answering seat's name (or "Seat 3") followed by its answer. Not the
    orders form's "Answer yes" nor a question's "answer yes or no"."""
    pattern = (r"\banswer(?:ed)?\s+(?:yes|no)\b(?!\s+or\b)|The answers to|"
               rf"\b(?:{re.escape(answerer)}|Seat 3)\s+(?:yes|no)\b")
    return re.findall(pattern, text)


# A standing order in the kind's words: its owner's "Your standing order: give refuse." and the command
# itself; in the page's orders form, an order other than "off" selected.
ORDER_TOLD = re.compile(r"standing order:|\border\s+(?:give|call)\s+(?:lowest|refuse|off|yes|no)\b", re.I)
ORDER_SELECTED = re.compile(r'value="(lowest|refuse|yes|no)" selected')


def text_of(markup: str) -> str:
    """A page or a mail's HTML as the words a reader reads (the tags dropped, entities read)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup)))


# === THE POSITION ===


@dataclass
class Table:
    """A parley game in play and what is hidden in it, read from its state. Seat 0 is Ann, 1 Bob, 2 Cy
    (the start shuffles the players; `names` follows the seats)."""

    game: Game
    seats: list[Seat]
    names: list[str]
    dealt: tuple[tuple[int, ...], ...]  # the hands as dealt
    hands: tuple[tuple[int, ...], ...]  # the hands now
    deck: tuple[int, ...]
    drawn: int  # the card Bob drew at the start of his turn: Bob's alone
    given: int  # the card Cy gave Bob: theirs alone
    answer: str  # Cy's sealed answer to Bob's call: Cy's alone until Ann answers
    orders: tuple[str, str]  # Ann's standing orders (give, call): hers alone
    clients: dict[int | str, Client] = field(default_factory=dict)
    users: dict[int | str, Any] = field(default_factory=dict)
    mails: list[tuple[int, tuple[tuple[int, ...], ...], Any]] = field(default_factory=list)
    answers: dict[str, Any] = field(default_factory=dict)  # what each command's channel answered its player

    def seat_of(self, reader: int | str) -> int | None:
        return reader if isinstance(reader, int) else None

    def known(self, reader: int | str) -> set[int]:
        """The cards `reader` may name: those its seat was dealt or holds, Bob's drawn card, Cy's given
        one."""
        seat = self.seat_of(reader)
        if seat is None:
            return set()
        mine = set(self.dealt[seat]) | set(self.hands[seat])
        if seat == 1:
            mine |= {self.drawn, self.given}
        if seat == 2:
            mine.add(self.given)
        return mine

    def told(self, reader: int | str) -> dict[int, tuple[str, list[str]]]:
        """Every action of the position (by seq) as `reader` may read it: the command and its lines, in the
        kind's words (games/kinds/parley/rules.py)."""
        seat = self.seat_of(reader)
        ann, bob, cy = self.names
        rows: dict[int, tuple[str, list[str]]] = {
            1: ("end", [f"Turn 2: {bob} to play.",
                        f"You draw the {self.drawn}." if seat == 1 else f"{bob} draws a card."]),
            2: ("ask 3", [f"{bob} asks {cy} for a card."]),
            3: (f"give {self.given}" if seat in (1, 2) else "give",
                [f"{cy} gives you the {self.given}." if seat == 1 else
                 f"You give {bob} the {self.given}." if seat == 2 else f"{cy} gives {bob} a card."]),
            4: ("call", [f"{bob} calls: {cy} and {ann}, yes or no?"]),
            5: ((self.answer, [f"You answer {self.answer}."]) if seat == 2
                else ("answer", [f"{cy} has answered."])),
        }
        for seq, command in enumerate(ORDERS, start=6):
            rows[seq] = (command, [f"Your standing order: {command.removeprefix('order ')}."]) if seat == 0 \
                else ("order", [])
        return rows


def state_of(game: Game) -> ParleyState:
    game.refresh_from_db()
    return KIND.load(game.state)


def url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.pk])


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def send_owed(table: Table) -> None:
    """Send every mail the game owes now, as the sweep would (each as things stand at this moment), and
    keep each with its recipient's seat and the hands as they were."""
    before = len(django_mail.outbox)
    for pk in Notification.objects.filter(game=table.game, sent_at=None).order_by("pk").values_list("pk",
                                                                                                   flat=True):
        deliver(pk)
    hands = state_of(table.game).hands
    by_address = {s.user.email: s.index for s in table.seats}
    for sent in django_mail.outbox[before:]:
        table.mails.append((by_address[sent.to[0]], hands, sent))


def mailed(table: Table, seat: int, body: str) -> None:
    received = receive_mail(reply(table.seats[seat], body))
    assert received.status in ("played", "nothing"), received
    send_owed(table)


def in_play() -> Table:
    """Ann ends her first turn (Bob draws); Bob asks Cy, who gives him her lowest card; Bob calls, Cy answers
    yes and Ann is still to answer; Ann sets her standing orders. Each command through one of the channels
    players command by: the page (a button, with htmx), the API, a mailed reply. Every seat has a webhook
    of each format."""
    game = full_game(players=3, kind="parley")
    assert game.status == Game.Status.ACTIVE and game.visibility == Game.Visibility.PUBLIC
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    # The start shuffles the seats: name them by their places, so Ann is seat 0 whoever sits there.
    for seat, name in zip(seats, ("Ann", "Bob", "Cy"), strict=True):
        seat.user.profile.display_name = name
        seat.user.profile.save()
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    for seat in seats:
        for fmt in Webhook.Format.values:
            Webhook.objects.create(user=seat.user, url="https://hooks.example.com/x", format=fmt, secret="s")
    dealt = state_of(game)
    table = Table(game=game, seats=seats, names=[s.name for s in seats], dealt=dealt.hands, hands=dealt.hands,
                  deck=dealt.deck, drawn=dealt.deck[0], given=0, answer="yes", orders=("refuse", "no"))
    table.users = {i: s.user for i, s in enumerate(seats)} | {SPECTATOR: UserFactory(), VISITOR: None}
    table.clients = {i: logged_in(s.user) for i, s in enumerate(seats)} | {
        SPECTATOR: logged_in(table.users[SPECTATOR]), VISITOR: Client()}
    send_owed(table)  # the start mails

    table.answers["end"] = play_htmx(table, 0, "end")
    send_owed(table)
    table.answers["ask"] = Api(seats[1].user).play(game, "ask 3").json()
    send_owed(table)
    table.given = min(state_of(game).hands[2])
    mailed(table, 2, f"give {table.given}")
    table.answers["call"] = play_htmx(table, 1, "call")
    send_owed(table)
    mailed(table, 2, table.answer)
    table.answers["orders"] = Api(seats[0].user).play(game, "; ".join(ORDERS)).json()
    send_owed(table)
    for seat in range(3):
        mailed(table, seat, "board")  # each seat's mail of where the game stands now

    state = state_of(game)
    table.hands, table.deck = state.hands, state.deck
    assert table.drawn in state.hands[1] and table.given in state.hands[1]
    assert table.given in dealt.hands[2] and table.drawn not in dealt.hands[1]
    assert state.question is not None and state.question.answers == (table.answer, None)  # (Cy, Ann)
    assert (state.give_orders, state.call_orders) == ((table.orders[0], "off", "off"),
                                                      (table.orders[1], "off", "off"))
    assert KIND.to_act(state) == (0,) and state.deck and game.actions.count() == 5 + len(ORDERS)
    return table


def play_htmx(table: Table, seat: int, command: str) -> str:
    """A button clicked on the page with htmx: the answer is the live region with what was done."""
    table.game.refresh_from_db()
    response = table.clients[seat].post(url(table.game, "play"), {"command": command,
                                                                  "expected_version": table.game.version},
                                        HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def assert_nothing_hidden(table: Table, reader: int | str, text: str, where: str) -> None:
    """No card `reader` may not know is named in `text`, no sealed answer but its own, no order but its
    own."""
    seat = table.seat_of(reader)
    unknown = cards_named(text) - table.known(reader)
    assert not unknown, f"{where} names {sorted(unknown)} to {reader}"
    if seat != 2:
        assert not answer_told(text, table.names[2]), f"{where} tells {reader} Cy's sealed answer"
    if seat != 0:
        assert not ORDER_TOLD.findall(text), f"{where} tells {reader} a standing order"
        assert not ORDER_SELECTED.findall(text), f"{where} shows {reader} an order set"


# === THE GAME PAGE ===


def log_entries(page: str) -> dict[int, str]:
    """The page's log, by seq: each entry's sentences (its command when it has none)."""
    entries = re.findall(r'<li class="entry[^"]*" data-seq="(\d+)">.*?<span class="sentences">(.*?)</span>',
                         page, re.S)
    return {int(seq): " ".join(html.unescape(s).split()) for seq, s in entries}


def expected_entry(command: str, lines: list[str]) -> str:
    return " ".join(lines) if lines else command


def test_the_game_page_shows_each_seat_its_own_hand_and_orders_and_no_reader_anything_else():
    table = in_play()
    for reader in READERS:
        page = table.clients[reader].get(url(table.game)).content.decode()
        seat = table.seat_of(reader)
        assert hand_shown(page) == (list(table.hands[seat]) if seat is not None else None)
        assert_nothing_hidden(table, reader, page, "the game page")
        assert_nothing_hidden(table, reader, text_of(page), "the game page's text")
        told = table.told(reader)
        entries = log_entries(page)
        assert sorted(entries) == list(range(6, 26))  # the newest 20: Ann's orders
        assert entries == {seq: expected_entry(*told[seq]) for seq in entries}
        question = re.search(r'<p class="parley-question">(.*?)</p>', page, re.S)
        assert question is not None
        assert ("You answered yes." in question[1]) == (seat == 2)
        svg = table.clients[reader].get(url(table.game, "board_svg")).content.decode()
        assert_nothing_hidden(table, reader, svg, "the board picture")
        assert (f"Your hand: {', '.join(map(str, table.hands[seat]))}" in svg) if seat is not None \
            else "Your hand" not in svg
    ann = table.clients[0].get(url(table.game)).content.decode()
    assert ORDER_SELECTED.findall(ann) == ["refuse", "no"]
    assert "Your standing order: give refuse." in ann
    # The home page shows a visitor the public game that moved last: this one, as a spectator sees it.
    home = table.clients[VISITOR].get("/").content.decode()
    assert f"Watch game {table.game.pk}" in home and "Your hand" not in home
    assert f"S2: 0 points, {len(table.hands[1])} cards" in home
    assert_nothing_hidden(table, VISITOR, home, "the home page's showcase")


def test_the_htmx_live_region_the_poll_and_the_log_pages_tell_each_reader_only_its_own():
    table = in_play()
    game = table.game
    for reader in READERS:
        client = table.clients[reader]
        seat = table.seat_of(reader)
        told = table.told(reader)
        live = client.get(url(game), HTTP_HX_REQUEST="true").content.decode()
        poll = client.get(url(game, "poll"), {"v": game.version - 1}, HTTP_HX_REQUEST="true").content.decode()
        older = client.get(url(game, "select"), {"log": 2}, HTTP_HX_REQUEST="true").content.decode()
        for name, part in (("the live region", live), ("the poll", poll), ("the log's second page", older)):
            assert 'id="live"' in part and "<html" not in part, name  # the partial, not the page
            assert_nothing_hidden(table, reader, part, name)
            assert_nothing_hidden(table, reader, text_of(part), name)
            assert hand_shown(part) == (list(table.hands[seat]) if seat is not None else None)
        newest = {seq: expected_entry(*told[seq]) for seq in range(6, 26)}
        assert log_entries(live) == log_entries(poll) == newest
        # The second page holds the draw, the card given and the sealed answer.
        assert log_entries(older) == {seq: expected_entry(*told[seq]) for seq in range(1, 6)}
    bob = table.clients[1].get(url(game, "select"), {"log": 2}, HTTP_HX_REQUEST="true").content.decode()
    assert f"You draw the {table.drawn}." in bob and f"gives you the {table.given}." in bob
    cy = table.clients[2].get(url(game, "select"), {"log": 2}, HTTP_HX_REQUEST="true").content.decode()
    assert f"You give Bob the {table.given}." in cy and "You answer yes." in cy


def test_the_answer_to_a_command_tells_the_card_only_to_the_seat_that_knows_it():
    table = in_play()
    # Ann's end: Bob's draw, told to her without its card.
    notice = re.search(r'<ul class="notice-details">(.*?)</ul>', table.answers["end"], re.S)
    assert notice is not None and text_of(notice[1]).strip() == "Turn 2: Bob to play. Bob draws a card."
    assert_nothing_hidden(table, 0, table.answers["end"], "Ann's answer to her end")
    # Bob's call: the region he is answered with logs his draw and the card Cy gave him, with their cards.
    call = table.answers["call"]
    assert f"You draw the {table.drawn}." in call and f"Cy gives you the {table.given}." in call
    assert log_entries(call) == {seq: expected_entry(*table.told(1)[seq]) for seq in range(1, 5)}
    assert_nothing_hidden(table, 1, call, "Bob's answer to his call")
    # Bob's ask through the API, Ann's orders through the API: each read as its own seat.
    assert [(p["command"], p["lines"], p["events"]) for p in table.answers["ask"]["played"]] == [
        ("ask 3", ["Bob asks Cy for a card."], None)]
    assert [(p["command"], p["lines"]) for p in table.answers["orders"]["played"]] == [
        table.told(0)[seq] for seq in range(6, 26)]


def test_a_sealed_answer_given_by_a_standing_order_is_not_told_to_the_caller_in_the_answer_to_its_call():
    game = full_game(players=3, kind="parley")
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    ann, bob, cy = (s.name for s in seats)
    assert Api(seats[1].user).play(game, "order call no").status_code == 200
    answer = Api(seats[0].user).play(game, "call").json()  # Bob answers at once, by his order
    state = state_of(game)
    assert state.question is not None and state.question.answers == ("no", None)
    (played,) = answer["played"]
    assert (played["command"], played["lines"], played["events"]) == (
        "call", [f"{ann} calls: {bob} and {cy}, yes or no?", f"{bob} has answered."], None)
    for seat in (0, 2):
        detail = Api(seats[seat].user).get(f"/games/{game.pk}").json()
        question = detail["view"]["question"]
        assert question["answered"] == [1] and question["my_answer"] is None
        rows = Api(seats[seat].user).get(f"/games/{game.pk}/log").json()["actions"]
        assert [(r["command"], r["lines"]) for r in rows] == [
            ("order", []), ("call", [f"{ann} calls: {bob} and {cy}, yes or no?", f"{bob} has answered."])]
    rows = Api(seats[1].user).get(f"/games/{game.pk}/log").json()["actions"]
    assert rows[-1]["lines"][-1] == "You answer no (standing order)."


# === THE API ===


def walk(value: Any) -> list[tuple[str, Any]]:
    """Every (key, value) pair in a JSON document."""
    if isinstance(value, dict):
        return [pair for k, v in value.items() for pair in [(k, v), *walk(v)]]
    if isinstance(value, list):
        return [pair for v in value for pair in walk(v)]
    return []


def assert_view_is_the_readers(table: Table, reader: int | str, view: dict[str, Any]) -> None:
    """A state as it leaves the server while the game is in play: the reader's own hand and orders, every
    hand's size, the deck's size, who has answered the call and only the reader's own answer."""
    seat = table.seat_of(reader)
    keys = {k for k, _v in walk(view)}
    assert not keys & {"hands", "deck", "give_orders", "call_orders", "answers"}
    assert view["hand"] == (list(table.hands[seat]) if seat is not None else None)
    assert view["hand_sizes"] == [len(h) for h in table.hands] and view["deck_size"] == len(table.deck)
    assert view["orders"] == ({"give": "refuse", "call": "no"} if seat == 0 else
                              {"give": "off", "call": "off"} if seat is not None else None)
    question = view["question"]
    assert (question["answered"], question["my_answer"]) == ([2], "yes" if seat == 2 else None)


def test_the_api_gives_each_reader_its_own_view_its_own_log_and_its_own_legal_commands():
    table = in_play()
    path = f"/games/{table.game.pk}"
    for reader in (0, 1, 2, SPECTATOR):
        api = Api(table.users[reader])
        seat = table.seat_of(reader)
        detail = api.get(path)
        log = api.get(f"{path}/log")
        assert detail.status_code == log.status_code == 200
        assert_view_is_the_readers(table, reader, detail.json()["view"])
        rows = log.json()["actions"]
        assert {r["seq"]: (r["command"], r["lines"]) for r in rows} == table.told(reader)
        assert all(r["events"] is None for r in rows)
        assert_nothing_hidden(table, reader, detail.content.decode(), "the API's game")
        assert_nothing_hidden(table, reader, log.content.decode(), "the API's log")
        legal = api.get(f"{path}/legal")
        if seat is None:
            assert legal.status_code == 403
        else:
            assert legal.json()["commands"] == KIND.legal_commands(state_of(table.game), seat)
            assert_nothing_hidden(table, reader, legal.content.decode(), "the API's legal commands")


# === THE DOWNLOADS AND THE REPLAY ===


def download(client: Client, game: Game, name: str) -> str:
    response = client.get(url(game, name))
    assert response.status_code == 200
    return b"".join(response.streaming_content).decode()


def test_the_downloads_in_play_carry_each_readers_view_and_the_replay_stays_closed():
    table = in_play()
    game = table.game
    for reader in READERS:
        client = table.clients[reader]
        seat = table.seat_of(reader)
        text = download(client, game, "record_json")
        record = json.loads(text)
        assert_view_is_the_readers(table, reader, record["final_state"])
        initial = record["initial_state"]
        assert initial["hand"] == (list(table.dealt[seat]) if seat is not None else None)
        assert not {k for k, _v in walk(initial)} & {"hands", "deck", "give_orders", "call_orders", "answers"}
        assert {a["seq"]: (a["command"], a["lines"]) for a in record["actions"]} == table.told(reader)
        assert all(a["events"] is None and "dice" not in a for a in record["actions"])
        assert_nothing_hidden(table, reader, text, "record.json")
        log = download(client, game, "log_txt")
        commands = {int(line.split("\t")[0]): line.split("\t")[2] for line in log.splitlines()
                    if not line.startswith("#")}
        told = table.told(reader)
        # The log's commands are read without their events: a card given is told to the giver alone there.
        assert commands == {seq: (command if seat == 2 or not command.startswith("give ") else "give")
                            for seq, (command, _lines) in told.items()}
        assert_nothing_hidden(table, reader, log, "log.txt")
        replay = client.get(url(game, "replay"), follow=True)
        assert replay.redirect_chain and replay.redirect_chain[-1][0] == url(game)
        assert_nothing_hidden(table, reader, replay.content.decode(), "the replay's redirect")


# === THE MAILS ===


def body_of(sent: Any) -> tuple[str, str]:
    """A mail's text part and its HTML part (as words)."""
    alternatives = [str(body) for body, kind in getattr(sent, "alternatives", []) if kind == "text/html"]
    return sent.body, text_of("".join(alternatives))


def test_the_mails_tell_each_seat_only_what_it_may_know():
    table = in_play()
    # The start mails, Bob's and Cy's turn mails, the call's to Cy and Ann, the answers to the replies.
    assert {seat for seat, _hands, _sent in table.mails} == {0, 1, 2} and len(table.mails) >= 12
    for seat, hands, sent in table.mails:
        text, markup = body_of(sent)
        assert HAND_LIST.findall(text) == [", ".join(map(str, hands[seat]))], sent.subject
        for name, body in (("text", text), ("html", markup), ("subject", sent.subject)):
            assert_nothing_hidden(table, seat, body, f"a mail's {name} ({sent.subject})")
    every = {seat: "\n".join(sent.body for s, _h, sent in table.mails if s == seat) for seat in range(3)}
    # Bob reads his draw (his turn mail) and holds the card Cy gave him (his last mail's hand); Cy reads
    # her give and her answer (the answers to her mailed replies); Ann reads her orders (her last mail).
    assert f"You draw the {table.drawn}." in every[1]
    bob = [sent.body for s, _h, sent in table.mails if s == 1][-1]
    assert table.given in cards_named(bob) and table.drawn in cards_named(bob)
    assert f"You give Bob the {table.given}." in every[2]
    assert "You answer yes." in every[2] and "You answered yes." in every[2]
    assert "Your standing order: give refuse." in every[0]
    # Ann's last mail tells Cy's give and Cy's answer as anyone may read them.
    ann = [sent.body for s, _h, sent in table.mails if s == 0][-1]
    assert "Cy has answered." in ann and "Cy gives Bob a card." in ann
    assert "Seat 2 calls: yes or no? Waiting for Seat 1. Seat 3 has answered." in ann
    # Where the game stands for each seat now, as the next mail to it would show it.
    for seat in range(3):
        pos = position(table.game, table.seats[seat])
        assert pos.text_board.endswith(f"Your hand: {', '.join(map(str, table.hands[seat]))}")
        since = [f"{line.command} {' '.join(line.sentences)}" for line in pos.since]
        words = "\n".join([pos.text_board, *since])
        assert_nothing_hidden(table, seat, words, "the position a mail shows")
        # Since the seat's own last command but an order: Ann's end, Bob's call, Cy's answer.
        after = {0: 1, 1: 4, 2: 5}[seat]
        assert [(line.command, line.sentences) for line in pos.since] == [
            table.told(seat)[seq] for seq in range(after + 1, 6 + len(ORDERS))]


# === WEBHOOKS ===


def test_a_webhook_names_a_question_out_of_turn_and_nothing_hidden():
    table = in_play()
    game = table.game
    ann = table.seats[0]
    (prompt,) = asked(game).values()
    assert (prompt.seat, prompt.own_turn, prompt.text) == (0, False, "Bob calls: yes or no?")
    for fmt in Webhook.Format.values:
        hook = Webhook(user=ann.user, url="https://hooks.example.com/x", format=fmt, secret="s")
        body = json.dumps(payload(hook, game, game.version, prompt))
        assert "Bob calls: yes or no?" in body
        assert_nothing_hidden(table, SPECTATOR, body, f"the {fmt} webhook")
    deliveries = WebhookDelivery.objects.filter(game=game).select_related("webhook")
    # Bob's turn, Cy's ask and the call to Cy and Ann, in each format.
    assert {(d.webhook.user_id, d.prompt) for d in deliveries} == {
        (table.seats[1].user.pk, "2"), (table.seats[2].user.pk, "2-a1"), (table.seats[2].user.pk, "2-c"),
        (ann.user.pk, "2-c")}
    for delivery in deliveries:
        assert_nothing_hidden(table, SPECTATOR, json.dumps(delivery.payload), "a webhook's delivery")


# === THE ADMIN ===


def test_the_admin_shows_a_moderator_who_is_not_seated_what_a_spectator_sees():
    table = in_play()
    game = table.game
    desk = logged_in(ModeratorFactory())
    spectator = table.told(SPECTATOR)
    change = desk.get(reverse("admin:games_game_change", args=[game.pk]))
    assert change.status_code == 200
    page = change.content.decode()
    assert_nothing_hidden(table, SPECTATOR, page, "the admin's game page")
    assert_nothing_hidden(table, SPECTATOR, text_of(page), "the admin's game page")
    (shown,) = re.findall(r"<pre>(\{.*?\})</pre>", page, re.S)
    assert_view_is_the_readers(table, SPECTATOR, json.loads(html.unescape(shown)))
    cells = re.findall(r'<td class="field-shown_command">(.*?)</td>', page, re.S)
    commands = [text_of(cell).strip() for cell in cells]
    assert sorted(commands) == sorted(command for command, _lines in spectator.values())
    for action in game.actions.all():
        page = desk.get(reverse("admin:games_action_change", args=[action.pk])).content.decode()
        assert_nothing_hidden(table, SPECTATOR, text_of(page), f"the admin's action {action.seq}")
        command, lines = spectator[action.seq]
        assert all(line in html.unescape(page) for line in lines)
    # Cy's mailed give and answer, Bob's and Ann's mails: their records in their public form.
    for inbound in InboundMail.objects.filter(game=game):
        page = desk.get(reverse("admin:games_inboundmail_change", args=[inbound.pk])).content.decode()
        assert_nothing_hidden(table, SPECTATOR, text_of(page), "the admin's mailed reply")
    given = InboundMail.objects.get(game=game, report__played__0__command=f"give {table.given}")
    assert '"command": "give"' in html.unescape(desk.get(reverse("admin:games_inboundmail_change",
                                                                 args=[given.pk])).content.decode())
    rollback = desk.get(reverse("admin:games_game_moderate", args=[game.pk, "rollback"])).content.decode()
    assert_nothing_hidden(table, SPECTATOR, text_of(rollback), "the admin's rollback page")
    for snapshot in Snapshot.objects.filter(game=game):
        page = desk.get(reverse("admin:games_snapshot_change", args=[snapshot.pk])).content.decode()
        assert_nothing_hidden(table, SPECTATOR, text_of(page), "the admin's snapshot")
        assert '"hand": null' in html.unescape(page) and '"hands"' not in html.unescape(page)


# === BOTS ===


def test_a_bot_chooses_from_its_own_seats_state_alone(monkeypatch):
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), kind="parley", players=3, level="random",
                                     options={"rounds": 2})
    human = game.seats.get(user=user).index
    actions.apply_command(game, Actor.player(user), "order give lowest; order call yes")
    seen: list[tuple[ParleyState, int, ParleyState]] = []
    real_state, real_choose = ParleyKind.bot_state, RandomBot.choose

    def watched(self: ParleyKind, state: ParleyState, seat: int) -> ParleyState:
        shown = real_state(self, state, seat)
        seen.append((state, seat, shown))
        return shown

    def calling(self: RandomBot, state: ParleyState, seat: int) -> str:
        # A bot that calls when it may: the human's sealed answer (its order) is then open to the other bot.
        return "call" if "call" in KIND.legal_commands(state, seat) else real_choose(self, state, seat)

    monkeypatch.setattr(ParleyKind, "bot_state", watched)
    monkeypatch.setattr(RandomBot, "choose", calling)
    for _ in range(40):
        game.refresh_from_db()
        if game.is_over:
            break
        state = KIND.load(game.state)
        if human in KIND.to_act(state):
            actions.apply_command(game, Actor.player(user), "end")
        else:
            play_bots(game.pk, steps=20)
    assert game.is_over
    sealed = 0
    for real, seat, shown in seen:
        assert seat != human and shown.hands[seat] == real.hands[seat]
        for other in range(3):
            if other != seat:
                assert shown.hands[other] == (PLACEHOLDER,) * len(real.hands[other])
                assert (shown.give_orders[other], shown.call_orders[other]) == ("off", "off")
        assert shown.deck == (PLACEHOLDER,) * len(real.deck)
        if real.question is not None and real.question.kind == "call":
            for asked_seat, answer in zip(real.question.seats, shown.question.answers, strict=True):
                if asked_seat != seat:
                    assert answer in (None, SEALED)
            sealed += real.question.answer_of(human) == "yes"
    assert sealed >= 1 and any(real.give_orders[human] == "lowest" for real, _s, _v in seen)


# === ONCE IT IS OVER ===


def test_once_the_game_is_over_the_downloads_show_every_card_to_a_spectator_and_the_replay_opens():
    table = in_play()
    game = table.game
    actions.apply_command(game, Actor.player(table.seats[0].user), "resign")  # answers the call: no
    assert Api(table.seats[1].user).play(game, "resign").status_code == 200
    game.refresh_from_db()
    assert game.is_over
    for reader in (SPECTATOR, VISITOR):
        client = table.clients[reader]
        record = json.loads(download(client, game, "record_json"))
        final = record["final_state"]
        assert final == game.state
        assert sorted([c for h in final["hands"] for c in h] + final["deck"]
                      + [c for p in final["played"] for c in p]) == sorted(CARDS)
        assert final["give_orders"][0] == "refuse" and final["call_orders"][0] == "no"
        events = {a["seq"]: a["events"] for a in record["actions"]}
        assert all(e is not None for e in events.values())
        assert {"type": "draw", "seat": 1, "card": table.drawn} in events[1]
        assert events[3] == [{"type": "give", "from": 2, "to": 1, "card": table.given}]
        assert events[5] == [{"type": "answer", "seat": 2, "answer": "yes"}]
        commands = {a["seq"]: a["command"] for a in record["actions"]}
        assert (commands[3], commands[5], commands[25]) == (f"give {table.given}", "yes", "order call no")
        assert record["initial_state"]["hands"] == [list(h) for h in table.dealt]
        log = download(client, game, "log_txt")
        assert f"3\t3\tgive {table.given}" in log and "5\t3\tyes" in log and "24\t1\torder give refuse" in log
        replay = client.get(url(game, "replay"), {"step": 3})
        assert replay.status_code == 200
        assert f"<code>give {table.given}</code>" in replay.content.decode()
        assert client.get(url(game, "replay")).status_code == 200
