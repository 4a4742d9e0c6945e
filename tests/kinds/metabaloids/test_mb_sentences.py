"""Each event's sentence word for word (narration.py; rules.md, "Reading the table by mail"), read by a
spectator and by the seat it concerns: the sentences the random-game test only checks for being there."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids.narration import describe_for

from .test_mb_narration import NAMES, table

SENTENCES: list[tuple[dict[str, Any], int | None, str]] = [
    ({'type': 'reshuffle', 'seat': 1, 'n': 6}, None,
     'Ann (p1) reshuffled their discard pile (6 cards) into a new draw pile.'),
    ({'type': 'reshuffle', 'seat': 1, 'n': 6}, 1,
     'You reshuffled your discard pile (6 cards) into a new draw pile.'),
    ({'type': 'draw_stopped', 'seat': 2}, None,
     "Ben (p2)'s draw was stopped: no card drawn."),
    ({'type': 'move_paid', 'seat': 1, 'paid': ['p1-mite-1'], 'card': 'p1-spider-1', 'from': 1, 'to': 2}, None,
     'Ann (p1) paid Glucose Mite to move Thread Spider from column 1 to 2.'),
    ({'type': 'moved', 'seat': 1, 'card': 'p1-spider-1', 'to': 2}, None,
     'Thread Spider moved to column 2.'),
    ({'type': 'restocked', 'seat': 1, 'card': 'p1-wasp-1', 'paid': ['p1-mite-1', 'p1-ant-1']}, None,
     'Ann (p1) restocked Wasp Drone into the reserve, paying Glucose Mite, Sugar Ant.'),
    ({'type': 'restocked', 'seat': 1, 'card': 'p1-wasp-1', 'paid': []}, None,
     'Ann (p1) restocked Wasp Drone into the reserve.'),
    ({'type': 'lost', 'seat': 2, 'card': 'p2-crab-1', 'from': 'draw', 'why': 'no attack'}, None,
     'Ben (p2) lost Hermit Crab from the draw pile (no attack this turn).'),
    ({'type': 'lost', 'seat': 2, 'card': 'p2-crab-1', 'from': 'bonus', 'why': 'tie'}, None,
     'Ben (p2) lost Hermit Crab from the battle slot (a tie).'),
    ({'type': 'lost', 'seat': 2, 'card': 'p2-crab-1', 'from': 'somewhere', 'why': 'x'}, None,
     'Ben (p2) lost Hermit Crab from the somewhere.'),
    ({'type': 'waived', 'seat': 1, 'n': 2, 'why': 'no attack'}, None,
     "Ann (p1)'s no attack of 2 found no card and was waived."),
    ({'type': 'empty_table', 'seat': 1}, None,
     'Ann (p1) ended the turn with no card in play: 2 cards of the draw pile to the lost pile.'),
    ({'type': 'activate', 'seat': 2, 'card': 'p2-ink-1', 'ability': 'x', 'aim': 'ability',
      'aim_card': 'p1-spider-1', 'paid': ['p2-shell-1']}, None,
     'Ben (p2) used Ink Cloud against Thread Spider, paying Shell Up.'),
    ({'type': 'stopped', 'seat': 2, 'card': 'p2-ink-1'}, None,
     'Ink Cloud stopped it.'),
    ({'type': 'unfinished', 'seat': 1, 'card': 'p1-wasp-1'}, None,
     "Ann (p1)'s Wasp Drone did not fully resolve."),
    ({'type': 'battle_tied', 'seat': 1, 'at': 5}, None,
     'A tie at 5: both bonus cards go to the lost piles.'),
    ({'type': 'battle_won', 'seat': 1, 'loser': 1, 'defender': 2,
      'at': 3, 'dt': 8, 'damage': 5, 'overflow': 0, 'stake': 'p1-spider-1'}, None,
     'Attack 3 against defense 8: Ben (p2) won by 5. Thread Spider was lost.'),
    ({'type': 'battle_won', 'seat': 1, 'loser': 2, 'defender': 2,
      'at': 8, 'dt': 3, 'damage': 5, 'overflow': 2, 'stake': 'p2-crab-1'}, None,
     'Attack 8 against defense 3: Ann (p1) won by 5. Hermit Crab was lost; 2 more to pay.'),
    ({'type': 'paid', 'seat': 2, 'card': 'p2-crab-1', 'from': 'discard', 'points': 0}, None,
     'Ben (p2) paid 0 with Hermit Crab from the discard pile.'),
    ({'type': 'grid_restored', 'seat': 2}, None,
     "Ben (p2)'s grid was put back in shape."),
    ({'type': 'grid_move', 'seat': 2}, 2,
     'Your grid was put back in shape.'),
    ({'type': 'out', 'seat': 2, 'why': 'cannot draw'}, None,
     'Ben (p2) is out (cannot draw).'),
    ({'type': 'out', 'seat': 2, 'why': 'resigned'}, 2,
     'You are out (resigned).'),
    ({'type': 'game_over', 'places': [], 'why': 'stall'}, None,
     'Game over: nobody won.'),
    ({'type': 'game_over', 'places': [[1, 2]], 'why': 'stall'}, None,
     'Game over: Ann (p1) and Ben (p2) won.'),
    ({'type': 'queue_dropped', 'seat': 1, 'line': 'place wasp 1'}, 1,
     'You: the queued place wasp 1 was no longer legal; the queue was cleared.'),
]


@pytest.mark.parametrize(("event", "you", "sentence"), SENTENCES)
def test_each_event_reads_as_its_sentence(event: dict[str, Any], you: int | None, sentence: str) -> None:
    assert describe_for(event, table(), NAMES, you, you) == sentence  # type: ignore[no-untyped-call]
