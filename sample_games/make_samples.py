"""Regenerate every sample game in this folder, deterministically.

Run from the repository root (or anywhere)::

    python sample_games/make_samples.py

Plain games are played by the seeded bots (:func:`casino_records.record.simulate.simulate_record`).
Games that must show a particular finish (a count-out, a near-target win, a tie
played on) are found by trying the seeds ``<prefix>-0``, ``<prefix>-1``, … in
order from a fixed start, so the first seed that fits is always the same one.
The disputed and invalid samples are derived from generated games by editing
one claimed figure or one move, so nothing here is typed in by hand except the
annotations of the annotated game. Every file is written with
:func:`casino_records.record.json.jsonio.dump` (canonical form), and every sample is replayed
after writing to check it shows what it is meant to show.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from casino_records.check.piles import piles_of
from casino_records.check.replay import replay
from casino_records.check.report import ReplayReport
from casino_records.engine.bots import make_bot, play_match
from casino_records.engine.cards import Card, parse_card
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import score_piles
from casino_records.engine.shuffle import shuffled_deck
from casino_records.engine.values import value_tables
from casino_records.record.format.models import GameRecord, RulesSpec
from casino_records.record.format.sheets import SHEET_FORMS, written_as
from casino_records.record.format.translate import to_engine
from casino_records.record.json import jsonio
from casino_records.record.simulate import Provenance, record_of_match, simulate_record

HERE = Path(__file__).resolve().parent
GREEDY = ("greedy", "greedy")
MIXED = ("greedy", "random")
Data = dict[str, Any]


# --- helpers ---------------------------------------------------------------------


def sim(
    preset: str,
    players: int,
    seed: str,
    *,
    teams: bool = False,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] = GREEDY,
    provenance: Provenance = "seed",
    names: Sequence[str] = ("Ana", "Ben", "Caio", "Dee"),
) -> GameRecord:
    """One simulated match, its id derived from the seed."""
    return simulate_record(
        preset,
        players,
        teams=teams,
        options=options,
        seed=seed,
        bots=bots,
        provenance=provenance,
        names=names,
        record_id=f"sample-{seed}",
    )


def check(record: GameRecord) -> ReplayReport:
    """The replay report of a record."""
    return replay(record).report


def find(
    prefix: str,
    start: int,
    make: Callable[[str], GameRecord],
    fits: Callable[[GameRecord, ReplayReport], bool],
    tries: int = 400,
) -> GameRecord:
    """The first record ``make(f"{prefix}-{i}")``, ``i >= start``, that ``fits``.

    ``start`` is the seed found when the samples were made, so the search is
    immediate; should the engine or the bots change, it goes on from there.
    """
    for i in range(start, start + tries):
        record = make(f"{prefix}-{i}")
        if fits(record, check(record)):
            return record
    raise SystemExit(f"no seed {prefix}-{start}..{start + tries - 1} fits")


def to_data(record: GameRecord) -> Data:
    """The record as plain JSON data, for editing."""
    data: Data = json.loads(jsonio.dumps(record))
    return data


def from_data(data: Data) -> GameRecord:
    """Read edited data back as a record (validated like any file)."""
    return jsonio.loads(json.dumps(data, ensure_ascii=False))


def describe(record: GameRecord, sample: str, comment: str) -> GameRecord:
    """Attach the sample's name and purpose (``meta.tags.sample``, ``comment``)."""
    data = to_data(record)
    old = data.get("meta", {})
    data["meta"] = {**old, "tags": {**old.get("tags", {}), "sample": sample}}
    data["id"] = f"sample-{sample}"
    data["comment"] = comment
    return from_data(data)


def one_deal(record: GameRecord) -> Data:
    """The record cut to its first deal, without a claimed match result."""
    data = to_data(record)
    data["deals"] = data["deals"][:1]
    data.pop("claimed", None)
    return data


def winner_of(totals: Sequence[int], target: int = 21) -> int | None:
    """The side that won with these final totals (R13.2), if any."""
    best = max(totals)
    if best < target or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


# --- plain games -----------------------------------------------------------------


def tied_finish(record: GameRecord, report: ReplayReport) -> bool:
    """A clean match in which sides tied at or above the target and played on."""
    notes = [d.match_note for d in report.deals]
    return report.status == "ok" and any("tied" in n for n in notes)


def classic_tie_play_on() -> GameRecord:
    """Classic, 2 players, shuffle seeds: a tie at 21+ and a further deal."""

    record = find("classic-tie", 42, lambda s: sim("classic", 2, s), tied_finish)
    return describe(
        record,
        "classic-2p-tie-play-on",
        "Classic Casino, 2 players, a whole match with the deals given by shuffle"
        " seeds. Both players pass 21 with equal totals in the same deal, so"
        " another deal is played (R13.2) and the higher total wins after it.",
    )


def classic_3p_deck() -> GameRecord:
    """Classic, 3 players, deals recorded as decks."""
    record = sim("classic", 3, "classic-3p", bots=MIXED, provenance="deck")
    return describe(
        record,
        "classic-3p-match-deck",
        "Classic Casino, 3 players (4 rounds a deal), a whole match to 21 with"
        " each deal recorded as the 52-card deck, dealt by the rules' pattern"
        " (R3.4).",
    )


def classic_partnership_hands() -> GameRecord:
    """Classic 2-v-2, deals recorded as table and hands."""
    record = sim("classic", 4, "classic-4p-teams", teams=True, provenance="hands")
    return describe(
        record,
        "classic-4p-partnership-hands",
        "Classic Casino, 4 players in two partnerships (Ana & Caio against"
        " Ben & Dee), a whole match to 21 with every round's hands written out.",
    )


def royal_count_out() -> GameRecord:
    """Royal, 2 players: the count-out winner does not have the higher total."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        match = report.match
        assert match is not None
        return (
            report.status == "ok"
            and "counted out" in match.reason
            and match.winner is not None
            and max(match.totals) > match.totals[match.winner]
        )

    record = find("royal-count-out", 63, lambda s: sim("royal", 2, s), fits)
    return describe(
        record,
        "royal-2p-count-out",
        "Royal Casino, 2 players, shuffle seeds. The last deal takes both"
        " players past 21, but the count-out (R13.3) credits the items one by one"
        " and the player with the lower final total reaches 21 first and wins.",
    )


def royal_3p_inferred() -> GameRecord:
    """Royal, 3 players, table only (hands inferred from the moves)."""
    record = sim("royal", 3, "royal-3p", bots=MIXED, provenance="inferred")
    return describe(
        record,
        "royal-3p-match-inferred",
        "Royal Casino, 3 players, a whole match. Each deal records only the four"
        " table cards; the hands are inferred from the moves, since every card"
        " dealt is played.",
    )


def royal_4p_sweeps() -> GameRecord:
    """Royal with sweeps, 4 individual players."""
    record = sim("royal", 4, "royal-4p-sweeps", options={"sweeps": True})
    return describe(
        record,
        "royal-4p-individual-sweeps",
        "Royal Casino with sweeps (option sweeps=true), 4 players each playing"
        " for themselves, shuffle seeds; sweeps are credited last in the count-out.",
    )


def dominican_near_target() -> GameRecord:
    """Dominican, 2 players: a side at 18-20 wins by taking its item."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        notes = [s.note for s in report.deals[-1].sides]
        return report.status == "ok" and any("took" in n for n in notes)

    record = find(
        "dominican-near",
        1,
        lambda s: sim("dominican", 2, s, bots=MIXED, provenance="deck"),
        fits,
    )
    return describe(
        record,
        "dominican-2p-near-target",
        "Dominican Royal Casino, 2 players, decks. A player starting the last"
        " deal at 18, 19 or 20 wins by taking the item the near-target rule asks"
        " for (R13.4: most cards, Big Casino or Little Casino).",
    )


def dominican_immediate_win_last_card() -> GameRecord:
    """Dominican, 2 players, target 11, immediate wins: won on the deal's last card.

    Issue 19's case: the decks were found by trying the shuffle seeds
    ``issue19-a<i>`` (deal 1, leaving Ana at 9) and ``issue19-b<j>`` (deal 2,
    ending with Ana's capture of Big Casino as the deal's last play).
    """
    options = {"target_score": 11, "near_target_immediate_win": True}
    spec = RulesSpec(preset="dominican", options=options)
    kinds = ("greedy", "random")
    bots = [make_bot(kind, f"issue19/bot{seat}") for seat, kind in enumerate(kinds)]
    decks = ("issue19-a3", "issue19-b2464")
    played = play_match(
        spec.effective(),
        2,
        None,
        bots,
        deck_for=lambda i: shuffled_deck(decks[i]),
        first_dealer=1,
        max_deals=2,
    )
    record = record_of_match(
        played,
        spec,
        ("Ana", "Ben"),
        seed="issue19",
        provenance="deck",
        record_id="sample-issue19",
        bot_kinds=kinds,
    )
    return describe(
        record,
        "dominican-2p-immediate-win-last-card",
        "Dominican Royal Casino, 2 players, target 11, near_target_immediate_win."
        " Ana starts deal 2 on 9 and wins with its very last card, the K♠ taking"
        " her 13-build of 3♠ and 10♦ (Big Casino). The match ends at that capture"
        " (R13.4): the deal is not scored for anyone, Ana's total becomes exactly"
        " 11 and Ben keeps his 3.",
    )


def dominican_tie_play_on() -> GameRecord:
    """Dominican, 2 players: tied at 21+, play goes on without near-target rules."""

    record = find("dominican-tie", 78, lambda s: sim("dominican", 2, s), tied_finish)
    return describe(
        record,
        "dominican-2p-tie-play-on",
        "Dominican Royal Casino, 2 players, shuffle seeds. Both players reach the"
        " same total of 21 or more in one deal; play continues without a target"
        " and without near-target restrictions until one is ahead (R13.5).",
    )


def dominican_partnership() -> GameRecord:
    """Dominican 2-v-2, hands recorded."""
    record = sim("dominican", 4, "dominican-4p", teams=True, provenance="hands")
    return describe(
        record,
        "dominican-4p-partnership-hands",
        "Dominican Royal Casino, 4 players in two partnerships, counter-clockwise"
        " play and deal (R2.3, R2.7), sweeps with cancellation; every round's"
        " hands written out.",
    )


def cut_with_claims() -> Data:
    """Classic, 2 players: the second deal stops after 3 moves of round 3 but
    keeps the scores the players wrote for the whole deal."""
    data = to_data(sim("classic", 2, "classic-unfinished", bots=MIXED))
    second = data["deals"][1]
    second["rounds"] = second["rounds"][:3]
    second["rounds"][2]["moves"] = second["rounds"][2]["moves"][:3]
    data["deals"] = data["deals"][:2]
    data["claimed"] = {"comment": "the game was interrupted"}
    return data


def classic_unfinished() -> GameRecord:
    """Classic, 2 players, stopped in the middle of the second deal."""
    data = cut_with_claims()
    data["deals"][1].pop("claimed")
    return describe(
        from_data(data),
        "classic-2p-unfinished",
        "Classic Casino, 2 players: the first deal is complete and scored, the"
        " second stops after 3 moves of its third round. The record is valid;"
        " the match is reported as unfinished.",
    )


def unchecked_claims() -> GameRecord:
    """An unfinished deal that carries claimed scores: ok, and said to be unchecked."""
    return describe(
        from_data(cut_with_claims()),
        "unchecked-claims-unfinished",
        "Classic Casino, 2 players: the second deal stops after 3 moves of its"
        " third round, yet carries the scores written for the whole deal. They"
        " cannot be checked (D8): the record is ok, and the report says so and"
        " which figures the moves played could be checked against (validate"
        " --strict counts it as disputed).",
    )


# Annotations of the annotated game: (deal, round, move) -> (card, glyph, comment).
ANNOTATIONS: dict[tuple[int, int, int], tuple[str, str | None, str]] = {
    (0, 0, 0): ("8H", None, "An ace straight away: 8 = 7 + A."),
    (0, 0, 1): (
        "5H",
        "!?",
        "Marta trails a five while keeping its twin, the 5♣, to pair it next turn.",
    ),
    (0, 0, 2): (
        "4D",
        "!",
        "Tomás builds 9 on Marta's five: he holds the 9♣, and Marta has no nine"
        " to take the build.",
    ),
    (0, 1, 3): (
        "10H",
        "!?",
        "A lure: the 10♥ goes down while Marta keeps Big Casino to take it.",
    ),
    (0, 1, 5): ("10D", "!", "The lure works: Big Casino is home."),
    (0, 3, 0): (
        "5S",
        "?!",
        "Tomás builds 8 for his 8♣, but Marta holds an eight as well.",
    ),
    (0, 3, 1): ("8S", "!", "Marta takes Tomás's build before he can."),
    (0, 3, 6): (
        "AS",
        None,
        "Forced: Tomás's last card takes nothing, so the ace of spades goes down"
        " next to the 8♣.",
    ),
    (0, 3, 7): ("9S", "!", "9 = 8 + A: Marta collects the ace."),
    (0, 5, 7): (
        "2H",
        None,
        "The last capture of the deal: the 6♥ and 8♦ left on the table go to"
        " Marta as well (R11.1), 28 cards to 24.",
    ),
}


def annotated() -> GameRecord:
    """Classic, 2 players, annotated; the opponent's hands unseen (``??``)."""
    record = sim(
        "classic",
        2,
        "club-7",
        provenance="hands",
        names=("Marta", "Tomás"),
    )
    data = to_data(record)
    for (d, r, k), (card, glyph, comment) in ANNOTATIONS.items():
        move = data["deals"][d]["rounds"][r]["moves"][k]
        assert move["card"] == card, (d, r, k, move)
        move["comment"] = comment
        if glyph is not None:
            move["glyph"] = glyph
    for deal in data["deals"]:
        for round_ in deal["rounds"]:
            round_["hands"][1] = ["??"] * 4
    data["deals"][0]["comment"] = (
        "Marta deals and Tomás plays first. Marta's lure in round 2 wins Big"
        " Casino, and her last capture brings her the residue: 28 cards to 24,"
        " 6 points to 5."
    )
    data["meta"] = {
        "event": "Thursday club night",
        "site": "Porto, Café Majestic",
        "date": "2026-03-12",
        "round": "table 2, game 1",
        "annotator": "R. Couto",
        "source": "score sheet and kibitzer's notes; annotator sat behind Marta",
    }
    return describe(
        from_data(data),
        "classic-2p-annotated",
        "Classic Casino, 2 players, annotated: comments and glyphs on the moves,"
        " a deal comment, event data. The annotator saw only Marta's cards, so"
        " Tomás's hands are written ?? and completed from his moves.",
    )


def archive() -> list[GameRecord]:
    """About 20 simulated games of every kind, for the JSONL archive."""
    kinds: list[tuple[str, int, bool, Mapping[str, Any] | None]] = [
        ("classic", 2, False, None),
        ("classic", 3, False, None),
        ("classic", 4, False, None),
        ("classic", 4, True, None),
        ("classic", 2, False, {"sweeps": True}),
        ("royal", 2, False, None),
        ("royal", 3, False, None),
        ("royal", 4, True, None),
        ("royal", 2, False, {"sweeps": True, "count_out": False}),
        ("dominican", 2, False, None),
        ("dominican", 3, False, None),
        ("dominican", 4, True, None),
    ]
    provenances: tuple[Provenance, ...] = ("seed", "deck", "hands", "inferred")
    records = []
    for i in range(20):
        preset, players, teams, options = kinds[i % len(kinds)]
        records.append(
            simulate_record(
                preset,
                players,
                teams=teams,
                options=options,
                seed=f"archive-{i}",
                bots=(GREEDY, MIXED, ("random",))[i % 3],
                provenance=provenances[i % 4],
                record_id=f"archive-{i:02d}-{preset}-{players}{'t' if teams else ''}",
            )
        )
    return records


# --- disputed records ------------------------------------------------------------


def disputed_most_cards() -> GameRecord:
    """Classic: a 26-26 deal where one player still claims the 3 for most cards."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        match = report.match
        assert match is not None
        tied = [
            d.index for d in report.deals[:-1] if [s.cards for s in d.sides] == [26, 26]
        ]
        return bool(tied) and match.winner == 0

    record = find("most-cards", 5, lambda s: sim("classic", 2, s, bots=MIXED), fits)
    report = check(record)
    d = next(d.index for d in report.deals if [s.cards for s in d.sides] == [26, 26])
    data = to_data(record)
    side = data["deals"][d]["claimed"]["sides"][0]
    side["points"]["most_cards"] = 3
    side["total"] += 3
    data["claimed"]["totals"][0] += 3
    return describe(
        from_data(data),
        "disputed-most-cards",
        f"Classic, 2 players. In deal {d + 1} the cards split 26-26, so nobody"
        " scores most cards (R12.2), but Ana claimed the 3 points anyway (and"
        " carried them into her deal and match totals).",
    )


def disputed_residue() -> GameRecord:
    """Classic: the residue's cards counted for the side that did not take it."""

    def flipped(record: GameRecord, d: int) -> list[Data] | None:
        report = check(record)
        deal = report.deals[d]
        side = deal.residue_side
        if side is None or len(deal.residue) < 3:
            return None
        other = 1 - side
        rules = Rules.from_preset("classic")
        state = replay(record, positions=True).positions[d][-1].state
        piles = [list(p) for p in state.piles]
        residue = [parse_card(c) for c in deal.residue]
        piles[side] = [c for c in piles[side] if c not in residue]
        piles[other] += residue
        scores = score_piles(rules, piles, state.sweeps)
        if scores[side].points["most_cards"] == deal.sides[side].points["most_cards"]:
            return None  # the wrong credit should change who has most cards
        return [
            {
                "points": s.points,
                "total": s.banked,
                "counts": {"cards": s.cards, "spades": s.spades, "sweeps": s.sweeps},
            }
            for s in scores
        ]

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        claimed = flipped(record, 0)
        if claimed is None:
            return False
        totals = [
            t - report.deals[0].sides[k].banked + claimed[k]["total"]
            for k, t in enumerate(report.match.totals if report.match else [])
        ]
        return winner_of(totals) == (report.match.winner if report.match else None)

    record = find("residue", 10, lambda s: sim("classic", 2, s, bots=MIXED), fits)
    report = check(record)
    claimed = flipped(record, 0)
    assert claimed is not None and report.match is not None
    data = to_data(record)
    data["deals"][0]["claimed"]["sides"] = claimed
    data["claimed"]["totals"] = [
        t - report.deals[0].sides[k].banked + claimed[k]["total"]
        for k, t in enumerate(report.match.totals)
    ]
    taker = report.deals[0].residue_side
    return describe(
        from_data(data),
        "disputed-residue-wrong-side",
        f"Classic, 2 players. The {len(report.deals[0].residue)} cards left on the"
        f" table at the end of deal 1 ({' '.join(report.deals[0].residue)}) belong"
        f" to side {taker}, the last capturer (R11.1), but the players counted"
        " them for the other side: the claimed cards, spades and most cards of"
        " deal 1 (and the match totals) follow from that one mistake.",
    )


def disputed_sweeps() -> GameRecord:
    """Dominican: one sweep too many claimed in the first deal."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        sides = report.deals[0].sides
        match = report.match
        assert match is not None
        counts = [s.sweeps for s in sides]
        side = counts.index(max(counts))
        return (
            report.status == "ok"
            and counts[side] >= 1
            and counts.count(max(counts)) == 1
            and match.winner == side
        )

    record = find("sweeps", 0, lambda s: sim("dominican", 2, s, bots=MIXED), fits)
    report = check(record)
    counts = [s.sweeps for s in report.deals[0].sides]
    k = counts.index(max(counts))
    data = to_data(record)
    side = data["deals"][0]["claimed"]["sides"][k]
    side["counts"]["sweeps"] += 1
    side["points"]["sweeps"] += 1
    side["total"] += 1
    data["claimed"]["totals"][k] += 1
    return describe(
        from_data(data),
        "disputed-sweep-count",
        f"Dominican, 2 players. In deal 1 side {k} made {counts[k]} sweep(s)"
        f" against {counts[1 - k]}, but claimed one more: its sweep count, sweep"
        " points, deal total and match total are each 1 too high.",
    )


def disputed_unfinished_claims() -> GameRecord:
    """The unfinished deal's claims contradicted by the captures already made."""
    data = cut_with_claims()
    record = from_data(data)
    state = replay(record, positions=True).positions[1][-1].state
    cards = [len(pile) for pile in state.piles]
    little = next(s for s, pile in enumerate(state.piles) if parse_card("2S") in pile)
    sides = data["deals"][1]["claimed"]["sides"]
    sides[0]["counts"]["cards"] = cards[0] - 2
    sides[little]["points"]["little_casino"] = 0
    sides[1 - little]["points"]["little_casino"] = 1
    return describe(
        from_data(data),
        "disputed-unfinished-claims",
        "Classic Casino, 2 players: the second deal stops after 3 moves of its"
        f" third round. Its claimed scores cannot be checked in full (D8), but two"
        f" contradict the captures already made: Ana claims {cards[0] - 2} cards"
        f" after taking {cards[0]}, and Little Casino is claimed by the player"
        " who did not capture it.",
    )


def disputed_winner(count_out: GameRecord) -> GameRecord:
    """Royal count-out game where the players named the higher total the winner."""
    report = check(count_out)
    assert report.match is not None
    totals = report.match.totals
    data = to_data(count_out)
    data["claimed"]["winner"] = totals.index(max(totals))
    data["claimed"]["comment"] = "higher total wins"
    return describe(
        from_data(data),
        "disputed-match-winner",
        "The Royal count-out game of royal-2p-count-out.json, but the players"
        " gave the match to the higher final total, forgetting that Royal Casino"
        " counts out (R13.3): the claimed winner is disputed.",
    )


def _claims(record: GameRecord, d: int) -> list[Data]:
    """Deal ``d``'s claimed sides, as plain data to edit."""
    sides: list[Data] = to_data(record)["deals"][d]["claimed"]["sides"]
    return sides


def _with_claims(
    record: GameRecord, d: int, sides: list[Data], report: ReplayReport
) -> Data | None:
    """The record with deal ``d``'s claims replaced and the match totals carrying
    them; ``None`` if that would change the claimed winner (R13.2)."""
    assert report.match is not None
    data = to_data(record)
    totals = [
        t - report.deals[d].sides[k].banked + sides[k]["total"]
        for k, t in enumerate(report.match.totals)
    ]
    if winner_of(totals) != report.match.winner:
        return None
    data["deals"][d]["claimed"]["sides"] = sides
    data["claimed"]["totals"] = totals
    return data


def _big_casino_moved(record: GameRecord, report: ReplayReport) -> Data | None:
    """Deal 1 with Big Casino's 2 points credited to the next side instead."""
    sides = _claims(record, 0)
    holder = next((k for k, s in enumerate(sides) if s["points"]["big_casino"]), None)
    if holder is None:
        return None
    other = (holder + 1) % len(sides)
    for side, delta in ((holder, -2), (other, 2)):
        sides[side]["points"]["big_casino"] += delta
        sides[side]["total"] += delta
    return _with_claims(record, 0, sides, report)


def disputed_big_casino() -> GameRecord:
    """Classic, 3 players: Big Casino counted for a player who did not take it."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        return report.status == "ok" and _big_casino_moved(record, report) is not None

    record = find("big-casino", 0, lambda s: sim("classic", 3, s), fits)
    data = _big_casino_moved(record, check(record))
    assert data is not None
    return describe(
        from_data(data),
        "disputed-big-casino-wrong-side",
        "Classic, 3 players. In deal 1 the 2 points of Big Casino (10D) were"
        " written for the player after the one who captured it: both players'"
        " Big Casino points and deal totals, and their match totals, are 2 off.",
    )


def _partners_apart(record: GameRecord, report: ReplayReport) -> Data | None:
    """Deal 1 scored player by player, each partner's captures on their own."""
    state = replay(record).states[0]
    assert state is not None
    rules = Rules.from_preset("classic")
    piles: list[list[Card]] = [[] for _ in range(4)]
    sweeps: list[list[int]] = [[] for _ in range(4)]
    for step in state.log:
        if step.kind == "capture":
            piles[step.move.seat] += [step.move.card, *step.taken]
            if step.sweep:
                sweeps[step.move.seat].append(step.index)
    capturers = [s.move.seat for s in state.log if s.kind == "capture"]
    piles[capturers[-1]] += state.residue
    seats = score_piles(rules, piles, sweeps)
    sides = _claims(record, 0)
    for side, claimed in enumerate(sides):
        points = {
            c: sum(seats[seat].points[c] for seat in (side, side + 2))
            for c in claimed["points"]
        }
        claimed["points"] = points
        claimed["total"] = sum(points.values())
    if sides == _claims(record, 0):
        return None
    return _with_claims(record, 0, sides, report)


def disputed_partners_apart() -> GameRecord:
    """Classic 2 v 2: the partners' cards counted player by player."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        return report.status == "ok" and _partners_apart(record, report) is not None

    record = find("partners-apart", 0, lambda s: sim("classic", 4, s, teams=True), fits)
    data = _partners_apart(record, check(record))
    assert data is not None
    return describe(
        from_data(data),
        "disputed-partners-counted-apart",
        "Classic, Ana & Caio against Ben & Dee. In deal 1 each player's captures"
        " were scored on their own and the partners' points then added, so most"
        " cards and most spades went by single players' piles, not the"
        " partnerships' (R12.2).",
    )


def _two_mistakes(record: GameRecord, report: ReplayReport) -> Data | None:
    """Deal 1 with Big Casino credited to the other side and that side's aces
    counted one too many."""
    sides = _claims(record, 0)
    holder = next((k for k, s in enumerate(sides) if s["points"]["big_casino"]), None)
    if holder is None or sides[1 - holder]["points"]["aces"] == 4:
        return None
    other = 1 - holder
    sides[holder]["points"]["big_casino"] = 0
    sides[holder]["total"] -= 2
    sides[other]["points"]["big_casino"] = 2
    sides[other]["points"]["aces"] += 1
    sides[other]["total"] += 3
    return _with_claims(record, 0, sides, report)


# --- deals given by their piles --------------------------------------------------


def given_by_piles(record: GameRecord, played: int = 1) -> GameRecord:
    """The record with every deal after its first ``played`` given by its piles
    (as a table that kept its piles and its sheet, not the moves, would write it)."""
    data = to_data(record)
    for d, state in enumerate(replay(record).states):
        if d < played:
            continue
        assert state is not None and state.finished
        deal = data["deals"][d]
        data["deals"][d] = {
            "dealer": deal["dealer"],
            "piles": piles_of(state).model_dump(mode="json", exclude_none=True),
            "claimed": deal["claimed"],
        }
    return from_data(data)


def classic_piles() -> GameRecord:
    """Classic with sweeps, 2 players: deal 1 played move by move, the rest by piles."""
    record = sim("classic", 2, "classic-piles", options={"sweeps": True})
    return describe(
        given_by_piles(record),
        "classic-2p-piles",
        "Classic Casino with sweeps, 2 players, a whole match. Deal 1 was recorded"
        " move by move; of the later deals nobody wrote the moves down, so each is"
        " given by its piles: the cards each player captured, the sweeps, who made"
        " the last capture and the cards left on the table (docs/notation.md 6.6).",
    )


def _ace_moved(record: GameRecord, report: ReplayReport, d: int) -> Data | None:
    """Deal ``d`` with one ace's point written for the other side."""
    sides = _claims(record, d)
    holder = next((k for k, s in enumerate(sides) if s["points"]["aces"]), None)
    if holder is None:
        return None
    other = 1 - holder
    for side, delta in ((holder, -1), (other, 1)):
        sides[side]["points"]["aces"] += delta
        sides[side]["total"] += delta
    return _with_claims(record, d, sides, report)


def disputed_piles_ace() -> GameRecord:
    """Classic 2-v-2 given by its piles: an ace counted for the other team."""

    def make(seed: str) -> GameRecord:
        return given_by_piles(sim("classic", 4, seed, teams=True), played=0)

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        return report.status == "ok" and _ace_moved(record, report, 1) is not None

    record = find("piles-ace", 0, make, fits)
    data = _ace_moved(record, check(record), 1)
    assert data is not None
    return describe(
        from_data(data),
        "disputed-piles-ace-wrong-side",
        "Classic, 2 teams, every deal given by its piles (no moves were written"
        " down). In deal 2 one ace was written for the team that does not hold it:"
        " both teams' aces and deal totals, and their match totals, are 1 off.",
    )


def disputed_two_mistakes() -> GameRecord:
    """Classic, 2 players: two mistakes in one deal."""

    def fits(record: GameRecord, report: ReplayReport) -> bool:
        return report.status == "ok" and _two_mistakes(record, report) is not None

    record = find("two-mistakes", 0, lambda s: sim("classic", 2, s), fits)
    data = _two_mistakes(record, check(record))
    assert data is not None
    return describe(
        from_data(data),
        "disputed-two-mistakes",
        "Classic, 2 players. Two mistakes in deal 1: Big Casino (10D) was"
        " written for the player who did not take it, and that player's aces"
        " were counted one too many. No single mistake gives these claims.",
    )


# --- invalid records -------------------------------------------------------------


def invalid_build() -> GameRecord:
    """A trail replaced by a build of a value the player does not hold (B4)."""
    record = sim("classic", 2, "invalid-build", bots=MIXED)
    data = one_deal(record)
    values = value_tables("classic")
    for position in replay(record, positions=True).positions[0][:-1]:
        pointer = position.loc.split("/")
        r, k = int(pointer[4]), int(pointer[6])
        move = to_engine(record.deals[0].rounds[r].moves[k])
        if move.action.value != "trail" or values.low[move.card] == 0:
            continue
        hand = position.state.hands[move.seat]
        held = {values.low[c] for c in hand if c != move.card}
        for loose in position.state.loose:
            value = values.low[move.card] + values.low[loose]
            if values.low[loose] and value <= 10 and value not in held:
                break
        else:
            continue
        data["deals"][0]["rounds"][r]["moves"][k] = {
            "seat": move.seat,
            "card": str(move.card),
            "action": "build",
            "value": value,
            "onto": [str(loose)],
        }
        return describe(
            from_data(data),
            "invalid-build-not-held",
            f"Classic, 2 players, one deal. At deal 1, round {r + 1}, move"
            f" {k + 1} the record has {move.card} built onto {loose} as {value},"
            f" but the player holds no {value} to capture it (R6.1 B4): an"
            " illegal build. The replay stops there and lists the legal moves.",
        )
    raise SystemExit("no trail to turn into an illegal build")


def invalid_card_twice() -> GameRecord:
    """Table-only deal where a card is written for two moves (R1.1)."""
    record = sim("classic", 2, "invalid-twice", bots=MIXED, provenance="inferred")
    data = one_deal(record)
    rounds = data["deals"][0]["rounds"]
    first = rounds[0]["moves"][1]
    later = next(m for m in rounds[2]["moves"] if m["action"] == "trail")
    k = rounds[2]["moves"].index(later)
    original = later["card"]
    later["card"] = first["card"]
    return describe(
        from_data(data),
        "invalid-card-played-twice",
        f"Classic, 2 players, one deal recorded by table only. The transcriber"
        f" wrote {first['card']} for move {k + 1} of round 3 (really {original}),"
        f" although it was already played at move 2 of round 1: the card is dealt"
        " twice (R1.1) and the deal cannot be replayed.",
    )


def invalid_out_of_turn() -> GameRecord:
    """Two moves of a round written in the wrong order (R2.4)."""
    record = sim("classic", 2, "invalid-turn", bots=MIXED)
    data = one_deal(record)
    moves = data["deals"][0]["rounds"][1]["moves"]
    moves[2], moves[3] = moves[3], moves[2]
    return describe(
        from_data(data),
        "invalid-out-of-turn",
        "Classic, 2 players, one deal. Moves 3 and 4 of round 2 are written in"
        " the wrong order, so at move 3 the player who is not on turn plays"
        " (R2.4). The replay stops there and lists the legal moves.",
    )


# --- the disputed samples as other sheets ------------------------------------------

SHEETS = HERE.parent / "tests" / "data" / "sheets"
"""The disputed samples as the other two sheet forms: ``<name>.items.json`` (the
items each side scored and its total) and ``<name>.totals.json`` (the totals
only). The full sheet is the sample itself. Test data (``tests/check/test_sheet_forms.py``),
kept out of this folder so that its listings stay those of the samples."""

_SHEET_WORDS = {
    "items": "the items each side scored and its deal total (no zeros, no counts)",
    "totals": "the deal totals only",
}


def sheet_samples(
    disputed: Mapping[str, GameRecord],
) -> Iterator[tuple[str, GameRecord]]:
    """Each disputed sample whose deal claims differ, written as the other sheet
    forms (the match claims stay as they are)."""
    for name, record in disputed.items():
        if not any(
            f.loc.startswith("/deals/") and f.severity == "dispute"
            for f in check(record).findings
        ):
            continue  # only the match is disputed: every form is the same
        stem = name.removesuffix(".json")
        for form in SHEET_FORMS[1:]:
            sheet = written_as(record, form)
            comment = (
                f"{record.comment} Written here as a sheet of {_SHEET_WORDS[form]}."
            )
            yield f"{stem}.{form}.json", sheet.model_copy(update={"comment": comment})


# --- main ------------------------------------------------------------------------


def samples() -> Iterator[tuple[str, GameRecord]]:
    """Every sample file name with its record."""
    count_out = royal_count_out()
    yield "classic-2p-tie-play-on.json", classic_tie_play_on()
    yield "classic-3p-match-deck.json", classic_3p_deck()
    yield "classic-4p-partnership-hands.json", classic_partnership_hands()
    yield "classic-2p-annotated.json", annotated()
    yield "classic-2p-unfinished.json", classic_unfinished()
    yield "unchecked-claims-unfinished.json", unchecked_claims()
    yield "royal-2p-count-out.json", count_out
    yield "royal-3p-match-inferred.json", royal_3p_inferred()
    yield "royal-4p-individual-sweeps.json", royal_4p_sweeps()
    yield "dominican-2p-near-target.json", dominican_near_target()
    yield "dominican-2p-tie-play-on.json", dominican_tie_play_on()
    yield (
        "dominican-2p-immediate-win-last-card.json",
        dominican_immediate_win_last_card(),
    )
    yield "dominican-4p-partnership-hands.json", dominican_partnership()
    yield "disputed-most-cards.json", disputed_most_cards()
    yield "disputed-residue-wrong-side.json", disputed_residue()
    yield "disputed-sweep-count.json", disputed_sweeps()
    yield "disputed-match-winner.json", disputed_winner(count_out)
    yield "disputed-big-casino-wrong-side.json", disputed_big_casino()
    yield "disputed-partners-counted-apart.json", disputed_partners_apart()
    yield "disputed-two-mistakes.json", disputed_two_mistakes()
    yield "classic-2p-piles.json", classic_piles()
    yield "disputed-piles-ace-wrong-side.json", disputed_piles_ace()
    yield "disputed-unfinished-claims.json", disputed_unfinished_claims()
    yield "invalid-build-not-held.json", invalid_build()
    yield "invalid-card-played-twice.json", invalid_card_twice()
    yield "invalid-out-of-turn.json", invalid_out_of_turn()


def main(argv: Sequence[str] = ()) -> int:
    """Write every sample and the archive; print each one's replay status."""
    written = set()
    for name, record in samples():
        jsonio.dump(record, HERE / name)
        written.add(name)
        report = check(record)
        assert report.match is not None
        expected = name.split("-", 1)[0]
        status = {"disputed": "disputed", "invalid": "invalid"}.get(expected, "ok")
        warned = [f.rule for f in report.findings if f.severity == "warning"]
        assert expected != "unchecked" or warned == ["D8"], (name, warned)
        assert report.status == status, (name, report.status, report.findings)
        print(f"{name:40} {report.status:9} {report.match.reason}")
    disputed = {
        name: jsonio.load(HERE / name)
        for name in sorted(written)
        if name.startswith("disputed-")
    }
    SHEETS.mkdir(exist_ok=True)
    for name, record in sheet_samples(disputed):
        jsonio.dump(record, SHEETS / name)
        report = check(record)
        assert report.status in ("disputed", "ok"), (name, report.status)
        print(f"tests/data/sheets/{name:40} {report.status:9}")
    jsonio.dump_jsonl(archive(), HERE / "archive-mixed.jsonl")
    stale = {p.name for p in HERE.glob("*.json")} - written
    if stale:
        print("not made by this script:", ", ".join(sorted(stale)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
