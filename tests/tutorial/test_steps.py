"""The step machinery (bot.core.tutorial.steps): each step once, in order; recaps at the end."""

from __future__ import annotations

from bot.core.tutorial.steps import Line, Moment, Step, Tracker, due, explained
from bot.engine import Event


def _moment(*kinds: str, asked: bool = False, over: bool = False, view: dict | None = None) -> Moment:
    return Moment(view=view or {}, events=tuple(Event(k, {"n": i}) for i, k in enumerate(kinds)), seat=0,
                  asked=asked, over=over)


STEPS = (
    Step("hello", lambda m: True, explains=("goal",)),
    Step("turn", lambda m: m.asked, explains=("turn",), recap="turn.recap"),
    Step("took", lambda m: m.find("took") is not None, explains=("take",),
         fields=lambda m: {"seat": m.find("took").args["n"]}),  # type: ignore[union-attr]
    Step("passed", lambda m: "passed" in m.kinds(), explains=("pass",), recap="passed.recap"),
    Step("end", lambda m: m.over, explains=("end",)),
)


def test_each_step_fires_once_the_first_time_it_holds_in_declared_order() -> None:
    fired: set[str] = set()
    assert due(STEPS, fired, _moment(asked=True)) == [Line("hello"), Line("turn")]
    assert due(STEPS, fired, _moment(asked=True)) == []  # never twice
    assert due(STEPS, fired, _moment("moved", "took")) == [Line("took", {"seat": 1})]
    assert due(STEPS, fired, _moment("took")) == []


def test_a_step_whose_moment_never_came_is_recapped_at_the_end_and_only_then() -> None:
    fired: set[str] = set()
    due(STEPS, fired, _moment())
    assert [line.key for line in due(STEPS, fired, _moment("took"))] == ["took"]
    end = due(STEPS, fired, _moment(over=True))
    assert [line.key for line in end] == ["end", "turn.recap", "passed.recap"]  # the end's own line first
    assert explained(STEPS, fired) == {"goal", "turn", "take", "pass", "end"}


def test_a_step_without_a_recap_that_never_fired_explains_nothing() -> None:
    fired: set[str] = set()
    due(STEPS, fired, _moment(over=True))
    assert "take" not in explained(STEPS, fired)  # "took" has no recap: its statement was not explained


def test_the_tracker_keeps_sessions_apart_and_forgets_an_ended_one() -> None:
    tracker = Tracker()
    assert [x.key for x in tracker.lines(1, STEPS, _moment(asked=True))] == ["hello", "turn"]
    assert [x.key for x in tracker.lines(2, STEPS, _moment())] == ["hello"]  # another session starts afresh
    tracker.lines(1, STEPS, _moment(over=True))
    assert 1 not in tracker.fired and 2 in tracker.fired
    tracker.forget(2)  # ended otherwise (a forfeit): dropped all the same
    assert tracker.fired == {}


def test_a_limit_lets_so_many_lines_through_a_change_and_the_rest_wait_their_turn() -> None:
    fired: set[str] = set()
    assert [x.key for x in due(STEPS, fired, _moment("took", asked=True), limit=2)] == ["hello", "turn"]
    assert [x.key for x in due(STEPS, fired, _moment("took"), limit=2)] == ["took"]  # still due: said now
    end = due(STEPS, fired, _moment("passed", over=True), limit=1)
    assert [x.key for x in end] == ["passed", "end"]  # the end says all that is due


def test_every_choice_of_a_tutorial_gets_its_relaxed_timer() -> None:
    """A simultaneous pick or a reaction (30 s, 20 s in a game) waits as long as a learner's turn does."""
    from bot.core import games
    from bot.core.sessions import prompts
    from bot.core.sessions.base import Settings
    from bot.core.store import TUTORIAL, SeatRecord, SessionRecord

    spec = games.load("promotion")
    record = SessionRecord(id=1, game="promotion", guild_id=1, channel_id=1, host_id=1, status="active", seed=1,
                           created_at=0.0, updated_at=0.0, options={}, turn_timeout=900.0,
                           seats=[SeatRecord(seat=i, name=f"p{i}", user_id=i + 1) for i in range(4)])
    record.state = spec.rules.new(4, 1, spec.resolve_options({}))
    while len(spec.rules.to_act(record.state)) < 2:  # up to the first simultaneous choice (the picks)
        seat = spec.rules.to_act(record.state)[0]
        record.state = spec.rules.apply(record.state, seat, spec.rules.legal(record.state, seat)[0]).state
    settings = Settings(1.0, 120.0, 30.0, 3, 900.0, 3600.0)
    assert prompts.timeout_seconds(spec, record, settings) == 30.0  # a game's pick timer
    record.options = {TUTORIAL: True}
    assert prompts.timeout_seconds(spec, record, settings) == 900.0
