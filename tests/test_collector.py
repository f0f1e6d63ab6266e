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
