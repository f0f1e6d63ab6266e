"""The bots' draws: the same numbers ``randrange`` draws, so seeded games stay as they were."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_records.engine.bots import draw_below


@given(st.integers(0, 2**32), st.lists(st.integers(1, 300), min_size=1, max_size=50))
def test_a_draw_is_randranges_draw(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draw_below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.getstate() == theirs.getstate()  # and the generator is left alike


@pytest.mark.parametrize("n", [1, 2, 3, 7, 64, 65, 1000])
def test_every_draw_is_below_n_and_every_number_comes(n: int) -> None:
    rng = random.Random(n)
    drawn = {draw_below(rng, n) for _ in range(40 * n)}
    assert drawn == set(range(n))
