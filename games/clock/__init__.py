"""The clock's settings and arithmetic (docs/clock.md): pure, no database; games/actions/clock.py runs it."""
