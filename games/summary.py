"""The game-over summary: who won, the places, how it ended, how many turns, and each seat's public
figures (the kind's tallies) turn by turn as small line charts. Shown on the game page and in the
finished-game e-mail (games/tasks.py), so the charts are plain SVG with inline colours (PNG in mail)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.html import escape

from games import seats as seats_of
from games import svg
from games.kinds import get_kind, shown_turn, words
from games.models import Action, Game, Snapshot

OUTCOME_WORDS = {"won": "won", "lost": "lost", "out": "out", "resigned": "resigned", "playing": "still in"}
CACHE_SECONDS = 3600
# The chart's size (the page scales it to its column; the mail shows it as drawn), and its margins: the
# figures on the left, the seats' letters at the lines' ends on the right, the turns below.
WIDTH, HEIGHT, PAD_LEFT, PAD_RIGHT, PAD_BOTTOM, PAD_TOP = 320, 150, 30, 18, 22, 10
INK, GRID, AXIS = "#5b6475", "#e3e6ec", "#8a8f99"
LETTER_GAP = 9  # the least distance between two seats' letters at the lines' ends, in pixels


@dataclass(frozen=True)
class Place:
    rank: int
    seat: int
    letter: str
    name: str
    label: str
    outcome: str
    tallies: dict[str, int]
    colour: str


# A seat's figure by turn: [(turn, value), ...], each turn's as it stood at that turn's end, turn 0 the start
# of play, the last turn's the game's end.
Series = dict[int, list[tuple[int, int]]]


@dataclass(frozen=True)
class Chart:
    title: str
    svg: str
    series: Series  # what the svg draws, by seat


@dataclass(frozen=True)
class Summary:
    winner: str | None
    places: list[Place]
    ending: list[str]
    turns: int  # how long the game lasted, in unit (games.kinds.shown_turn: MetalTalon's rounds)
    labels: list[str]
    charts: list[Chart]
    unit: str = "turn"  # the kind's turn_unit: "turn", or MetalTalon's "round"


def game_summary(game: Game) -> Summary | None:
    """None until the game is over. Cached per game version: a finished game does not change."""
    if not game.is_over or game.state is None:
        return None
    key = f"summary:4:{game.pk}:{game.version}"
    summary = cache.get(key)
    if summary is None:
        summary = _build(game)
        cache.set(key, summary, CACHE_SECONDS)
    return summary  # type: ignore[no-any-return]


def _build(game: Game) -> Summary:
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    seats = list(game.seats.select_related("user__profile"))
    names = seats_of.told_apart(seats_of.names(seats, game.players))
    final = kind.tallies(state)
    result = game.result or {}
    order = list(result.get("places") or range(game.players))
    places = []
    for position, seat in enumerate(order, start=1):
        outcome = kind.seat_outcome(state, seat)
        rank = seats_of.place_of(result, seat) or position
        places.append(Place(rank, seat, seats_of.letter(seat), names[seat], outcome.label,
                            OUTCOME_WORDS.get(outcome.status, outcome.status), final.get(seat, {}),
                            seats_of.colour(seat)))
    winner = result.get("winner")
    last = Action.objects.filter(game=game, undone=False).exclude(events=[]).order_by("-seq").first()
    ending = [kind.describe(e, state, names) for e in last.events] if last else []
    labels = list(next(iter(final.values()), {}).keys())
    unit = words(game.kind).turn_unit
    series = _series(game, kind, final, shown_turn(kind, state))
    charts = []
    for label in labels:
        drawn = {seat: [(t, v[label]) for t, v in points] for seat, points in series.items()}
        charts.append(Chart(label, chart_svg(label, drawn, names, unit), drawn))
    return Summary(names[winner] if winner is not None else None, places, [e for e in ending if e],
                   shown_turn(kind, state), labels, charts, unit)


def _series(game: Game, kind: Any, final: dict[int, dict[str, int]],
            last_turn: int) -> dict[int, list[tuple[int, dict[str, int]]]]:
    """Each seat's tallies at the end of every turn in the kind's unit (MetalTalon's rounds), 0 being the
    start of play: what a round did shows at that round. A snapshot is written as a turn starts
    (games/actions/commands.py), so the snapshot of turn t is how turn t - 1 ended; the last one of a
    round's turns is how the round ended. The last turn, `last_turn` in that unit, ends with the game."""
    by_turn: dict[int, dict[int, dict[str, int]]] = {}
    for turn, raw in Snapshot.objects.filter(game=game).order_by("seq").values_list("turn", "state"):
        if turn >= 1:
            state = kind.load(raw)
            by_turn[shown_turn(kind, state, turn - 1)] = kind.tallies(state)
    by_turn[max([last_turn, *by_turn])] = final
    return {seat: [(t, by_turn[t][seat]) for t in sorted(by_turn) if seat in by_turn[t]] for seat in final}


def chart_svg(title: str, series: Series, names: list[str], unit: str = "turn") -> str:
    """One small line chart: a line per seat in its colour ending in its letter (as the places' badges
    show it), the turn in `unit` (MetalTalon's round) along the bottom. The figure's range includes 0 and
    any value below it (Metal Adventures' glory may fall below 0); lines that would lie on each other are
    drawn a pixel apart."""
    xs = [t for points in series.values() for t, _ in points] or [0, 1]
    values = [v for points in series.values() for _, v in points]
    top, bottom = max([*values, 1]), min([*values, 0])
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    plot_w, plot_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - PAD_BOTTOM - PAD_TOP

    def x(t: int) -> float:
        return PAD_LEFT + (t - x0) / (x1 - x0) * plot_w

    def y(v: float) -> float:
        return PAD_TOP + (top - v) / (top - bottom) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" role="img" aria-label="{escape(title)} by {escape(unit)}" '
             f'font-family="DejaVu Sans, sans-serif" font-size="10">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>']
    parts += _axes(x, y, x0, x1, top, bottom, unit)
    n = len(series)
    ends = []
    for k, (seat, points) in enumerate(sorted(series.items())):
        colour = seats_of.colour(seat)
        apart = k - (n - 1) / 2
        coords = " ".join(f"{x(t):.1f},{y(v) + apart:.1f}" for t, v in points)
        last = points[-1][1] if points else 0
        label = escape(f"{names[seat]}: {last}")
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" stroke-linejoin="round" '
                     f'points="{coords}"><title>{label}</title></polyline>')
        ends.append([y(last) + apart, seat, label])
    for end_y, seat, label in _spread(ends):
        parts.append(f'<text x="{WIDTH - PAD_RIGHT + 4}" y="{end_y + 3.5:.1f}" font-weight="bold" '
                     f'fill="{seats_of.colour(seat)}"><title>{label}</title>{seats_of.letter(seat)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _axes(x: Any, y: Any, x0: int, x1: int, top: int, bottom: int, unit: str = "turn") -> list[str]:
    """The frame: the figures' range on the left (0 marked too when the range goes below it), a few turns
    along the bottom at a round step, the first point (turn 0) named "start" and the last "end"."""
    left, right, base, ink = PAD_LEFT, WIDTH - PAD_RIGHT, y(bottom), f'fill="{INK}"'
    parts = [svg.line(left, PAD_TOP, left, base, AXIS), svg.line(left, base, right, base, AXIS)]
    for value in [top, bottom] + ([0] if bottom < 0 < top else []):
        if value == 0 and bottom < 0:  # 0 inside the range: where the figures go below it
            parts.append(svg.line(left, y(0), right, y(0), AXIS, 'stroke-dasharray="3 3"'))
        parts.append(svg.text(left - 4, y(value) + 3.5, str(value), "end", ink))
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**9) if (x1 - x0) / s <= 5)
    # Turn marks clear of the first ("start") and last ("end") labels.
    for t in range(x0 - x0 % step + step, x1, step):
        if x(t) - x(x0) > 34 and x(x1) - x(t) > 18:
            parts.append(svg.line(x(t), PAD_TOP, x(t), base, GRID))
            parts.append(svg.text(x(t), HEIGHT - 6, str(t), "middle", ink))
    parts.append(svg.text(left, HEIGHT - 6, "start" if x0 == 0 else f"{unit} {x0}", "start", ink))
    parts.append(svg.text(right, HEIGHT - 6, "end", "end", ink))
    return parts


def _spread(ends: list[list[Any]]) -> list[list[Any]]:
    """The lines' end letters, moved apart where they would overlap: top to bottom, each at least
    LETTER_GAP below the one above, the whole column kept inside the chart."""
    ends = sorted(ends, key=lambda e: (e[0], e[1]))
    for above, below in zip(ends, ends[1:], strict=False):
        below[0] = max(below[0], above[0] + LETTER_GAP)
    overflow = (ends[-1][0] if ends else 0) - (HEIGHT - PAD_BOTTOM)
    if overflow > 0:
        for end in ends:
            end[0] -= overflow
        for below, above in zip(reversed(ends), list(reversed(ends))[1:], strict=False):
            above[0] = min(above[0], below[0] - LETTER_GAP)
    return ends
