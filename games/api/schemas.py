"""What the API's endpoints take and give, as django-ninja schemas (and so the OpenAPI description)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema
from pydantic import Field


class Problem(Schema):
    """Every refusal: a stable code a program can test, and a message a player can read."""

    code: str = Field(examples=["illegal"])
    message: str = Field(examples=["P9 has 3 moves left; M12 is 4 away"])


class Me(Schema):
    id: int
    name: str
    url: str


class SeatOut(Schema):
    index: int | None = Field(description="0-based, in turn order; null before the game starts")
    name: str
    player_id: int | None = Field(description="the player's user id; null for a bot or an empty seat")
    bot: str | None = Field(description="the bot level holding the seat, if a bot does")
    label: str = Field(description="the kind's public label for the seat (MetalTalon: the faction)")
    status: str
    awaiting: bool = Field(description="the game waits for this seat")


class GameSummary(Schema):
    id: int
    kind: str
    title: str
    options: dict[str, Any]
    options_text: str
    players: int
    visibility: str
    rated: bool
    status: str
    version: int
    my_seat: int | None = Field(description="your seat's index, if you play in this game")
    my_turn: bool = Field(description="the game waits for you")
    url: str
    created_at: datetime
    finished_at: datetime | None


class Awaited(Schema):
    seat: int
    prompt: str = Field(description="the key of what the seat is asked: it changes with the question")
    own_turn: bool = Field(description="the seat's own turn, or a question put to it during another's turn")
    due: datetime | None = Field(description="when its time to answer runs out (null: no clock, or paused)")
    question: str | None = Field(description="the question in words, to the seat asked only (else null)")
    default: str | None = Field(description="what the clock answers if the time runs out, in the game's "
                                            "words (\"\": its own timeout words); to the seat asked only")


class GameDetail(GameSummary):
    seats: list[SeatOut]
    to_act: list[int]
    awaiting: list[Awaited] = Field(description="what each seat the game awaits is asked")
    result: dict[str, Any] | None = Field(description='{"winner": seat or null, "places": [seat, ...]}')
    view: dict[str, Any] | None = Field(
        description="the kind's view of the state for your seat (a spectator's if you have none): never "
                    "another seat's hidden information; null before the game starts")


class GamePage(Schema):
    games: list[GameSummary]
    page: int
    pages: int
    count: int


class Legal(Schema):
    version: int = Field(description="send it back as expected_version with your commands")
    seat: int
    total: int = Field(description="how many legal commands there are in all")
    offset: int
    commands: list[str] = Field(description="the legal commands for your seat now, in canonical text, "
                                            "from `offset` (launches can number tens of thousands)")


class LoggedAction(Schema):
    seq: int
    seat: int | None
    command: str = Field(description="the command as your seat may read it: while the game is in play "
                                     "another seat's hidden choice is masked")
    turn: int
    source: str
    undone: bool
    lines: list[str] = Field(description="what the action did, in words, as your seat may read it")
    events: list[dict[str, Any]] | None = Field(description="the raw events once the game is over; null "
                                                            "while it is in play (read `lines`)")
    at: datetime


class Log(Schema):
    version: int
    actions: list[LoggedAction]


class CommandsIn(Schema):
    commands: str = Field(min_length=1, max_length=2000,
                          description="one or more commands, one per line or separated by ';'",
                          examples=["move D7 F8; end"])
    expected_version: int | None = Field(
        default=None, ge=0, description="the game's version you saw; a game that has moved on since is "
                                        "refused (409, code moved_on) and nothing is played")


class Played(Schema):
    seq: int
    command: str
    lines: list[str] = Field(description="what the command did, in words, as your seat may read it")
    events: list[dict[str, Any]] | None = Field(description="the raw events once the game is over (the "
                                                            "command ended it); null while it is in play")


class CommandsOut(Schema):
    version: int
    played: list[Played]
    stopped: Problem | None = Field(description="a command refused after a roll: the ones before it "
                                                "stand, this says why the rest were not played")
