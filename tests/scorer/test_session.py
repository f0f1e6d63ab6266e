"""Typing moves, undo, comments, claims, loading a record to go on."""

from __future__ import annotations

import pytest

from casino_records.check.replay import replay
from casino_records.engine.moves import MoveKind
from casino_records.engine.rules import Rules
from casino_records.record.format.models import GameRecord
from casino_records.record.json.jsonio import dumps, load
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import move_notation
from casino_records.scorer import EntryError, GameSetup, ScorerSession, option_fields
from tests.paths import SAMPLES

from .rebuild import enter_deal, rebuild, setup_of


def phase(session: ScorerSession) -> str:
    return session.phase


def fresh(table: str = "4S 5D 6C 9C", **options: bool | int | str) -> ScorerSession:
    session = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=1, options=options))
    session.set_table(table.split())
    return session


def test_option_fields_are_the_engine_s_defaults() -> None:
    for preset in ("classic", "royal", "dominican"):
        rules = Rules.from_preset(preset)
        fields = option_fields(preset)
        assert {f.name: f.default for f in fields} == {
            f.name: getattr(rules, f.name) for f in fields
        }
    target = next(f for f in option_fields("classic") if f.name == "target_score")
    assert (target.kind, target.default) == ("int", 21)


def test_an_option_no_preset_sets_can_be_left_unset() -> None:
    """near_target_sweep_threshold: not set (T - 2, R10.5) unless chosen."""
    (field,) = [
        f for f in option_fields("dominican") if f.name == "near_target_sweep_threshold"
    ]
    assert (field.kind, field.default, field.choices) == (
        "choice",
        None,
        (None, 18, 19),
    )
    unset = GameSetup(preset="dominican", options={field.name: None})
    assert unset.spec().options == {}
    chosen = GameSetup(preset="dominican", options={field.name: 18})
    assert chosen.spec().options == {field.name: 18}
    assert chosen.rules().sweep_threshold == 18


@pytest.mark.parametrize(
    ("fields", "rule"),
    [
        ({"names": ("Ana",)}, "R2.1"),
        ({"names": ("A", "B", "C"), "partnership": True}, "R2.2"),
        ({"names": ("A", "B", "C", "D"), "preset": "dominican"}, "R2.1"),
        ({"dealer": 2}, "R2.5"),
    ],
)
def test_a_bad_setup_names_the_rule(fields: dict[str, object], rule: str) -> None:
    with pytest.raises(EntryError) as caught:
        GameSetup(**fields)  # type: ignore[arg-type]
    assert caught.value.rule == rule


def test_bad_options_and_shuffle_without_seed() -> None:
    with pytest.raises(EntryError, match="target_score"):
        GameSetup(options={"target_score": 0}).rules()
    with pytest.raises(EntryError, match="seed"):
        GameSetup(cards="shuffle")


def test_candidates_name_every_kind_of_move() -> None:
    session = fresh("2S 3D 6C 9C")
    session.play("3H +6 3D")  # Ana: B1 worth 6, single
    session.play("KS -")
    kinds = {(c.kind, c.value, c.target) for c in session.candidates("AH")}
    assert (MoveKind.INCREASE, 7, "B1") in kinds  # 7 = 6 + ace
    extend = [c for c in session.candidates("4D") if c.kind is MoveKind.EXTEND]
    assert {(c.value, c.target, frozenset(map(str, c.uses))) for c in extend} == {
        (6, "B1", frozenset({"2S", "3D", "3H"})),
        (6, "B1", frozenset({"2S", "3D", "3H", "6C"})),  # 6C joins as a group
    }
    assert "announcing 6: extends own B1" in extend[0].sentence
    # Ana owns B1: she may not trail (R9.2), whatever her hand
    assert all(c.kind is not MoveKind.TRAIL for c in session.candidates("4D"))
    session.play("4D +6 2S")
    trail = next(c for c in session.candidates("QS") if c.kind is MoveKind.TRAIL)
    assert (trail.text, trail.uses, trail.words) == ("QS -", (), "Q♠ trails")


def test_typed_moves_are_checked_as_entered() -> None:
    session = fresh()
    with pytest.raises(EntryError, match="column 4: expected '-'"):
        session.play("9D y 4S")
    with pytest.raises(EntryError) as caught:
        session.play("S1 KH -")
    assert caught.value.rule == "R2.4"
    with pytest.raises(EntryError) as caught:
        session.play("9D x 4S 6C")
    assert caught.value.rule == "C2"
    assert "9♦ takes 4♠ 5♦" in caught.value.legal
    played = session.play("9d x 4s 5d !? {a good start}")
    assert played.notation.glyph == "!?" and played.notation.comment == "a good start"
    record = session.record()
    assert record is not None
    assert move_notation(record.deals[0].rounds[0].moves[0]) == (
        "S0 9D x 4S 5D !? {a good start}"
    )


def test_undo_any_number_of_moves_and_back_through_the_deal() -> None:
    record = simulate_record("classic", 2, seed="undo", provenance="hands")
    session = ScorerSession(setup_of(record))
    enter_deal(session, record, 0)
    session.next_deal()
    whole = session.record()
    assert whole is not None and phase(session) == "table"
    assert session.undo() == 1  # the empty second deal
    assert phase(session) == "claims"
    assert session.undo(5) == 5
    assert phase(session) == "move"
    moves = record.deals[0].rounds[-1].moves
    for move in moves[-5:]:
        session.play(move_notation(move))
    # back to the start of the deal: 48 moves, 6 rounds of hands, the table
    assert session.undo(1000) == 48 + 6 + 1
    assert phase(session) == "table" and session.record() is None
    enter_deal(session, record, 0)
    built = session.record()
    assert built is not None and dumps(built) == dumps(
        record.model_copy(update={"deals": record.deals[:1], "claimed": None})
    )


def test_comments_and_glyphs_on_any_move() -> None:
    session = fresh()
    session.play("9D x 4S 5D")
    session.play("KS -")
    session.annotate(0, 0, "clears two", "!")
    session.annotate(0, 1, None, "?!")
    with pytest.raises(EntryError, match="glyph"):
        session.annotate(0, 1, None, "!!!")
    with pytest.raises(EntryError, match="no move 3"):
        session.annotate(0, 2, "x", None)
    record = session.record()
    assert record is not None
    first, second = record.deals[0].rounds[0].moves
    assert (first.comment, first.glyph, second.comment, second.glyph) == (
        "clears two", "!", None, "?!",
    )  # fmt: skip


def test_score_sheet_computed_beside_claimed() -> None:
    record = simulate_record("classic", 2, seed="sheet", provenance="inferred")
    session = ScorerSession(setup_of(record))
    enter_deal(session, record, 0)
    (sheet,) = session.standing().sheets
    total = next(row for row in sheet.rows if row.category == "total")
    assert total.claimed == total.computed and not any(total.disputed)
    session.claim(0, 0, "total", total.computed[0] + 1)
    total = next(r for r in session.standing().sheets[0].rows if r.category == "total")
    assert total.disputed == (True, False)
    assert any(f.severity == "dispute" for f in session.standing().problems)
    for side in range(2):
        for row in sheet.rows:
            session.claim(0, side, row.category, None)
    assert session.deals[0].claimed is None


def test_next_deal_rotates_the_dealer_and_deals_by_seed() -> None:
    session = ScorerSession(GameSetup(names=("A", "B", "C"), cards="shuffle", seed="x"))
    with pytest.raises(EntryError, match="not finished"):
        session.next_deal()
    assert phase(session) == "move" and session.current.shuffle is not None
    record = simulate_record("classic", 3, seed="x", provenance="seed", max_deals=2)
    for move in [m for r in record.deals[0].rounds for m in r.moves]:
        session.play(move_notation(move))
    session.next_deal()
    assert session.current.dealer == session.seating.next_dealer(0)
    assert session.current.shuffle.seed == "x/2"


@pytest.mark.parametrize(
    "name",
    [
        "royal-3p-match-inferred.json",
        "classic-2p-tie-play-on.json",
        "classic-4p-partnership-hands.json",
    ],
)
def test_load_an_unfinished_record_and_go_on(name: str) -> None:
    sample = load(SAMPLES / name)
    last = sample.deals[-1]
    cut = 2 * len(last.rounds) + 1  # stop mid-round, in the middle of the deal
    moves = [m for r in last.rounds for m in r.moves]
    rounds = []
    left = len(moves) - cut
    for round_ in last.rounds:
        keep = round_.moves[: max(0, left)]
        left -= len(round_.moves)
        if keep or (round_.hands is not None and left + len(round_.moves) > 0):
            rounds.append(round_.model_copy(update={"moves": keep}))
    partial = sample.model_copy(
        update={
            "deals": (
                *sample.deals[:-1],
                last.model_copy(update={"rounds": tuple(rounds), "claimed": None}),
            ),
            "claimed": None,
        }
    )
    partial = GameRecord.model_validate(partial.model_dump())
    session = ScorerSession.from_record(partial)
    assert phase(session) in ("move", "hands")
    for move in moves[len(moves) - cut :]:
        if phase(session) == "hands":
            r = len([r for r in session.current.rounds])
            hands = last.rounds[r].hands
            assert hands is not None
            session.set_hands([list(h) for h in hands])
        session.play(move_notation(move))
    session.current.claimed = last.claimed
    session.claim_match(
        sample.claimed.totals if sample.claimed else None,
        sample.claimed.winner if sample.claimed else None,
        sample.claimed.comment if sample.claimed else None,
    )
    built = session.record()
    assert built is not None and dumps(built) == dumps(sample)
    assert replay(built).report.valid


def test_a_record_of_the_finished_game_is_over() -> None:
    sample = load(SAMPLES / "classic-2p-tie-play-on.json")
    session = rebuild(sample)
    assert phase(session) == "over" and session.standing().winner == 0
    with pytest.raises(EntryError, match="R13.2"):
        session.next_deal()


def test_a_build_is_said_and_typed_by_its_label() -> None:
    """Issue 37.7: "10♠ takes the build of 10 (3♦ 7♣)", and "10S x B1" accepted."""
    from casino_records.present.scorer_entry import entry_payload
    from casino_records.present.scorer_view import last_entered

    s = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=0))
    s.set_table("4S 5D 7C 9C".split())
    s.play("3D +10 7C")
    s.play("KH -")
    payload, _ = entry_payload(s)
    assert ">10♠ takes the build of 10 (3♦ 7♣)<" in payload["moves"]["10S"]
    assert payload["prompt"] == (
        "Pick the card Ben played (or type it; a build by its label, as B1 in"
        " “10S x B1”)"
    )
    with pytest.raises(EntryError, match=r"no build B2 on the table \(builds: B1\)"):
        s.play("10S x B2")
    assert s.play("10s x b1 {took the build}").sentence == (
        "Ben plays 10♠ and takes [3♦ 7♣] (including B1)."
    )
    assert s.deals[0].rounds[0].moves[-1].comment == "took the build"
    assert last_entered(s) == "Entered · Ben: 10♠ takes the build of 10 (3♦ 7♣)"


def test_the_hands_say_turn_dealer_and_partner_and_the_move_entered() -> None:
    """Issue 37.7: marks in the hands panel; a line confirms the move entered."""
    from casino_records.present.scorer_view import hand_line, last_entered

    s = ScorerSession(
        GameSetup(names=("Ana", "Ben", "Caio", "Dee"), partnership=True, dealer=0)
    )
    s.set_table("4S 5D 6C 9C".split())
    assert [hand_line(s, seat)[1] for seat in range(4)] == [
        "Ana · deals · partner of Caio · 4 unseen",
        "Ben · to play · partner of Dee · 4 unseen",
        "Caio · partner of Ana · 4 unseen",
        "Dee · partner of Ben · 4 unseen",
    ]
    assert last_entered(s) == ""
    s.play("9D x 4S 5D")
    assert last_entered(s) == "Entered · Ben: 9♦ takes 4♠ 5♦"


def test_a_refusal_names_the_players_not_their_seats() -> None:
    """Issue #37.7: the scorer's errors say "Dee", never "seat 3"."""
    session = ScorerSession(
        GameSetup(names=("Ana", "Ben", "Caio", "Dee"), dealer=2, partnership=True)
    )
    session.set_table("4S 5D 6C 9C".split())
    assert session.where() == "deal 1, move 1 (round 1): Dee to play"
    with pytest.raises(EntryError) as caught:
        session.play("S1 KH -")
    assert caught.value.message == "out of turn: it is Dee's turn, not Ben's (R2.4)"
    assert caught.value.rule == "R2.4"
    session.play("KH -")
    with pytest.raises(EntryError) as caught:
        session.play("KH -")
    assert caught.value.message == "K♥ has been seen already in this deal (R1.1)"
    assert "seat" not in caught.value.where
