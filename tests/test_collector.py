"""collector_paused: the cyclic collector off inside, as it was found after."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from casino_records.collector import collector_paused


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_is_off_inside_and_on_again_after() -> None:
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: still off, and not turned on early
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_the_collector_is_back_on_after_an_exception() -> None:
    gc.enable()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("raised inside")
    assert gc.isenabled()


def test_checking_and_playing_leave_no_garbage_only_the_collector_can_free() -> None:
    """The premise of pausing the collector: a check (of a good, a disputed or
    an invalid record, report and all) and a played deal make no reference
    cycles, so reference counting frees everything as it goes and the
    collection after each record has nothing to walk but what is still alive."""
    from casino_records.check.batch import check_item
    from casino_records.engine.bots import Bot, GreedyBot, RandomBot, play_deal
    from casino_records.engine.cards import CARDS
    from casino_records.engine.rules import Rules
    from casino_records.engine.seating import Seating
    from casino_records.record.files.sources import iter_items
    from tests.paths import SAMPLES

    items = list(iter_items([SAMPLES]))
    assert {check_item(i).status for i in items} >= {"ok", "disputed", "invalid"}
    rules = Rules.from_preset("royal")
    seating = Seating.create(rules, 3, None)
    decks = [CARDS[k:] + CARDS[:k] for k in range(0, 52, 5)]
    bots: list[Bot] = [RandomBot(1), GreedyBot(2), RandomBot(3)]
    gc.collect()
    gc.disable()
    for item in items:
        check_item(item, reports=True)
        assert gc.collect() == 0, item.label
    for deck in decks:
        play_deal(rules, seating, 1, list(deck), bots)
        assert gc.collect() == 0
