"""The clock's settings and its arithmetic (games/clock/rules.py, games/clock/plan.py): pure, no database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games.clock import plan
from games.clock.rules import ClockError, ClockRules, check, span

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
HOUR = 3600.0


def test_the_default_clock_is_a_three_day_deadline_with_reminders_that_ends_the_turn():
    rules = check({})
    assert (rules.mode, rules.hours, rules.reminders, rules.on_timeout) == ("deadline", 72, True, "end")
    assert rules.describe() == "3 days per turn"


@pytest.mark.parametrize("data, says", [
    ({"mode": "sundial"}, "none, a deadline per turn or a time bank"),
    ({"hours": 0}, "between 1 hour and 30 days"),
    ({"hours": 721}, "between 1 hour and 30 days"),
    ({"hours": True}, "The turn deadline"),
    ({"mode": "bank", "bank_hours": 100, "cap_hours": 50}, "cap is at least what each player starts with"),
    ({"increment_hours": -1}, "The time added after each turn is between no time"),
    ({"expel_after": 0}, "between 1 and 10"),
    ({"on_timeout": "explode"}, "ends the turn"),
])
def test_clock_settings_outside_what_the_site_offers_are_refused_in_words(data, says):
    with pytest.raises(ClockError, match=says):
        check(data)


def test_no_clock_keeps_nothing_of_the_other_settings():
    assert check({"mode": "none", "hours": 5}) == ClockRules(mode="none")
    assert not check({"mode": "none"}).runs
    assert ClockRules.from_dict({}) == ClockRules(mode="none")


def test_a_time_bank_and_an_expel_vote_are_described_as_a_player_reads_them():
    rules = check({"mode": "bank", "bank_hours": 168, "increment_hours": 30, "cap_hours": 336,
                   "on_timeout": "vote", "expel_after": 2})
    assert rules.describe() == ("time bank: 7 days, +1 day 6 hours a turn, up to 14 days; expel vote after 2 "
                                "timeouts")
    assert ClockRules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("hours, text", [(1, "1 hour"), (12, "12 hours"), (24, "1 day"), (25, "1 day 1 hour"),
                                         (50, "2 days 2 hours")])
def test_spans_are_said_in_days_and_hours(hours, text):
    assert span(hours) == text


def test_a_three_day_turn_reminds_at_half_time_and_twelve_hours_before_the_end():
    due = plan.due_times(ClockRules(hours=72), 72 * HOUR, 72 * HOUR, T0)
    assert due == {"timeout": T0 + timedelta(hours=72), "last": T0 + timedelta(hours=60),
                   "half": T0 + timedelta(hours=36)}


def test_a_day_long_turn_has_one_reminder_where_half_time_and_the_last_call_meet():
    assert set(plan.marks(ClockRules(hours=24), 24 * HOUR)) == {"timeout", "last"}
    # 26 hours: half-time (13 h left) is an hour from the last call (12 h left): still one mail.
    assert set(plan.marks(ClockRules(hours=26), 26 * HOUR)) == {"timeout", "last"}
    assert set(plan.marks(ClockRules(hours=28), 28 * HOUR)) == {"timeout", "last", "half"}


def test_a_turn_of_twelve_hours_or_less_has_no_last_call_at_its_start_only_half_time():
    assert plan.marks(ClockRules(hours=12), 12 * HOUR) == {"timeout": 0.0, "half": 6 * HOUR}
    assert plan.marks(ClockRules(hours=2), 2 * HOUR) == {"timeout": 0.0, "half": HOUR}


def test_without_reminders_only_the_timeout_is_owed():
    assert plan.marks(ClockRules(hours=72, reminders=False), 72 * HOUR) == {"timeout": 0.0}


def test_a_paused_clock_owes_nothing_until_it_runs_again_and_a_passed_reminder_falls_due_at_once():
    rules = ClockRules(hours=72)
    assert set(plan.due_times(rules, 72 * HOUR, 30 * HOUR, None).values()) == {None}
    due = plan.due_times(rules, 72 * HOUR, 30 * HOUR, T0)  # back with 30 h left: half-time (36 h) passed
    assert due["half"] == T0 and due["last"] == T0 + timedelta(hours=18)
    assert due["timeout"] == T0 + timedelta(hours=30)


def test_time_left_runs_only_while_the_clock_runs_and_never_below_zero():
    assert plan.left_at(10 * HOUR, T0, T0 + timedelta(hours=4)) == 6 * HOUR
    assert plan.left_at(10 * HOUR, None, T0 + timedelta(hours=4)) == 10 * HOUR
    assert plan.left_at(10 * HOUR, T0, T0 + timedelta(hours=11)) == 0.0


def test_a_time_bank_gains_its_increment_after_a_turn_up_to_its_cap():
    rules = ClockRules(mode="bank", bank_hours=48, increment_hours=24, cap_hours=60)
    assert plan.bank_after_turn(rules, 10 * HOUR) == 34 * HOUR
    assert plan.bank_after_turn(rules, 40 * HOUR) == 60 * HOUR
    assert plan.bank_after_turn(rules, 0.0) == 24 * HOUR


def test_vacation_days_accrue_when_at_home_up_to_the_cap_and_are_spent_day_for_day_when_away():
    year = timedelta(days=365.25)
    assert plan.vacation_days(10, T0, None, T0 + year / 2, per_year=30, cap=30) == pytest.approx(25)
    assert plan.vacation_days(10, T0, None, T0 + 2 * year, per_year=30, cap=30) == 30
    assert plan.vacation_days(10, T0, T0, T0 + timedelta(days=3), per_year=30, cap=30) == pytest.approx(7)
    assert plan.vacation_days(2, T0, T0, T0 + timedelta(days=3), per_year=30, cap=30) == 0
