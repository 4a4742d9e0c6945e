"""The turn's refusals word for word (rules.md, "A turn"): the voluntary discard (right after drawing, once,
only after a draw), moves (MAIN only, never into the card's own column, never into a shape the grid may not
take), deploying before attacks, the reserve before attacks and a restock, and events that are not
restocked."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import turn
from games.kinds.metabaloids.context import Ctx
from games.kinds.protocol import Refused

from .helpers import FirstPick, play, position, seat_dict

TWO = seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5)


@pytest.mark.parametrize(("seat", "step", "lines", "refusal"), [
    (seat_dict(1, grid=[["wasp"]], hand=["ant", "mite"], filler=5, drew=1), "attack", ["discard ant"],
     "the discard comes right after drawing"),
    (seat_dict(1, grid=[["spider"], ["beetle"]], hand=["ant", "mite"], filler=5, drew=1), "main",
     ["move 1:1 3 paying mite", "discard ant"], "the discard comes right after drawing"),
    (seat_dict(1, grid=[["wasp"]], hand=["ant", "mite"], filler=5, drew=1), "main",
     ["discard ant", "discard mite"], "one voluntary discard per turn"),
    (seat_dict(1, grid=[["wasp"]], hand=["ant", "mite"], filler=5), "main", ["discard ant"],
     "you drew no card this turn: no voluntary discard"),
    (seat_dict(1, grid=[["spider"], ["beetle"]], hand=["mite"], filler=5), "attack",
     ["move 1:1 3 paying mite"], "moves are over once you deploy, attack or restock"),
    (seat_dict(1, grid=[["spider"], ["beetle"]], hand=["mite"], filler=5), "main",
     ["move 1:1 1 paying mite"], "Thread Spider is in column 1 already"),
    # The wasp leaving column 2 closes it: one column in use, so column 1 may hold one card.
    (seat_dict(1, grid=[["mite", "ant"], ["wasp"]], hand=["mite"], filler=5), "main",
     ["move 2:1 1 paying mite"],
     "column 1 would hold 3 with 1 column in use: no column may be deeper than the number of columns"),
    (seat_dict(1, grid=[["mite", "ant"], ["wasp", "spider"]], reserve=["beetle"], filler=5), "main",
     ["deploy beetle 1"],
     "column 1 would hold 3 with 2 columns in use: no column may be deeper than the number of columns"),
    (seat_dict(1, grid=[["wasp"]], reserve=["ant"], hand=["mite"], filler=5), "main", ["end"],
     "deploy your reserve first"),
    # The reserve is refused before the payment is sought: one mite cannot pay for a spider.
    (seat_dict(1, grid=[["wasp"]], reserve=["ant"], hand=["spider", "mite"], filler=5), "main",
     ["restock spider"], "deploy your reserve first"),
    (seat_dict(1, grid=[["wasp"]], hand=["spores", "mite", "ant"], filler=5), "restock", ["restock spores"],
     "events are played with `use`, not restocked"),
])
def test_a_turn_command_out_of_place_is_refused_with_its_reason(
        seat: dict[str, object], step: str, lines: list[str], refusal: str) -> None:
    state = position(seat, TWO, step=step)
    with pytest.raises(Refused) as refused:
        play(state, 1, *lines)
    assert str(refused.value) == refusal


@pytest.mark.parametrize("kind", ["one card", "all"])
def test_the_rules_refuse_a_deploy_once_attacks_began_whoever_calls_them(kind: str) -> None:
    # commands.py refuses the command first; turn.deploy and turn.deploy_all hold the rule themselves.
    state = position(seat_dict(1, grid=[["wasp"]], reserve=["ant"], filler=5), TWO, step="attack")
    ctx = Ctx(state, FirstPick())
    with pytest.raises(Refused) as refused:
        if kind == "all":
            turn.deploy_all(ctx, 1)
        else:
            turn.deploy(ctx, 1, "p1-ant-1", 2)
    assert str(refused.value) == "deploying comes before attacks"
    assert state.seat(1).reserve == ["p1-ant-1"]
