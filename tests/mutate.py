"""`make mutate`: mutation testing of a game's rules against the game's own tests, with mutmut 3: MetalTalon's
engine (games/kinds/metaltalon/engine, the default), Metal Adventures' rules (games/kinds/metal_adventures) or
Metabaloids' rules (games/kinds/metabaloids).

mutmut (configured in pyproject.toml for every game) writes each mutant into mutants/ and runs the tests
that cover the mutated function. This script picks which of one game's mutants to run (all of them, or a
seeded sample per module), hands them to `mutmut run` with pytest told to leave the other games' tests
alone, then reads mutmut's per-file results and prints the score per module and every survivor, so a run
is a record: docs/testing.md keeps the last ones. Mutants judged equivalent are not generated at all:
their line carries `# pragma: no mutate` with the reason beside it, and docs/testing.md lists them.

    python tests/mutate.py                  # every mutant of MetalTalon's engine (hours on 2 cores)
    python tests/mutate.py --sample 300     # up to 300 per module, seeded
    python tests/mutate.py --module firing --module turn --sample 50
    python tests/mutate.py --game metal-adventures --module battle --sample 15
    python tests/mutate.py --game metabaloids --sample 40 --max-children 1
    python tests/mutate.py --report         # the scores of the last run, without running again
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
PICKED = MUTANTS / "picked.json"


@dataclass(frozen=True)
class Game:
    source: str  # the package mutated, as pyproject.toml's [tool.mutmut] source_paths lists it
    tests: str  # its tests, as pytest_add_cli_args_test_selection lists them
    # mutmut generates every mutant and maps tests to functions on any run: this one runs a single mutant,
    # one few tests cover (mutmut runs those once, unmutated, first).
    first: str

    @property
    def package(self) -> str:
        return self.source.replace("/", ".")


GAMES = {
    "metaltalon": Game("games/kinds/metaltalon/engine", "tests/kinds/metaltalon/engine",
                       "factions.x_faction_name__mutmut_1"),
    "metal-adventures": Game("games/kinds/metal_adventures", "tests/kinds/metal_adventures",
                             "setup.x_setup_window_seconds__mutmut_1"),
    "metabaloids": Game("games/kinds/metabaloids", "tests/kinds/metabaloids", "grid.x_width__mutmut_1"),
}

# mutmut's exit codes (mutmut/stats.py): 1 and 3 are a failing test run, the timeouts count as
# caught too (the mutant made the rules loop), 0 is a survivor, 33 and 5 mean no test covers it.
KILLED = {1, 3}
TIMEOUT = {-24, 24, 36, 152, 255}
SURVIVED = {0}
UNCOVERED = {5, 33}


@dataclass
class Score:
    killed: int = 0
    timeout: int = 0
    survived: list[str] = field(default_factory=list)
    uncovered: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    @property
    def tried(self) -> int:
        return self.killed + self.timeout + len(self.survived) + len(self.uncovered) + len(self.other)

    @property
    def percent(self) -> float:
        caught = self.killed + self.timeout
        return 100.0 * caught / self.tried if self.tried else 100.0


def mutmut(game: Game, *args: str) -> None:
    """`mutmut run ...` with pytest kept to `game`'s tests: the stats run traces only them (mutmut's
    config lists every game's), and each mutant's run names its tests anyway."""
    others = [f"--deselect={other.tests}" for other in GAMES.values() if other != game]
    env = {**os.environ, "PYTEST_ADDOPTS": " ".join([os.environ.get("PYTEST_ADDOPTS", ""), *others]).strip()}
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    subprocess.run(command, cwd=ROOT, check=True, env=env)


def module_of(mutant: str) -> str:
    """The module of a mutant named `<package>.<module>.x_<function>__mutmut_<n>`."""
    return mutant.rsplit(".", 2)[-2] if "." in mutant else mutant


def results(game: Game) -> dict[str, int | None]:
    found: dict[str, int | None] = {}
    for meta in sorted((MUTANTS / game.source).glob("*.py.meta")):
        found.update(json.loads(meta.read_text())["exit_code_by_key"])
    return found


def pick(every: dict[str, int | None], modules: list[str], sample: int | None, seed: int) -> list[str]:
    by_module: dict[str, list[str]] = defaultdict(list)
    for name in sorted(every):
        if not modules or module_of(name) in modules:
            by_module[module_of(name)].append(name)
    picked: list[str] = []
    for module, names in sorted(by_module.items()):
        if sample is not None and len(names) > sample:
            names = sorted(random.Random(f"{seed}:{module}").sample(names, sample))
        picked += names
    return picked


def score(
    picked: list[str], found: dict[str, int | None], group: Callable[[str], str] = module_of
) -> dict[str, Score]:
    scores: dict[str, Score] = defaultdict(Score)
    for name in picked:
        code, entry = found.get(name), scores[group(name)]
        if code in KILLED:
            entry.killed += 1
        elif code in TIMEOUT:
            entry.timeout += 1
        elif code in SURVIVED:
            entry.survived.append(name)
        elif code in UNCOVERED:
            entry.uncovered.append(name)
        else:
            entry.other.append(f"{name} (exit {code})")
    return dict(sorted(scores.items()))


def row(name: str, entry: Score) -> str:
    return (
        f"{name:<14}{entry.tried:>7}{entry.killed:>8}{entry.timeout:>9}"
        f"{len(entry.survived):>10}{len(entry.uncovered):>9}{entry.percent:>8.1f}%"
    )


def report(game: Game, picked: list[str], total: int) -> bool:
    found = results(game)
    scores = score(picked, found)
    all_ = score(picked, found, group=lambda name: "all")["all"]
    heads = ("tried", 7), ("killed", 8), ("timeout", 9), ("survived", 10), ("no test", 9), ("score", 9)
    print("\n" + f"{'module':<14}" + "".join(f"{head:>{width}}" for head, width in heads))
    for module, entry in scores.items():
        print(row(module, entry))
    print(row("all", all_) + f"   ({all_.tried} of {total} mutants)")
    lists = ("Survived", all_.survived), ("No test covers", all_.uncovered), ("Other", all_.other)
    for title, names in lists:
        if names:
            print(f"\n{title} ({len(names)}): `mutmut show NAME` prints the change")
            print("\n".join(f"  {name}" for name in names))
    equivalent = sorted(
        f"  {path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in (ROOT / game.source).glob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "pragma: no mutate" in line
    )
    print(f"\nLines left unmutated as equivalent ({len(equivalent)}), reasons beside them:")
    print("\n".join(equivalent) or "  none")
    return all(entry.percent >= 95.0 for entry in scores.values())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sample", type=int, help="run at most this many mutants per module")
    parser.add_argument("--seed", type=int, default=15, help="the sample's seed (default 15)")
    parser.add_argument("--module", action="append", default=[], help="only this module (repeatable)")
    parser.add_argument("--game", choices=sorted(GAMES), default="metaltalon", help="default metaltalon")
    parser.add_argument("--max-children", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--report", action="store_true", help="print the last run's scores and stop")
    options = parser.parse_args()

    if options.report:
        game = GAMES[json.loads(PICKED.read_text())["game"]]
        picked = json.loads(PICKED.read_text())["mutants"]
        return 0 if report(game, picked, len(results(game))) else 1

    game = GAMES[options.game]
    workers = f"--max-children={options.max_children}"
    # A fresh mutants/ every run: mutmut's cache would keep verdicts from before tests were added.
    shutil.rmtree(MUTANTS, ignore_errors=True)
    mutmut(game, "run", workers, f"{game.package}.{game.first}")
    every = results(game)
    picked = pick(every, options.module, options.sample, options.seed)
    PICKED.write_text(json.dumps({"game": options.game, "mutants": picked}))
    print(f"Running {len(picked)} of {len(every)} mutants (seed {options.seed})", flush=True)
    mutmut(game, "run", workers, *picked)
    return 0 if report(game, picked, len(every)) else 1


if __name__ == "__main__":
    sys.exit(main())
