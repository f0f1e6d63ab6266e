"""Mutations of real records, and an independent check of what the commands accept.

Used by ``tests/cli/test_fuzz.py`` (a few thousand inputs in ``make test``) and
``bench/fuzz_long.py`` (as many as asked). Every mutation starts from a real
record (simulated by the bots, or a sample) and breaks it the way a person or a
tool could: moves deleted, duplicated or swapped; cards, seats, options, types
and numbers changed; nesting, truncation, bad UTF-8, keys given twice; whole
archives, and the text notation edited line by line.

The independent check knows no rule of play: it follows the cards of a valid
record move by move (a card played once, taken only from the table, builds
staying on the table) and recomputes each side's cards and spades, to compare
with the report.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from casino_records.engine.cards import CARD_NAMES
from casino_records.record.json.jsonio import canonical_data
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import write_text
from tests.paths import SAMPLES

Json = Any


@dataclass(frozen=True, slots=True)
class Input:
    """One file to check: its name (its suffix decides the format) and bytes."""

    name: str
    data: bytes
    mutation: str


@cache
def base_records() -> tuple[dict[str, Any], ...]:
    """Real records to mutate: short simulated matches of every shape, and samples."""
    shapes = [
        ("classic", 2, False, "seed"),
        ("royal", 3, False, "deck"),
        ("dominican", 4, True, "hands"),
        ("classic", 4, False, "inferred"),
        ("royal", 2, False, "hands"),
    ]
    records = [
        canonical_data(
            simulate_record(
                preset,
                players,
                teams=teams,
                provenance=provenance,  # type: ignore[arg-type]
                seed=f"fuzz-{preset}-{players}",
                bots=("greedy", "random"),
                max_deals=2,
            )
        )
        for preset, players, teams, provenance in shapes
    ]
    for name in ("classic-2p-annotated.json", "disputed-sweep-count.json"):
        records.append(json.loads((SAMPLES / name).read_text()))
    return tuple(records)


# --- mutations of the JSON data ---------------------------------------------------------


def _paths(node: Json, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*at, i))


def _get(node: Json, at: tuple[Any, ...]) -> Json:
    for part in at:
        node = node[part]
    return node


def _set(node: Json, at: tuple[Any, ...], value: Json) -> None:
    _get(node, at[:-1])[at[-1]] = value


def _moves(data: Json) -> list[tuple[Any, ...]]:
    return [
        at
        for at in _paths(data)
        if len(at) >= 2 and at[-2] == "moves" and isinstance(at[-1], int)
    ]


def _lists_of_moves(data: Json) -> list[tuple[Any, ...]]:
    return [at for at in _paths(data) if at and at[-1] == "moves"]


_ODD_VALUES: list[Json] = [
    None,
    True,
    0,
    -1,
    3,
    7,
    2**63,
    2**64,
    10**30,
    1.5,
    "",
    "x",
    "10X",
    "??",
    [],
    {},
    ["AS"],
    {"a": 1},
    "S0",
    "♥10",
    "Th",
    "11h",
]


def delete_move(rng: random.Random, data: Json) -> str:
    moves = _moves(data)
    if not moves:
        return "no move to delete"
    at = rng.choice(moves)
    del _get(data, at[:-1])[at[-1]]
    return f"deleted move {at}"


def duplicate_move(rng: random.Random, data: Json) -> str:
    moves = _moves(data)
    if not moves:
        return "no move to duplicate"
    at = rng.choice(moves)
    _get(data, at[:-1]).insert(at[-1], copy.deepcopy(_get(data, at)))
    return f"duplicated move {at}"


def swap_moves(rng: random.Random, data: Json) -> str:
    lists = [at for at in _lists_of_moves(data) if len(_get(data, at)) >= 2]
    if not lists:
        return "no moves to swap"
    moves = _get(data, rng.choice(lists))
    i = rng.randrange(len(moves) - 1)
    j = i + 1 if rng.random() < 0.7 else rng.randrange(len(moves))
    moves[i], moves[j] = moves[j], moves[i]
    return f"swapped moves {i} and {j}"


def change_card(rng: random.Random, data: Json) -> str:
    cards = [
        at
        for at in _paths(data)
        if isinstance(_get(data, at), str) and _get(data, at) in CARD_NAMES
    ]
    if not cards:
        return "no card"
    at = rng.choice(cards)
    card = _get(data, at)
    choice = rng.random()
    if choice < 0.5:
        new: Json = rng.choice(CARD_NAMES)
    elif choice < 0.7:  # a lenient spelling of the same card
        new = (
            card.lower().replace("10", "t")
            if rng.random() < 0.5
            else card[-1] + card[:-1]
        )
    else:
        new = rng.choice(_ODD_VALUES)
    _set(data, at, new)
    return f"card {at}: {card} -> {new!r}"


def repeat_taken_card(rng: random.Random, data: Json) -> str:
    lists = [
        at
        for at in _paths(data)
        if at and at[-1] in ("take", "onto") and _get(data, at)
    ]
    if not lists:
        return "no take or onto"
    at = rng.choice(lists)
    cards = _get(data, at)
    cards.append(rng.choice(cards))
    return f"repeated a card of {at}"


def change_seat(rng: random.Random, data: Json) -> str:
    seats = [at for at in _paths(data) if at and at[-1] in ("seat", "dealer", "winner")]
    if not seats:
        return "no seat"
    at = rng.choice(seats)
    new = rng.choice([0, 1, 2, 3, 4, -1, 99, "1", 1.0, True, None])
    _set(data, at, new)
    return f"seat {at} -> {new!r}"


def change_option(rng: random.Random, data: Json) -> str:
    options = data.setdefault("rules", {}).setdefault("options", {})
    name = rng.choice(
        [
            "sweeps",
            "target_score",
            "count_out",
            "deal_batch",
            "single_build_as_card",
            "residue_if_no_capture",
            "sweep",
            "target",
            "x" * rng.randrange(1, 300),
        ]
    )
    value = rng.choice(
        [True, False, 0, 1, 11, 21, 1000, 1001, -5, "dealer", "x", 2**64]
    )
    options[name] = value
    return f"option {name[:20]} = {value!r}"


def change_type(rng: random.Random, data: Json) -> str:
    at = rng.choice(list(_paths(data))[1:])
    new = rng.choice(_ODD_VALUES)
    _set(data, at, copy.deepcopy(new))
    return f"type of {at} -> {new!r}"


def change_number(rng: random.Random, data: Json) -> str:
    numbers = [
        at
        for at in _paths(data)
        if isinstance(_get(data, at), int) and not isinstance(_get(data, at), bool)
    ]
    if not numbers:
        return "no number"
    at = rng.choice(numbers)
    new = rng.choice(
        [0, 1, -1, 5, 15, 2**31, 2**63 - 1, 2**63, 2**64, 10**25, -(2**63) - 1]
    )
    _set(data, at, new)
    return f"number {at} -> {new}"


def delete_key(rng: random.Random, data: Json) -> str:
    keyed = [at for at in _paths(data) if at and isinstance(at[-1], str)]
    at = rng.choice(keyed)
    del _get(data, at[:-1])[at[-1]]
    return f"deleted {at}"


def add_key(rng: random.Random, data: Json) -> str:
    objects = [at for at in _paths(data) if isinstance(_get(data, at), dict)]
    at = rng.choice(objects)
    key = rng.choice(["on", "onto", "take", "spades", "aces", "nmae", "value", "zz"])
    _get(data, at)[key] = rng.choice(_ODD_VALUES)
    return f"added {key} at {at}"


JSON_MUTATIONS: list[Callable[[random.Random, Json], str]] = [
    delete_move,
    duplicate_move,
    swap_moves,
    change_card,
    repeat_taken_card,
    change_seat,
    change_option,
    change_type,
    change_number,
    delete_key,
    add_key,
]


# --- mutations of the bytes -----------------------------------------------------------------


def nest(rng: random.Random, data: Json) -> bytes:
    at = rng.choice(list(_paths(data))[1:])
    depth = rng.choice([5, 100, 900, 1100, 3000])
    text = json.dumps(data)
    marker = '"@@nest@@"'
    _set(data, at, "@@nest@@")
    text = json.dumps(data).replace(marker, "[" * depth + "]" * depth, 1)
    return text.encode()


def truncate(rng: random.Random, raw: bytes) -> bytes:
    return raw[: rng.randrange(len(raw))]


def bad_utf8(rng: random.Random, raw: bytes) -> bytes:
    i = rng.randrange(len(raw))
    junk = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\x80\x80"])
    return raw[:i] + junk + raw[i:]


def repeat_key(rng: random.Random, raw: bytes) -> bytes:
    for key in (b'"dealer": ', b'"seat": ', b'"preset": ', b'"name": '):
        if key in raw:
            i = raw.index(key)
            end = raw.index(b",", i) if b"," in raw[i:] else len(raw)
            return raw[:i] + raw[i:end] + b", " + raw[i:]
    return raw


def edit_text(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    choice = rng.random()
    if choice < 0.25:
        del lines[i]
    elif choice < 0.45:
        lines.insert(i, lines[i])
    elif choice < 0.6 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif lines[i]:
        k = rng.randrange(len(lines[i]))
        lines[i] = (
            lines[i][:k] + rng.choice(list('x 0[]{}"/\\♥10S9')) + lines[i][k + 1 :]
        )
    return "\n".join(lines)


# --- one batch of inputs ------------------------------------------------------------------------


def mutated_inputs(rng: random.Random, count: int) -> list[Input]:
    """``count`` inputs, each one record broken one way (a few left whole), as files."""
    inputs: list[Input] = []
    bases = base_records()
    for n in range(count):
        data = copy.deepcopy(rng.choice(bases))
        kind = rng.random()
        mutations = []
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
            mutations.append(rng.choice(JSON_MUTATIONS)(rng, data))
        raw = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode()
        if kind < 0.08:
            raw, mutations = nest(rng, data), [*mutations, "nested"]
        elif kind < 0.14:
            raw, mutations = truncate(rng, raw), [*mutations, "truncated"]
        elif kind < 0.2:
            raw, mutations = bad_utf8(rng, raw), [*mutations, "bad UTF-8"]
        elif kind < 0.25:
            raw, mutations = repeat_key(rng, raw), [*mutations, "key twice"]
        described = "; ".join(mutations) or "unchanged"
        if rng.random() < 0.15:
            text = _as_text(data)
            if text is not None:
                if rng.random() < 0.8:
                    text = edit_text(rng, text)
                    described += "; text edited"
                inputs.append(Input(f"{n}.txt", text.encode(), described))
                continue
        suffix = rng.choice([".json", ".json", ".jsonl", ".JSONL", ".ndjson", ".rec"])
        if suffix in (".jsonl", ".JSONL", ".ndjson"):
            other = json.dumps(rng.choice(bases)).encode()
            ending = rng.choice([b"\n", b"\r\n"])
            raw = raw.replace(b"\n", b" ") + ending + b"\n" + other + ending
        inputs.append(Input(f"{n}{suffix}", raw, described))
    return inputs


def _as_text(data: Json) -> str | None:
    from casino_records.record.json.jsonio import validate_record_bytes

    record, _ = validate_record_bytes(json.dumps(data))
    return write_text(record) if record is not None else None


# --- the independent check ---------------------------------------------------------------------


def check_valid_record(data: Json, report: dict[str, Any]) -> None:
    """Follow the cards of a valid record and compare with its report.

    Every deal: no card in two places (played twice, or played and on the
    table), nothing taken or built on that is not on the table, no card named
    twice in one move. Every complete deal: 52 cards, each side's cards (and,
    when every card is known, spades) as reported, the residue to the side the
    report names. A deal recorded by seed or deck starts with 4 table cards
    unknown here; each is known once a move takes it or builds on it.
    """
    teams = data.get("teams")
    side_of = (
        [next(i for i, team in enumerate(teams) if seat in team) for seat in range(4)]
        if teams
        else list(range(4))
    )
    deals = {deal["index"]: deal for deal in report["deals"]}
    for d, deal in enumerate(data["deals"]):
        if d not in deals:
            continue
        where = f"deal {d + 1}"
        table = [_canon(c) for c in deal.get("table") or []]
        unknown = 0 if deal.get("table") else 4  # table cards not yet seen
        seen = set(table)
        assert len(seen) == len(table), f"{where}: a table card twice"
        piles: dict[int, list[str]] = {}
        last: int | None = None
        moves = [m for r in deal.get("rounds", []) for m in r["moves"]]
        for k, move in enumerate(moves[: deals[d]["moves"]]):
            at = f"{where}, move {k + 1}"
            card = _canon(move["card"])
            assert card not in seen, f"{at}: {card} in two places"
            seen.add(card)
            used = [_canon(c) for c in move.get("take", move.get("onto", []))]
            assert len(set(used)) == len(used), f"{at}: a card named twice"
            for c in used:
                if c not in table:
                    assert unknown and c not in seen, f"{at}: {c} is not on the table"
                    unknown -= 1
                    seen.add(c)
                    table.append(c)
            if move["action"] == "capture":
                table = [c for c in table if c not in used]
                last = side_of[move["seat"]]
                piles.setdefault(last, []).extend([card, *used])
            else:
                table.append(card)
        computed = deals[d]
        if not computed["complete"]:
            continue
        assert len(seen) + unknown == 52, f"{where}: {len(seen) + unknown} cards"
        taker = computed["residue_side"]  # the last capturer's, else by the rules
        if last is not None and (table or unknown):
            assert taker == last, f"{where}: the residue goes to side {last}"
        if taker is not None:
            piles.setdefault(taker, []).extend(table)
        cards = [c for pile in piles.values() for c in pile]
        assert len(cards) == len(set(cards)), f"{where}: a card in two piles"
        for side in computed["sides"]:
            pile = piles.get(side["side"], [])
            extra = unknown if side["side"] == taker else 0
            assert side["cards"] == len(pile) + extra, f"{where}, side {side['side']}"
            spades = sum(1 for c in pile if c.endswith("S"))
            assert spades <= side["spades"] <= spades + extra, f"{where}: spades"


def _canon(card: str) -> str:
    from casino_records.engine.cards import parse_card

    return str(parse_card(card))


def is_located(problem: dict[str, Any]) -> bool:
    """True when an error or finding says where: a JSON pointer, a line, or the whole file."""
    loc, where = problem.get("loc", ""), problem.get("where", "")
    if loc.startswith("/"):
        return True
    return (
        where.startswith("line ")
        or where in ("the whole record", "the rules and seating")
        or (bool(where) and not loc and problem.get("severity") in ("error", "dispute"))
    )
