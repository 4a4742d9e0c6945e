"""The game-over summary: who won, the places, how it ended, how many turns, and each seat's public
figures (the kind's tallies) turn by turn as small line charts. Shown on the game page and in the
finished-game e-mail (games/tasks.py), so the charts are plain SVG with inline colours (PNG in mail)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.html import escape

from games import seats as seats_of
from games.kinds import get_kind
from games.models import Action, Game, Snapshot

OUTCOME_WORDS = {"won": "won", "lost": "lost", "out": "out", "resigned": "resigned", "playing": "still in"}
CACHE_SECONDS = 3600
WIDTH, HEIGHT, PAD_LEFT, PAD_BOTTOM, PAD_TOP = 320, 130, 34, 22, 10


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


@dataclass(frozen=True)
class Chart:
    title: str
    svg: str


@dataclass(frozen=True)
class Summary:
    winner: str | None
    places: list[Place]
    ending: list[str]
    turns: int
    labels: list[str]
    charts: list[Chart]


def game_summary(game: Game) -> Summary | None:
    """None until the game is over. Cached per game version: a finished game does not change."""
    if not game.is_over or game.state is None:
        return None
    key = f"summary:1:{game.pk}:{game.version}"
    summary = cache.get(key)
    if summary is None:
        summary = _build(game)
        cache.set(key, summary, CACHE_SECONDS)
    return summary  # type: ignore[no-any-return]


def _build(game: Game) -> Summary:
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    seats = {s.index: s for s in game.seats.exclude(index=None).select_related("user__profile")}
    names = [seats[i].name if i in seats else f"seat {i + 1}" for i in range(game.players)]
    final = kind.tallies(state)
    result = game.result or {}
    order = list(result.get("places") or range(game.players))
    places = []
    for rank, seat in enumerate(order, start=1):
        outcome = kind.seat_outcome(state, seat)
        places.append(Place(rank, seat, seats_of.letter(seat), names[seat], outcome.label,
                            OUTCOME_WORDS.get(outcome.status, outcome.status), final.get(seat, {}),
                            seats_of.colour(seat)))
    winner = result.get("winner")
    last = Action.objects.filter(game=game, undone=False).exclude(events=[]).order_by("-seq").first()
    ending = [kind.describe(e, state, names) for e in last.events] if last else []
    labels = list(next(iter(final.values()), {}).keys())
    series = _series(game, kind, final, kind.turn(state))
    charts = [Chart(label, _chart_svg(label, {seat: [(t, v[label]) for t, v in points]
                                               for seat, points in series.items()}, names))
              for label in labels]
    return Summary(names[winner] if winner is not None else None, places, [e for e in ending if e],
                   kind.turn(state), labels, charts)


def _series(game: Game, kind: Any, final: dict[int, dict[str, int]],
            last_turn: int) -> dict[int, list[tuple[int, dict[str, int]]]]:
    """Each seat's tallies at the start of every turn (the snapshots), then at the end."""
    by_turn: dict[int, dict[int, dict[str, int]]] = {}
    for turn, raw in Snapshot.objects.filter(game=game).order_by("seq").values_list("turn", "state"):
        if turn >= 1:
            by_turn.setdefault(turn, kind.tallies(kind.load(raw)))
    by_turn[max([last_turn, *by_turn]) + 1] = final  # drawn one step past the last turn: "end"
    return {seat: [(t, by_turn[t][seat]) for t in sorted(by_turn) if seat in by_turn[t]] for seat in final}


def _chart_svg(title: str, series: dict[int, list[tuple[int, int]]], names: list[str]) -> str:
    """One small line chart: a line per seat in its colour, the turn along the bottom."""
    xs = [t for points in series.values() for t, _ in points] or [0, 1]
    top = max([v for points in series.values() for _, v in points] + [1])
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    plot_w, plot_h = WIDTH - PAD_LEFT - 8, HEIGHT - PAD_BOTTOM - PAD_TOP

    def x(t: int) -> float:
        return PAD_LEFT + (t - x0) / (x1 - x0) * plot_w

    def y(v: int) -> float:
        return PAD_TOP + plot_h - v / top * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" role="img" aria-label="{escape(title)} by turn" '
             f'font-family="DejaVu Sans, sans-serif" font-size="10">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
             f'<line x1="{PAD_LEFT}" y1="{y(0):.1f}" x2="{WIDTH - 8}" y2="{y(0):.1f}" stroke="#8a8f99"/>',
             f'<line x1="{PAD_LEFT}" y1="{PAD_TOP}" x2="{PAD_LEFT}" y2="{y(0):.1f}" stroke="#8a8f99"/>',
             f'<text x="{PAD_LEFT - 4}" y="{PAD_TOP + 4}" text-anchor="end" fill="#5b6475">{top}</text>',
             f'<text x="{PAD_LEFT - 4}" y="{y(0):.1f}" text-anchor="end" fill="#5b6475">0</text>',
             f'<text x="{PAD_LEFT}" y="{HEIGHT - 6}" fill="#5b6475">turn {x0}</text>',
             f'<text x="{WIDTH - 8}" y="{HEIGHT - 6}" text-anchor="end" fill="#5b6475">end</text>']
    for seat, points in sorted(series.items()):
        colour = seats_of.colour(seat)
        coords = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in points)
        label = escape(f"{names[seat]}: {points[-1][1] if points else 0}")
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{coords}">'
                     f"<title>{label}</title></polyline>")
    parts.append("</svg>")
    return "".join(parts)
