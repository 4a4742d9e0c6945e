"""Reading a game's past: replaying its log (with the dice each action recorded), the state after any
step, and the downloads. Nothing here writes.

What may leave the server depends on the game: while it is in play the downloads carry the downloading
seat's view (the kind's view(), None for a spectator), each action as the kind narrates it for that seat
(games/narration.py) and no raw events nor recorded draws; once it is over they carry everything
(docs/architecture.md, "Fair dice" and "What each reader may read").
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.db.models import Max, QuerySet

from games.dice import ReplayDice
from games.kinds import Kind, get_kind
from games.models import Action, Game
from games.narration import narrate, raw_events, reading
from metaltalon.db_retry import read_once, resumable

# Actions read per query by the downloads: memory stays bounded, however long the game.
BATCH = 2000


def replay(kind: Kind, state: Any, actions: Iterable[Action]) -> Any:
    """Re-apply logged actions with the values they drew. An action logged before live dice (dice null)
    replays from the state's own generator, as it was played."""
    for action in actions:
        seat = action.seat if action.seat is not None else 0
        if action.dice is None:
            state, _events = kind.play(state, seat, action.command, None)
            continue
        dice = ReplayDice(action.dice)
        state, _events = kind.play(state, seat, action.command, dice)
        dice.check_spent()
    return state


def log_actions(game: Game) -> list[Action]:
    """The actions that count (undone ones are skipped), in order."""
    return list(game.actions.filter(undone=False).order_by("seq"))


def state_after(game: Game, actions: Sequence[Action], step: int) -> Any:
    """The state after the first `step` counted actions (0: the start), from the nearest snapshot."""
    if step < 0 or step > len(actions):
        raise ValueError(f"step must be between 0 and {len(actions)}")
    target_seq = actions[step - 1].seq if step else 0
    snapshot = game.snapshots.filter(seq__lte=target_seq).order_by("-seq").first()
    if snapshot is None:
        return None
    kind = get_kind(game.kind)
    todo = [a for a in actions[:step] if a.seq > snapshot.seq]
    return replay(kind, kind.load(snapshot.state), todo)


def counted(game: Game) -> QuerySet[Action]:
    """The actions that count, in order, as a query (log_actions reads them all)."""
    return game.actions.filter(undone=False).order_by("seq")


def steps(game: Game, undone: list[int]) -> int:
    """How many actions count: the last seq less the undone ones (`undone_seqs`), not a count of the log."""
    last = game.actions.aggregate(last=Max("seq"))["last"] or 0
    return last - len(undone)


def at_step(game: Game, step: int, undone: list[int] | None = None) -> tuple[Action | None, Any]:
    """The `step`-th counted action (None for 0, the start) and the state after it, from the nearest
    snapshot before it and the few actions since: the same handful of queries whatever the log's length
    (the replay of a 60,000-action game reads one turn, not the game: bench/README.md). `undone`: the
    game's `undone_seqs`, if already read."""
    action = None
    if step > 0:
        seq = step
        for seq_undone in undone if undone is not None else undone_seqs(game):
            if seq_undone <= seq:  # each undone action before it moves the step one seq on
                seq += 1
        action = game.actions.filter(seq=seq).first()
    target = action.seq if action is not None else 0
    snapshot = game.snapshots.filter(seq__lte=target).order_by("-seq").only("seq", "state").first()
    if snapshot is None:
        return action, None
    kind = get_kind(game.kind)
    return action, replay(kind, kind.load(snapshot.state), counted(game).filter(seq__gt=snapshot.seq,
                                                                                  seq__lte=target))


def turn_steps(game: Game, step: int, undone: list[int], last: int) -> tuple[int, int]:
    """The replay's steps by whole turns from `step`: (where the turn it is in began, or the turn before when
    `step` is itself a turn's start; where the next turn begins, or the last step). A turn begins with the
    state after the action that passed it, as its snapshot records (undo never takes such an action back).
    `undone`: the game's undone_seqs; `last`: its steps. Two small queries on the snapshots' index."""
    seq = _seq_of(step, undone)
    before = (game.snapshots.filter(seq__lt=seq).order_by("-seq").values_list("seq", flat=True).first()
              if seq > 0 else None)
    after = game.snapshots.filter(seq__gt=seq).order_by("seq").values_list("seq", flat=True).first()
    return (_step_of(before, undone) if before is not None else 0,
            _step_of(after, undone) if after is not None else last)


def _seq_of(step: int, undone: list[int]) -> int:
    """The seq of the `step`-th counted action (0 for the start): each undone action before it moves it on."""
    seq = step
    for seq_undone in undone:
        if step > 0 and seq_undone <= seq:
            seq += 1
    return seq


def _step_of(seq: int, undone: list[int]) -> int:
    return seq - sum(1 for seq_undone in undone if seq_undone <= seq)


def undone_seqs(game: Game) -> list[int]:
    """The seqs of the game's undone actions, in order: few, and read from their own partial index."""
    return list(game.actions.filter(undone=True).order_by("seq").values_list("seq", flat=True))


def record(game: Game, reader: int | None = None) -> dict[str, Any]:
    """The full record of a game as JSON-safe data (the download). In play: what `reader` (a seat, None
    for a spectator) may read of each state and action, and no raw events nor dice; over: everything, so
    anyone can check the game replays from its log."""
    head, tail = _record_parts(game, reader)
    return {**head, "actions": list(_record_actions(game, reader)), **tail}


def record_chunks(game: Game, reader: int | None = None) -> Iterator[str]:
    """record() as JSON text, a piece at a time: the actions are read from the database in batches and
    written one per line, so a long game's download never sits whole in memory."""
    head, tail = read_once(lambda: _record_parts(game, reader))
    # The standard encoder: every value here is plain JSON already (times as text), and its C encoder is
    # several times faster than DjangoJSONEncoder's pure-Python one for 60,000 rows.
    yield json.dumps(head)[:-1] + ', "actions": ['
    # Streamed after the view answered: a dropped connection goes on after the last action sent
    # (metaltalon/db_retry.py), so the download is whole instead of cut off after its 200.
    rows = resumable(lambda after: _record_actions(game, reader, after), key=lambda row: row["seq"],
                     start=None)
    for i, row in enumerate(rows):
        yield ("," if i else "") + "\n" + json.dumps(row)
    yield "\n], " + json.dumps(tail)[1:] + "\n"


def _record_parts(game: Game, reader: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """What comes before the actions in the record, and what after."""
    kind = get_kind(game.kind)
    seats = game.seats.exclude(index=None).select_related("user__profile").order_by("index")
    initial = game.snapshots.filter(seq=0).values_list("state", flat=True).first()
    head = {
        "game": game.pk, "kind": game.kind, "options": game.options, "players": game.players,
        "status": game.status, "version": game.version, "result": game.result,
        "created_at": game.created_at.isoformat(),
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "seats": [{"index": s.index, "name": s.name, "label": s.faction, "status": s.status} for s in seats],
        "initial_state": _shown(game, kind, initial, reader),
    }
    tail = {
        "final_state": _shown(game, kind, game.state, reader),
        # The moderators' lines of the game's log (docs/moderation.md), each after action `after`.
        "moderation": [{"after": e.after_seq, "act": e.act, "summary": e.summary, "reason": e.reason,
                        "at": e.created_at.isoformat()}
                       for e in game.audit.filter(public=True).order_by("created_at", "pk")],
    }
    return head, tail


def _shown(game: Game, kind: Kind, data: dict[str, Any] | None, reader: int | None) -> dict[str, Any] | None:
    if data is None or game.is_over:
        return data
    return kind.view(kind.load(data), reader)


def _record_actions(game: Game, reader: int | None,
                    after: int | None = None) -> Iterator[dict[str, Any]]:
    """The actions in order (those after seq `after`, when given), as `reader` may read them."""
    kind, state, names = reading(game)
    over = game.is_over
    fields = ("seq", "seat", "command", "source", "turn", "undone", "events", "created_at", "dice")
    actions = game.actions.all() if after is None else game.actions.filter(seq__gt=after)
    for seq, seat, command, source, turn, undone, events, at, dice in (
            actions.order_by("seq").values_list(*fields).iterator(chunk_size=BATCH)):
        told = narrate(game, kind, state, names, seat=seat, command=command, events=events, reader=reader)
        row = {"seq": seq, "seat": seat, "command": told.command, "source": source, "turn": turn,
               "undone": undone, "lines": told.lines, "events": raw_events(game, events),
               "at": at.isoformat()}
        if over:
            row["dice"] = dice
        yield row


def command_log(game: Game, reader: int | None = None) -> str:
    """The counted commands as text, one per line: `seq seat command`, each command as `reader` (a seat,
    None for a spectator) may read it while the game is in play; once it is over, as given and with the
    values each one drew."""
    return "".join(command_log_lines(game, reader))


def command_log_lines(game: Game, reader: int | None = None) -> Iterator[str]:
    """command_log a line at a time, the actions read in batches (the streamed download)."""
    kind = get_kind(game.kind)
    names = read_once(lambda: {s.index: s.name
                               for s in game.seats.exclude(index=None).select_related("user__profile")})
    yield f"# {kind.title} game {game.pk}: {kind.describe_options(game.options)}, {game.players} players\n"
    for i in sorted(names):
        yield f"# seat {i + 1}: {names[i]}\n"
    over = game.is_over
    def read(after: int | None) -> Iterator[tuple[int, int | None, str, Any]]:
        rows = counted(game) if after is None else counted(game).filter(seq__gt=after)
        return rows.order_by("seq").values_list("seq", "seat", "command", "dice").iterator(chunk_size=BATCH)

    for seq, seat, command, dice in resumable(read, key=lambda row: row[0], start=None):
        # Only the command is written: narrating it reads no events nor state.
        shown = narrate(game, kind, None, None, seat=seat, command=command, events=(), reader=reader).command
        line = f"{seq}\t{seat + 1 if seat is not None else '-'}\t{shown}"
        if over and dice:
            line += "\t# dice " + " ".join(str(d[2]) for d in dice)
        yield line + "\n"
