"""The two readers agree: the quick path reads what the models read, or leaves it to them.

Over every document the record tests use (:data:`tests.record.documents.DOCUMENTS`),
each part the quick path reads (rules, players, teams, shuffles, decks, hands, moves,
claims) equals the models' reading, and the replay of either reading gives the same
report; anything the quick path is not sure of it refuses, and the models read it.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_records.check.batch import Checked
from casino_records.check.replay import replay, replay_if_clean
from casino_records.engine.cards import CARD_NAMES
from casino_records.record.files.reading import light_item
from casino_records.record.files.sources import Item
from casino_records.record.format.models import GameRecord
from casino_records.record.format.translate import to_engine
from casino_records.record.json.jsonio import dumps, validate_record_bytes
from casino_records.record.quick.reader import LightRecord, key_count, light_record
from tests import paths
from tests.record.documents import DOCUMENTS
from tests.record.jsonkeys import all_keys


def _same_as_the_models(data: bytes) -> LightRecord | None:
    """The quick reading of ``data``, checked against the models' reading."""
    light = light_record(data)
    if light is None:
        return None
    record, errors = validate_record_bytes(data)
    assert record is not None, errors  # read quickly, so the models read it too
    assert replay(light).report == replay(record).report
    assert replay(light, quick=True).report == replay(record).report
    return light


def _values(part: object, names: tuple[str, ...]) -> tuple[object, ...] | None:
    """The named attributes of a part either reader gives (None stays None)."""
    if part is None:
        return None
    return tuple(getattr(part, name) for name in names)


_POINTS = ("most_cards", "most_spades", "big_casino", "little_casino", "aces", "sweeps")
_COUNTS = ("cards", "spades", "sweeps")


def _claimed_side(side: Any) -> tuple[object, ...]:
    return (_values(side.points, _POINTS), side.total, _values(side.counts, _COUNTS))


def _claimed_deal(claimed: Any) -> object:
    if claimed is None:
        return None
    return (tuple(_claimed_side(side) for side in claimed.sides), claimed.comment)


def _parts(record: LightRecord | GameRecord) -> tuple[object, ...]:
    """Everything the replay reads of a record, as plain values to compare."""
    rules = (record.rules.preset, dict(record.rules.options))
    players = tuple(_values(player, ("name", "id")) for player in record.players)
    teams = None if record.teams is None else tuple(tuple(t) for t in record.teams)
    deals = tuple(
        (
            deal.dealer,
            _values(deal.shuffle, ("method", "seed")),
            None if deal.deck is None else tuple(deal.deck),
            None if deal.table is None else tuple(deal.table),
            tuple(
                (
                    None if r.hands is None else tuple(tuple(h) for h in r.hands),
                    tuple(to_engine(move) for move in r.moves),
                )
                for r in deal.rounds
            ),
            _claimed_deal(deal.claimed),
        )
        for deal in record.deals
    )
    match = record.claimed
    claimed = (
        None
        if match is None
        else (
            None if match.totals is None else tuple(match.totals),
            match.winner,
            match.comment,
        )
    )
    return record.id, rules, players, teams, deals, claimed, record.side_count


QUICK = [data for data in DOCUMENTS if light_record(data) is not None]
"""The documents the quick path reads (the others are the models' alone)."""


@pytest.mark.parametrize("data", QUICK, ids=range(len(QUICK)))
def test_each_part_reads_the_same(data: bytes) -> None:
    light = light_record(data)
    assert light is not None
    record, errors = validate_record_bytes(data)
    assert record is not None, errors
    assert _parts(light) == _parts(record)


@pytest.mark.parametrize("data", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_documents_read_the_same(data: bytes) -> None:
    light = _same_as_the_models(data)
    record, _ = validate_record_bytes(data)
    piled = record is not None and any(d.piles for d in record.deals)
    if record is not None and dumps(record) == data and not piled:
        assert light is not None  # canonical: read quickly (piles: by the models)


def test_the_canonical_form_is_read_quickly() -> None:
    quick = sum(light_record(data) is not None for data in DOCUMENTS)
    assert quick >= len(DOCUMENTS) * 3 // 4


def test_what_only_the_models_read_is_left_to_them() -> None:
    data = DOCUMENTS[-1]
    obj = orjson.loads(data)
    card = obj["deals"][0]["rounds"][0]["moves"][0]["card"]
    obj["deals"][0]["rounds"][0]["moves"][0]["card"] = card.lower()  # lenient
    lenient = orjson.dumps(obj)
    assert light_record(lenient) is None
    assert validate_record_bytes(lenient)[0] is not None
    twice = data.replace(b'"format":', b'"id": "x", "format":', 1)
    twice = twice.replace(b'"id": "x"', b'"id": "x", "id": "y"', 1)
    item = Item("t.json", "json", twice)
    assert light_record(twice) is not None  # orjson keeps the last key …
    assert light_item(item) is None  # … so the item is left to the models
    assert light_item(Item("t.json", "json", data), max_bytes=len(data) - 1) is None
    assert light_item(Item("t.txt", "text", data)) is None


@pytest.mark.parametrize("data", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_the_keys_of_an_accepted_record_are_all_counted(data: bytes) -> None:
    parsed = orjson.loads(data)
    if light_record(data) is not None:
        assert key_count(parsed) == all_keys(parsed)


_MOVE = b'"moves":[{"seat":'
_TWICE = [
    (_MOVE, _MOVE[:-7] + b'"seat":0,"seat":'),  # in a move
    (_MOVE, _MOVE[:-7] + b'"s\\u0065at":0,"seat":'),  # escaped, in a move
    (b'"meta":{', b'"meta":{"event":"a:b","event":"c",'),  # in meta
    (b'"points":{', b'"points":{"aces":0,"aces":0,'),  # in a claimed side
    (b'"sides":[{', b'"sides":[{"total":null,"total":null,'),
    (b'"rules":{', b'"rules":{"options":{},"options":{},'),
]


@pytest.mark.parametrize(("at", "twice"), _TWICE)
def test_a_key_given_twice_is_left_to_the_models(at: bytes, twice: bytes) -> None:
    data = next(d for d in DOCUMENTS if at in d and light_record(d) is not None)
    assert light_item(Item("r.json", "json", data)) is not None
    changed = data.replace(at, twice, 1)
    assert light_record(changed) is not None  # orjson keeps one of the two …
    assert light_item(Item("r.json", "json", changed)) is None  # … so: the models
    record, errors = validate_record_bytes(changed)
    assert record is None
    assert errors


def _changed(change: Any) -> bytes:
    """The first document, changed in place by ``change(record)``."""
    obj = orjson.loads(DOCUMENTS[0])
    change(obj)
    return orjson.dumps(obj)


def _side(obj: Any) -> Any:
    return obj["deals"][0]["claimed"]["sides"][0]


# (change, read quickly): objects whose keys the reader takes from the values
# it reads (a null, a key too many, an absent key, a null where a list is due)
# and counts at the edge of the JSON integers
EDGES = [
    (lambda o: _side(o)["points"].update(aces=None), True),
    (lambda o: _side(o)["points"].update(aces=None, x=1), False),
    (lambda o: _side(o)["points"].update(x=1), False),
    (lambda o: _side(o)["counts"].update(cards=None, spades=None, x=None), False),
    (lambda o: _side(o).update(total=None), True),
    (lambda o: _side(o).update(total=None, x=None), False),
    (lambda o: _side(o).update(total=2**63 - 1), True),
    (lambda o: _side(o).update(total=2**63), False),
    (lambda o: _side(o).update(total=-1), False),
    (lambda o: _side(o).update(total=True), False),
    (lambda o: o["deals"][0]["rounds"][0].update(moves=None), False),
    (lambda o: o["deals"][0]["rounds"][0].pop("moves"), True),
    (lambda o: o["deals"][0]["rounds"][0].update(hands=None, x=None), False),
    (lambda o: o["deals"][0].update(rounds=None), False),
    (lambda o: o["deals"][0].update(comment=None, x=None), False),
    (lambda o: o["deals"][0].pop("dealer"), False),
    (lambda o: o["deals"][0].update(dealer=None), False),
    (lambda o: o["claimed"].update(winner=3), False),
    (lambda o: o["claimed"].update(winner=None), True),
]


@pytest.mark.parametrize(("change", "quick"), EDGES, ids=range(len(EDGES)))
def test_edges_read_the_same_or_by_the_models(change: Any, quick: bool) -> None:
    data = _changed(change)
    assert (_same_as_the_models(data) is not None) is quick


SPELLINGS = [
    *("AS", "10H", "KC", "QD", "2S", "JC", "9D"),  # canonical
    *("as", "10h", "TH", "1H", "0H", "100H", "1OH", "AH ", " AH", "A", "AHH"),
    *("A\u2660", "\u2660A", "\u00e9H", "AX", "??", "", "10", "HA"),
]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_card_spellings_read_the_same_or_by_the_models(spelling: str) -> None:
    def spell(obj: Any) -> None:
        moves = obj["deals"][0]["rounds"][0]["moves"]
        moves[0]["card"] = spelling
        take = next(move for move in moves if "take" in move)
        take["take"][0] = spelling

    light = _same_as_the_models(_changed(spell))
    assert (light is not None) is (spelling in CARD_NAMES)


# --- Mutations: any change either keeps the readings equal or leaves it to the models


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*at, i))
    return found


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(
        ["10H", "AS", "??", "th", "trail", "capture", "build", "classic", "", "!"]
    )
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["seat", "card", "take", "value", "x", "hands", "moves"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(DOCUMENTS))
    obj = orjson.loads(data)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(obj)
        path = draw(st.sampled_from(paths[1:]))
        parent = obj
        for part in path[:-1]:
            parent = parent[part]
        how = draw(st.sampled_from(["replace", "delete", "add", "copy"]))
        if how == "replace":
            parent[path[-1]] = draw(JSON_VALUES)
        elif how == "delete":
            del parent[path[-1]]
        elif how == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        elif isinstance(parent[path[-1]], dict):
            key = draw(st.sampled_from(["x", "value", "take", "onto", "comment"]))
            parent[path[-1]][key] = draw(JSON_VALUES)
    return orjson.dumps(obj)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_mutations_read_the_same_or_by_the_models(data: bytes) -> None:
    _same_as_the_models(data)
    assert key_count(orjson.loads(data)) <= all_keys(orjson.loads(data))


# --- validate's path: the quick check gives the full check's outcome


@pytest.mark.parametrize("data", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_quick_check_same_outcome(data: bytes) -> None:
    item = Item("r.json", "json", data, size=len(data))
    quick = Checked(item, quick=True)
    full = Checked(item)
    assert quick.status == full.status
    assert quick.outcome(reports=True) == full.outcome(reports=True)
    light = light_item(item)
    if light is not None and replay_if_clean(light) is not None:
        assert quick.record is None  # read quickly, not by the models
    else:
        assert quick.record == full.record


def test_a_record_with_a_piled_deal_is_left_to_the_models() -> None:
    data = (paths.SAMPLES / "classic-2p-piles.json").read_bytes()
    compact = orjson.dumps(orjson.loads(data))
    assert light_record(compact) is None
    assert light_item(Item("p.jsonl", "jsonl", compact)) is None
    record, errors = validate_record_bytes(compact)
    assert errors == [] and record is not None and record.deals[1].piles is not None
    assert replay(record).report.status == "ok"
