"""How good a position is for one seat, in credits: what the greedy and search bots maximise.

The figure is the seat's credits against its opponents', plus what the next turns are likely to change:
- threats: each enemy ship's best expected damage on the seat's ships or base next turn, from the die's
  distribution, its weapons, the spaces it can close with its engines, and the target's shields;
- the seat's own chances the same way (weighted less: the opponents move first);
- invasion: the chance that enemy ships in reach shoot the home reserve to 0 and step in (all is lost),
  and the seat's own chance of doing that to an opponent;
- income: +1 a turn for each ship on an unowned base;
- approach: armed ships drift towards enemies and unarmed ones towards free unowned bases, so a bot
  with nothing in reach still moves somewhere useful.

Distances are the board's, without obstacles: a cheap estimate, not the rules' path search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from games.kinds.metaltalon.engine import REBELS_INVADERS_NEEDED, GameState, Ship

from .rules import Table, table_of

WIN = 1000.0
# A decided game: far beyond any heuristic figure (a big material lead plus an invasion in reach can
# pass WIN, and then the invasion itself must still look better).
FINAL = 100 * WIN
# A position where the seat is invaded loses everything; one where it invades wins most of the game.
INVADED = 300.0
W_THREAT = 0.8  # the opponents act before the seat does again
W_CHANCE = 0.5
W_INVADE = 0.5
INCOME_TURNS = 4.0  # what a ship on an unowned base is worth: its income over a few turns
W_APPROACH = 0.05
W_NOW = 0.5
RESERVE_GUARD = 12  # credits in reserve that keep the home base from being shot open
IDLE_RESERVE = 0.75  # what a credit beyond them counts
# A weapon is worth more than its credits: it is what takes credits off the rivals and opens their home.
# Without this, shielded unarmed ships (safe income) beat fighters, and games drift to the turn cap.
W_ARMS = 1.0
W_DOOM = 0.7  # how much of a threat the seat's unspent shots this turn are trusted to remove
W_FAR = 0.3  # an invasion two turns away, against one next turn
# The damage the seat's unspent shots can do from where its ships stand, counted while it is its turn:
# a step into firing range then shows, where reach alone (moves + range) says nothing new, and a siege
# that is "in reach" on paper closes in and fires.
W_STRIKE = 0.4
LANDED = 15.0  # a ship landed on a Rebels' base, of the three it takes: more than most ships are worth


@dataclass(frozen=True)
class Weights:
    threat: float = W_THREAT
    chance: float = W_CHANCE
    invade: float = W_INVADE
    income: float = INCOME_TURNS
    approach: float = W_APPROACH
    now: float = W_NOW
    guard: int = RESERVE_GUARD
    idle: float = IDLE_RESERVE
    arms: float = W_ARMS
    far: float = W_FAR
    doom: float = W_DOOM
    strike: float = W_STRIKE


DEFAULT = Weights()


def moves_of(ship: Ship, faction: str | None, t: Table) -> int:
    n1, _, n10 = ship.pieces
    moves = (3 * n1 + 1) // 2 if faction == "zoomers" else n1
    return moves + (n10 if t.wild_dimes else 0)


def shots_of(ship: Ship, t: Table) -> int:
    return ship.pieces[1] + (ship.pieces[2] if t.wild_dimes else 0)


@cache
def _hits(values: tuple[tuple[float, int], ...], edge: int) -> tuple[tuple[float, int], ...]:
    """The damage of one shot as (chance, points): the die plus `edge` (bonus - penalty - shields)."""
    out: dict[int, float] = {}
    for p, v in values:
        d = max(0, v + edge)
        out[d] = out.get(d, 0.0) + p
    return tuple(sorted((p, d) for d, p in out.items()))


@cache
def expected_hit(values: tuple[tuple[float, int], ...], edge: int) -> float:
    return sum(p * d for p, d in _hits(values, edge))


def _reach_p(values: tuple[tuple[float, int], ...], edges: Sequence[int], need: int) -> float:
    """The chance that these shots (one edge each) take at least `need` points in all."""
    if need <= 0:
        return 1.0
    top = values[-1][1]
    if sum(max(0, top + e) for e in edges) < need:
        return 0.0
    dist = {0: 1.0}
    for edge in edges:
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for q, d in _hits(values, edge):
                key = min(need, total + d)
                nxt[key] = nxt.get(key, 0.0) + p * q
        dist = nxt
    return dist.get(need, 0.0)


def evaluate(state: GameState, seat: int, w: Weights = DEFAULT, *, now: bool = True) -> float:
    """The position's worth to `seat`. `now`: while it is the seat's turn, count what it can still do
    before the turn ends (an invasion within reach); False for the worth of ending the turn here."""
    if state.phase == "over":
        return FINAL if state.winner == seat else -FINAL
    me = state.seats[seat]
    if me.out:
        return -FINAL
    t = table_of(state)
    dist = t.board.distance
    values = tuple(t.die_values())
    factions = [s.faction for s in state.seats]
    alive = [s.index for s in state.seats if not s.out]
    rivals = [i for i in alive if i != seat]
    if not rivals:
        return FINAL
    # Credits in reserve beyond what guards the home base do nothing: they count a little less than
    # ships, so a rich seat launches rather than hoards.
    worth = {i: _idle(state.seats[i].reserve, w) for i in alive}
    by_seat: dict[int, list[Ship]] = {i: [] for i in alive}
    for ship in state.ships:
        if ship.owner in by_seat:
            by_seat[ship.owner].append(ship)
            worth[ship.owner] += ship.value + w.arms * shots_of(ship, t)
    others = [worth[i] for i in rivals]
    score = worth[seat] - 0.5 * (max(others) + sum(others) / len(others))

    homes = {state.seats[i].home for i in alive}
    free_bases = [b for b in t.board.base_cells if b not in homes]
    occupied = {s.cell for s in state.ships}
    blockers = _blockers(state, alive)
    landed = _landed(state, alive)
    share = 1.0 if len(rivals) == 1 else 0.6

    def threat(attacker: Ship, faction: str | None, victims: list[Ship], home: str, reserve: int) -> float:
        shots = shots_of(attacker, t)
        if shots == 0:
            return 0.0
        reach = moves_of(attacker, faction, t) + 1
        bonus = 1 if faction == "warriors" else 0
        best = 0.0
        for v in victims:
            gap = dist(attacker.cell, v.cell) - reach
            edge = bonus - max(0, gap) - v.pieces[2]
            if edge + values[-1][1] <= 0:
                continue
            best = max(best, min(float(v.value), shots * expected_hit(values, edge)))
        if reserve > 0:
            gap = dist(attacker.cell, home) - reach
            edge = bonus - max(0, gap)
            if edge + values[-1][1] > 0:
                best = max(best, min(float(reserve), shots * expected_hit(values, edge)))
        return best

    def invasion(attackers: list[tuple[Ship, str | None]], home: str, reserve: int, needed: int,
                 turns: int = 1) -> float:
        """The chance these ships invade `home` within `turns` turns: `needed` of them can step in (a
        Rebels' base takes three, less those landed already), and the shots of those that can close
        to it take the reserve (plus the income meanwhile) to 0."""
        walkers = [(s, f) for s, f in attackers
                   if s.cell != home and turns * moves_of(s, f, t) >= dist(s.cell, home)]
        if len(walkers) < max(1, needed):
            return 0.0
        edges = [1 if f == "warriors" else 0 for s, f in walkers for _ in range(turns * shots_of(s, t))]
        p = _break_in(values, edges, reserve + turns - 1, blockers.get(home))
        return p / needed if needed > 1 else p

    # What the rivals threaten: each enemy ship picks its best target among mine.
    my_ships = by_seat[seat]
    my_home, my_reserve = me.home, me.reserve
    enemy_ships = [(s, factions[s.owner]) for i in rivals for s in by_seat[i]]
    # While it is the seat's turn, an enemy ship that the seat's ships still to act can shoot down
    # threatens less: without this, the first ship to close in always looks exposed and a superior
    # fleet never attacks (one ship at a time, greedy sees only the exposure).
    doomed: dict[int, float] = {}
    my_turn = now and state.phase == "play" and state.active == seat and state.pending is None
    strikers = _can_act(state, seat, my_ships, t) if my_turn else []
    if strikers:
        bonus = 1 if factions[seat] == "warriors" else 0
        for e, _ in enemy_ships:
            hit = 0.0
            for s, m, n in strikers:
                edge = bonus - max(0, dist(s.cell, e.cell) - m - 1) - e.pieces[2]
                if edge + values[-1][1] > 0:
                    hit += n * expected_hit(values, edge)
            if hit > 0:
                doomed[e.id] = min(1.0, hit / e.value)
    danger = sum(threat(s, f, my_ships, my_home, my_reserve) * (1.0 - w.doom * doomed.get(s.id, 0.0))
                 for s, f in enemy_ships) * share
    their_landed = max((landed.get((i, seat), 0) for i in rivals), default=0)
    needed = _needed(factions[seat], their_landed)
    invaded = invasion(enemy_ships, my_home, my_reserve, needed)
    # Two turns ahead as well: a seat that empties its reserve into one big ship is invaded before
    # the danger is one turn away.
    invaded = max(invaded, w.far * invasion(enemy_ships, my_home, my_reserve, needed, 2))
    score -= w.threat * danger + INVADED * invaded * w.threat
    # Ships landed on a Rebels' base stay there: each is a third of the invasion.
    score += LANDED * (sum(landed.get((seat, i), 0) for i in rivals) - their_landed)

    # What I threaten next turn, against each rival.
    mine = [(s, factions[seat]) for s in my_ships]
    chance = 0.0
    invading = 0.0
    for i in rivals:
        rival = state.seats[i]
        chance += sum(threat(s, f, by_seat[i], rival.home, rival.reserve) for s, f in mine)
        needed = _needed(factions[i], landed.get((seat, i), 0))
        invading = max(invading, invasion(mine, rival.home, rival.reserve, needed))
    score += w.chance * chance + w.invade * INVADED * invading
    if my_turn:
        score += w.now * WIN * _invade_now(state, seat, rivals, strikers, blockers, landed, t, values)
        score += w.strike * _strike(state, seat, rivals, strikers, by_seat, t, values)

    # Income from unowned bases, mine and theirs.
    base_cells = t.board.base_cells
    for ship in state.ships:
        if ship.cell in base_cells and ship.cell not in homes and ship.owner in by_seat:
            # An armed ship is worth more out fighting than sitting on a base.
            income = w.income * (0.4 if shots_of(ship, t) else 1.0)
            score += income if ship.owner == seat else -income / len(rivals)

    # Approach: armed ships towards the nearest enemy ship or home, the more so towards a home whose
    # reserve is low (an invasion ends a seat); the unarmed towards a free base, or a home with nothing
    # left in reserve.
    ship_cells = [s.cell for s, _ in enemy_ships]
    open_bases = [b for b in free_bases if b not in occupied]
    siege = [(state.seats[i].home, 1.0 + 8.0 / (1 + state.seats[i].reserve)) for i in rivals]
    for ship in my_ships:
        moves = moves_of(ship, factions[seat], t)
        shots = shots_of(ship, t)
        near_home = min(max(0, dist(ship.cell, h) - moves) * pull for h, pull in siege)
        if shots:
            near_ship = min((dist(ship.cell, c) for c in ship_cells), default=near_home)
            # Per ship, not per weapon: a heavily armed ship launched far away is not worse for it.
            score -= w.approach * 3 * min(near_ship, near_home) + w.approach * near_home
        elif moves:
            if ship.cell in base_cells and ship.cell not in homes:
                continue
            near_base = min((dist(ship.cell, c) for c in open_bases), default=near_home)
            score -= w.approach * 2 * min(near_base, near_home)
    return score


def _idle(reserve: int, w: Weights) -> float:
    return float(reserve) if reserve <= w.guard else w.guard + w.idle * (reserve - w.guard)


def _can_act(state: GameState, seat: int, mine: list[Ship], t: Table) -> list[tuple[Ship, int, int]]:
    """The seat's ships that may still act this turn, with the moves and shots they have left."""
    faction = state.seats[seat].faction
    act = state.activation
    can_act = []
    for ship in mine:
        if state.launched and ship.id != state.new_ship:
            continue  # after a launch (or split) only the new ship acts
        if act is not None and act.ship == ship.id:
            moves = moves_of(ship, faction, t) - act.moves
            shots = shots_of(ship, t) - act.shots
        elif ship.id in state.used:
            continue
        else:
            moves, shots = moves_of(ship, faction, t), shots_of(ship, t)
        if shots > 0:
            can_act.append((ship, max(0, moves), shots))
    return can_act


def _invade_now(state: GameState, seat: int, rivals: list[int], can_act: list[tuple[Ship, int, int]],
                blockers: dict[str, Ship], landed: dict[tuple[int, int], int], t: Table,
                values: tuple[tuple[float, int], ...]) -> float:
    """The best chance, over the rivals, that the ships which may still act this turn invade a home now:
    each closes in (engines left), shoots the reserve to 0 from next to it (shots left), and one steps in.
    Against Rebels, enough of them must step in to make three with those landed already."""
    dist = t.board.distance
    faction = state.seats[seat].faction
    bonus = 1 if faction == "warriors" else 0
    best = 0.0
    for i in rivals:
        rival = state.seats[i]
        walkers = [(s, m, n) for s, m, n in can_act if s.cell != rival.home and m >= dist(s.cell, rival.home)]
        if len(walkers) < max(1, _needed(rival.faction, landed.get((seat, i), 0))):
            continue
        edges = [bonus for _, _, n in walkers for _ in range(n)]
        best = max(best, _break_in(values, edges, rival.reserve, blockers.get(rival.home)))
    return best


def _strike(state: GameState, seat: int, rivals: list[int], can_act: list[tuple[Ship, int, int]],
            by_seat: dict[int, list[Ship]], t: Table, values: tuple[tuple[float, int], ...]) -> float:
    """The expected damage of the shots the seat's ships may still fire this turn without moving, each
    ship at its best target (an enemy ship or a home's reserve), no target counted beyond its worth."""
    dist = t.board.distance
    bonus = 1 if state.seats[seat].faction == "warriors" else 0
    taken: dict[object, float] = {}
    for ship, _, shots in can_act:
        best, pick = 0.0, None
        for i in rivals:
            for target in by_seat[i]:
                edge = bonus - max(0, dist(ship.cell, target.cell) - 1) - target.pieces[2]
                if edge + values[-1][1] > 0:
                    left = target.value - taken.get(target.id, 0.0)
                    hit = min(left, shots * expected_hit(values, edge))
                    if hit > best:
                        best, pick = hit, target.id
            rival = state.seats[i]
            edge = bonus - max(0, dist(ship.cell, rival.home) - 1)
            if rival.reserve > 0 and edge + values[-1][1] > 0:
                key = ("home", i)
                hit = min(rival.reserve - taken.get(key, 0.0), shots * expected_hit(values, edge))
                if hit > best:
                    best, pick = hit, key
        if pick is not None:
            taken[pick] = taken.get(pick, 0.0) + best
    return sum(taken.values())


def _needed(faction: str | None, landed: int) -> int:
    return max(1, REBELS_INVADERS_NEEDED - landed) if faction == "rebels" else 1


def _landed(state: GameState, seats: list[int]) -> dict[tuple[int, int], int]:
    """(invader, owner): how many of the invader's ships stand on the owner's home base."""
    homes = {state.seats[i].home: i for i in seats}
    out: dict[tuple[int, int], int] = {}
    for ship in state.ships:
        owner = homes.get(ship.cell)
        if owner is not None and owner != ship.owner:
            out[ship.owner, owner] = out.get((ship.owner, owner), 0) + 1
    return out


def _blockers(state: GameState, seats: list[int]) -> dict[str, Ship]:
    """The ship standing on each of these seats' home bases: its owner's own, which must be destroyed
    before anyone can step in (a beaten seat that launches a small ship each turn otherwise holds out
    for ever)."""
    homes = {state.seats[i].home: i for i in seats}
    return {s.cell: s for s in state.ships if homes.get(s.cell) == s.owner}


def _break_in(values: tuple[tuple[float, int], ...], edges: list[int], reserve: int,
              blocker: Ship | None) -> float:
    """The chance these shots open a home: destroy the ship on it, if any, and take the reserve to 0.
    Every shot is counted against the blocker's shields: a little pessimistic, and cheap."""
    if blocker is None:
        return _reach_p(values, edges, reserve)
    return _reach_p(values, [e - blocker.pieces[2] for e in edges], blocker.value + reserve)
