"""The token and coin boards: geometry, labels, territories, first-activation borders and fairness."""

from __future__ import annotations

import json
import math
import re
from collections import deque
from importlib import resources

import pytest

from games.kinds.metaltalon.engine.board import Board, load_board
from games.kinds.metaltalon.engine.boards import generate

BOARDS = ("token", "coin")
BOARD_DATA = "games.kinds.metaltalon.engine.boards"
FAIR_COUNTS = {"token": (2, 3, 4, 6), "coin": (2, 4)}


def built(name: str) -> Board:
    """A board built from its data file for this test: load_board's is built once per process, so
    these tests exercise Board() itself each time (mutation testing sees them cover it)."""
    text = resources.files(BOARD_DATA).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return Board(json.loads(text))


@pytest.fixture(params=BOARDS)
def board(request):
    return built(request.param)


def bfs_distances(board, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in board.neighbours(cell):
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def profile(board, players, home):
    homes = board.home_bases(players)
    unowned = [b.cell for b in board.bases if b.cell not in homes]
    territory = [c for c in board.cells if board.territory(c) == board.territory(home)]
    return (
        sorted(board.distance(home, h) for h in homes if h != home),
        sorted(board.distance(home, u) for u in unowned),
        len(territory),
        sorted(board.distance(home, c) for c in territory),
    )


def border_steps(board, territory):
    """Every step (a, b) from a cell of `territory` across one of its borders, grouped by kind."""
    steps: dict[str, list[tuple[str, str]]] = {}
    for a in board.cells:
        if board.territory(a) != territory:
            continue
        for b in board.neighbours(a):
            kind = board.border(a, b)
            if kind is not None:
                steps.setdefault(kind, []).append((a, b))
    return steps


# -- data and geometry --------------------------------------------------------------------------------


def test_data_files_are_what_the_generator_makes():
    for built in (generate.build_token(), generate.build_coin()):
        text = resources.files(BOARD_DATA).joinpath(f"{built['name']}.json").read_text()
        assert json.loads(text) == json.loads(json.dumps(built))


def test_boards_have_150_to_220_spaces(board):
    assert 150 <= len(board.cells) <= 220
    assert len(set(board.cells)) == len(board.cells)


def test_cell_names_are_column_letter_and_one_based_row(board):
    for cell in board.cells:
        m = re.fullmatch(r"([A-Z])([1-9]\d*)", cell)
        assert m, cell
        x2, row = board.position(cell)
        assert int(m.group(2)) == row + 1
        assert ord(m.group(1)) - ord("A") == x2 // 2


def test_cells_are_listed_in_reading_order(board):
    positions = [board.position(c) for c in board.cells]
    assert positions == sorted(positions, key=lambda p: (p[1], p[0]))


def test_normalize_accepts_case_spaces_and_leading_zeros():
    token = built("token")
    assert token.normalize("i9") == "I9"
    assert token.normalize("  I09 ") == "I9"
    assert token.normalize("p9") == "P9"


def test_normalize_refuses_cells_not_on_the_board():
    token = built("token")
    for text in ("A1", "Z9", "I0", "I18", "", "9I", "I9x", "II9", "I-9", "Ⅰ9"):
        assert token.normalize(text) is None, text


def test_neighbours_are_mutual_and_most_spaces_have_six(board):
    six = 0
    for cell in board.cells:
        near = board.neighbours(cell)
        assert len(set(near)) == len(near) <= 6
        for other in near:
            assert cell in board.neighbours(other)
        six += len(near) == 6
    assert six > len(board.cells) / 2


def test_neighbours_are_one_hex_apart_in_drawing_units(board):
    for cell in board.cells:
        cx, cy = board.centre(cell)
        for other in board.neighbours(cell):
            ox, oy = board.centre(other)
            assert math.isclose(math.hypot(ox - cx, oy - cy), math.sqrt(3))


def test_corners_run_clockwise_on_screen_from_the_top(board):
    cell = board.cells[0]
    cx, cy = board.centre(cell)
    half = math.sqrt(3) / 2
    expected = [(0, -1), (half, -0.5), (half, 0.5), (0, 1), (-half, 0.5), (-half, -0.5)]
    for (x, y), (dx, dy) in zip(board.corners(cell), expected, strict=True):
        assert math.isclose(x, cx + dx, abs_tol=1e-9) and math.isclose(y, cy + dy, abs_tol=1e-9)


@pytest.mark.parametrize(
    ("name", "cell", "around"),
    [
        ("token", "I9", ("J9", "I8", "H8", "H9", "H10", "I10")),
        ("coin", "I6", ("J6", "I5", "H5", "H6", "H7", "I7")),
    ],
)
def test_neighbours_are_listed_anticlockwise_from_the_east(name, cell, around):
    # The order decides which of two equally short paths a move takes, so the log replays the same.
    assert built(name).neighbours(cell) == around


def test_the_bases_are_the_labelled_cells():
    token, coin = built("token"), built("coin")
    assert token.base_cells == {"B9", "D12", "E16", "E2", "I3", "L16", "L2", "M12", "P9"}
    assert coin.base_cells == {"B10", "B2", "I10", "I2", "P10", "P2"}
    assert all(token.labels(cell) for cell in token.base_cells)
    assert token.labels("I9") == () and coin.labels("I6") == ()


def test_a_board_holds_its_own_cells_only(board):
    assert board.cells[0] in board and board.cells[-1] in board
    assert "Z99" not in board and "" not in board


def test_every_territory_has_a_name(board):
    assert set(board.territory_names) == set(board.territories)
    assert all(name.strip() for name in board.territory_names.values())


def test_corners_surround_the_centre(board):
    cell = board.cells[len(board.cells) // 2]
    cx, cy = board.centre(cell)
    pts = board.corners(cell)
    assert len(pts) == 6
    assert all(math.isclose(math.hypot(x - cx, y - cy), 1.0) for x, y in pts)


def test_distance_is_the_shortest_path_on_an_empty_board(board):
    for start in [b.cell for b in board.bases] + [board.cells[0], board.cells[-1]]:
        walked = bfs_distances(board, start)
        assert len(walked) == len(board.cells)
        for cell in board.cells:
            assert board.distance(start, cell) == walked[cell]


# -- territories and borders ---------------------------------------------------------------------------


def test_every_cell_is_in_exactly_one_known_territory(board):
    for cell in board.cells:
        assert board.territory(cell) in board.territories


def test_each_base_sits_in_its_own_territory(board):
    seen = set()
    for base in board.bases:
        terr = board.territory(base.cell)
        assert terr not in seen
        seen.add(terr)


def test_territories_are_connected(board):
    for terr in board.territories:
        members = {c for c in board.cells if board.territory(c) == terr}
        start = next(iter(members))
        reached = {start}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for nxt in board.neighbours(cell):
                if nxt in members and nxt not in reached:
                    reached.add(nxt)
                    queue.append(nxt)
        assert reached == members, terr


def test_border_is_none_inside_a_territory_and_symmetric_across_one(board):
    kinds = {"token": {"red", "black"}, "coin": {"striped"}}[board.name]
    for a in board.cells:
        for b in board.neighbours(a):
            kind = board.border(a, b)
            assert kind == board.border(b, a)
            if board.territory(a) == board.territory(b):
                assert kind is None
            else:
                assert kind in kinds


def test_token_board_uses_both_border_colours_and_coin_board_stripes():
    token, coin = built("token"), built("coin")
    token_kinds = {token.border(a, b) for a in token.cells for b in token.neighbours(a)}
    coin_kinds = {coin.border(a, b) for a in coin.cells for b in coin.neighbours(a)}
    assert token_kinds == {None, "red", "black"}
    assert coin_kinds == {None, "striped"}


# -- bases per player count (the texts' tables) --------------------------------------------------------


def test_token_bases_follow_the_labels_in_000():
    token = built("token")
    with_label = {
        lab: {b.cell for b in token.bases if lab in b.labels} for lab in ("2", "3", "red4", "black4")
    }
    assert set(token.home_bases(2)) == with_label["2"] and len(with_label["2"]) == 2
    assert set(token.home_bases(3)) == with_label["3"] and len(with_label["3"]) == 3
    assert len(with_label["red4"]) == len(with_label["black4"]) == 2
    assert set(token.home_bases(4)) == with_label["red4"] | with_label["black4"]
    without_3 = {b.cell for b in token.bases if "3" not in b.labels}
    assert set(token.home_bases(6)) == without_3 and len(without_3) == 6


def test_token_two_player_bases_are_opposite():
    token = built("token")
    a, b = token.home_bases(2)
    xs = [token.centre(c)[0] for c in token.cells]
    ys = [token.centre(c)[1] for c in token.cells]
    mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    assert math.isclose(token.centre(a)[0] + token.centre(b)[0], 2 * mid[0])
    assert math.isclose(token.centre(a)[1] + token.centre(b)[1], 2 * mid[1])


def test_coin_board_has_four_corners_and_two_middles():
    coin = built("coin")
    corners = [b.cell for b in coin.bases if b.labels == ("corner",)]
    middles = [b.cell for b in coin.bases if b.labels == ("middle",)]
    assert len(corners) == 4 and len(middles) == 2 and len(coin.bases) == 6
    xs = sorted({coin.centre(c)[0] for c in corners})
    ys = sorted({coin.centre(c)[1] for c in corners})
    assert len(xs) == len(ys) == 2  # a rectangle
    for m in middles:
        assert math.isclose(coin.centre(m)[0], sum(xs) / 2)
        assert coin.centre(m)[1] in ys


def test_coin_bases_follow_the_table_in_001_and_002():
    coin = built("coin")
    corners = {b.cell for b in coin.bases if "corner" in b.labels}
    a, b = coin.home_bases(2)
    assert {a, b} <= corners
    assert coin.centre(a)[0] != coin.centre(b)[0] and coin.centre(a)[1] != coin.centre(b)[1]  # opposite
    middle, *others = sorted(coin.home_bases(3), key=lambda c: "corner" in coin.labels(c))
    assert "middle" in coin.labels(middle) and set(others) <= corners
    # the two corners on the side opposite the middle base
    assert all(abs(coin.centre(c)[1] - coin.centre(middle)[1]) > 1 for c in others)
    assert set(coin.home_bases(4)) == corners
    assert set(coin.home_bases(6)) == {b.cell for b in coin.bases}


def test_home_bases_run_clockwise(board):
    xs = [board.centre(c)[0] for c in board.cells]
    ys = [board.centre(c)[1] for c in board.cells]
    mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    for players in board.player_counts:
        homes = board.home_bases(players)
        # screen coordinates: y grows down, so clockwise means the bearing from "up" increases
        bearings = [
            math.degrees(math.atan2(board.centre(h)[0] - mid[0], mid[1] - board.centre(h)[1])) % 360
            for h in homes
        ]
        start = bearings.index(min(bearings))
        rotated = bearings[start:] + bearings[:start]
        assert rotated == sorted(rotated), (players, homes)


def test_five_players_are_refused_with_a_clear_message(board):
    with pytest.raises(ValueError) as refused:
        board.home_bases(5)
    assert str(refused.value) == f"the {board.name} board is for 2, 3, 4, 6 players, not 5"


def test_load_board_refuses_unknown_names():
    with pytest.raises(ValueError, match="unknown board"):
        load_board("chess")


def test_load_board_is_cached():
    assert load_board("token") is load_board("token")


# -- fairness ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), [(n, p) for n, counts in FAIR_COUNTS.items() for p in counts])
def test_every_seat_has_the_same_profile(name, players):
    board = built(name)
    profiles = {home: profile(board, players, home) for home in board.home_bases(players)}
    assert len(set(map(repr, profiles.values()))) == 1, profiles


def test_token_home_territories_are_larger_than_a_base_and_its_ring():
    token = built("token")
    for base in token.bases:
        members = {c for c in token.cells if token.territory(c) == token.territory(base.cell)}
        assert len(members) >= 7
        if "3" not in base.labels:
            assert set(token.neighbours(base.cell)) <= members


def test_three_bases_sit_on_the_edge_of_their_territory_facing_black_borders():
    """A "3" base lies on a symmetry axis; its territory keeps to the red side so that none straddles the
    two-player midline. The ring cells outside it lie across black borders, which three-player launches
    (the only games a "3" base is a home in) may cross, so a launch is never boxed in."""
    token = built("token")
    for home in token.home_bases(3):
        outside = [c for c in token.neighbours(home) if token.territory(c) != token.territory(home)]
        assert outside
        for cell in outside:
            assert token.border(home, cell) == "black"
            assert not token.first_activation_blocked(3, home, home, cell)


# -- first activation: the border exceptions of 000, and striped borders ------------------------------


def test_six_players_may_cross_no_border_on_a_first_activation():
    token = built("token")
    for home in token.home_bases(6):
        steps = border_steps(token, token.territory(home))
        assert set(steps) == {"red", "black"}
        for a, b in [s for group in steps.values() for s in group]:
            assert token.first_activation_blocked(6, home, a, b)


def test_three_players_may_cross_black_borders_but_not_red():
    token = built("token")
    for home in token.home_bases(3):
        steps = border_steps(token, token.territory(home))
        assert steps["black"] and steps["red"]
        assert not any(token.first_activation_blocked(3, home, a, b) for a, b in steps["black"])
        assert all(token.first_activation_blocked(3, home, a, b) for a, b in steps["red"])


def test_four_players_red4_bases_may_not_cross_red_and_black4_bases_not_black():
    token = built("token")
    for home in token.home_bases(4):
        own, other = ("red", "black") if "red4" in token.labels(home) else ("black", "red")
        steps = border_steps(token, token.territory(home))
        assert steps[own] and steps[other]
        assert all(token.first_activation_blocked(4, home, a, b) for a, b in steps[own])
        assert not any(token.first_activation_blocked(4, home, a, b) for a, b in steps[other])


def test_two_players_may_cross_every_border_but_the_halfway_one():
    token = built("token")
    halfway = token.halfway_borders()
    assert halfway
    a_home, b_home = token.home_bases(2)
    axis_x = (token.centre(a_home)[0] + token.centre(b_home)[0]) / 2
    for home in (a_home, b_home):
        crossed_halfway = crossed_other = 0
        for a in token.cells:
            for b in token.neighbours(a):
                if token.border(a, b) is None:
                    continue
                pair = frozenset((token.territory(a), token.territory(b)))
                blocked = token.first_activation_blocked(2, home, a, b)
                if pair in halfway:
                    crossed_halfway += 1
                    assert blocked
                    # the halfway border runs along the line equidistant from the two bases
                    mid_x = (token.centre(a)[0] + token.centre(b)[0]) / 2
                    assert abs(mid_x - axis_x) < 1.0
                else:
                    crossed_other += 1
                    assert not blocked
        assert crossed_halfway and crossed_other


def first_activation_reach(board, players, home):
    """Every cell a ship launched from `home` could reach on its first activation, given enough engines."""
    reached = {home}
    queue = deque([home])
    while queue:
        cell = queue.popleft()
        for nxt in board.neighbours(cell):
            if nxt not in reached and not board.first_activation_blocked(players, home, cell, nxt):
                reached.add(nxt)
                queue.append(nxt)
    return reached


def test_two_player_launches_never_reach_the_opponents_half():
    token = built("token")
    a_home, b_home = token.home_bases(2)
    reaches = {}
    for home, other in ((a_home, b_home), (b_home, a_home)):
        reach = first_activation_reach(token, 2, home)
        far = sorted(c for c in reach if token.distance(c, other) < token.distance(c, home))
        assert not far, (home, far)
        # Only the halfway border stops it: the whole own half is open, midline cells included.
        own = {c for c in token.cells if token.distance(c, home) < token.distance(c, other)}
        assert own < reach
        reaches[home] = reach
    # Between them the two launches can reach every cell: nothing else is closed off.
    assert reaches[a_home] | reaches[b_home] == set(token.cells)
    assert abs(len(reaches[a_home]) - len(reaches[b_home])) <= 1


def first_activation_reach_by_range(board, players, home, most):
    """How many cells a ship launched from `home` reaches with 0, 1, ... `most` engines."""
    dist = {home: 0}
    queue = deque([home])
    while queue:
        cell = queue.popleft()
        for nxt in board.neighbours(cell):
            if nxt not in dist and not board.first_activation_blocked(players, home, cell, nxt):
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return [sum(1 for d in dist.values() if d <= k) for k in range(most + 1)]


@pytest.mark.parametrize(("players", "slack"), [(2, 1), (3, 0), (6, 0)])
def test_token_launches_reach_alike_from_every_seat(players, slack):
    """Three and six players: the same number of cells at every range; two: within one (the midline has
    an odd number of cells, one of which must fall to one side)."""
    token = built("token")
    counts = [first_activation_reach_by_range(token, players, h, 20) for h in token.home_bases(players)]
    for k in range(21):
        at_k = [c[k] for c in counts]
        assert max(at_k) - min(at_k) <= slack, (k, at_k)


def test_no_token_territory_straddles_the_two_player_midline():
    token = built("token")
    a_home, b_home = token.home_bases(2)
    for terr in token.territories:
        sides = {
            (token.distance(c, a_home) > token.distance(c, b_home))
            - (token.distance(c, a_home) < token.distance(c, b_home))
            for c in token.cells
            if token.territory(c) == terr
        }
        assert not {1, -1} <= sides, terr


def test_home_territory_borders_are_open_to_two_players():
    token = built("token")
    for home in token.home_bases(2):
        steps = border_steps(token, token.territory(home))
        assert steps
        every = [step for group in steps.values() for step in group]
        assert not any(token.first_activation_blocked(2, home, a, b) for a, b in every)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_coin_launches_may_not_cross_striped_borders(players):
    coin = built("coin")
    for home in coin.home_bases(players):
        steps = border_steps(coin, coin.territory(home))
        assert set(steps) == {"striped"}
        assert all(coin.first_activation_blocked(players, home, a, b) for a, b in steps["striped"])


def test_steps_inside_a_territory_are_never_blocked(board):
    for players in board.player_counts:
        for home in board.home_bases(players):
            for b in board.neighbours(home):
                if board.territory(b) == board.territory(home):
                    assert not board.first_activation_blocked(players, home, home, b)


def test_each_territory_knows_its_base(board):
    for terr in board.territories:
        base = board.base_of_territory(terr)
        if base is None:
            assert not any(board.territory(b.cell) == terr for b in board.bases)
        else:
            assert board.territory(base) == terr
