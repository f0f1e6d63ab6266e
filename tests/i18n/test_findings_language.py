"""A record's structure errors, the pile checks, the pending checks and the
match's reasons in the reader's language; JSON stays English.

Each record here is a sample broken in one way. In the pseudo-language every
error line of ``rescore`` leaves nothing unwrapped but names, cards, rule ids,
numbers and the machine words the message quotes (field and option names, a
seed, a pointer); a few sentences are checked word for word in Spanish and
Swedish, and the JSON of every record is the same bytes in both.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino_records.engine.shuffle import shuffled_deck
from casino_records.i18n import PSEUDO, translator
from tests.i18n.test_cli_language import english_left, run
from tests.paths import SAMPLES

Record = dict[str, Any]


def _sample(name: str) -> Record:
    data: Record = json.loads((SAMPLES / name).read_text())
    return data


def _deck_against_shuffle() -> Record:
    record = _sample("classic-2p-tie-play-on.json")
    deal = record["deals"][0]
    deck = [str(card) for card in shuffled_deck(deal["shuffle"]["seed"])]
    deck[3], deck[4] = deck[4], deck[3]
    deal["deck"] = deck
    return record


def _table_against_deck() -> Record:
    record = _sample("classic-3p-match-deck.json")
    record["deals"][0]["table"] = record["deals"][0]["deck"][-4:]
    return record


def _hand_against_deck() -> Record:
    record = _sample("dominican-2p-near-target.json")
    deal = record["deals"][0]
    deal["rounds"][0]["hands"] = [deal["deck"][40:44], deal["deck"][44:48]]
    return record


def _wrong_dealer() -> Record:
    record = _sample("classic-2p-annotated.json")
    record["deals"][1]["dealer"] = record["deals"][0]["dealer"]
    return record


def _unfinished_then_more() -> Record:
    record = _sample("classic-2p-annotated.json")
    record["deals"][0]["rounds"] = record["deals"][0]["rounds"][:2]
    del record["deals"][0]["claimed"]
    return record


def _round_before_its_time() -> Record:
    record = _sample("classic-2p-annotated.json")
    del record["deals"][0]["rounds"][0]["moves"][-1]
    return record


def _five_cards_a_round() -> Record:
    record = _sample("invalid-card-played-twice.json")
    moves = record["deals"][0]["rounds"][0]["moves"]
    moves[1]["seat"] = moves[0]["seat"]
    return record


def _teams_of_two_players() -> Record:
    record = _sample("classic-2p-annotated.json")
    record["teams"] = [[0, 1]]
    return record


def _table_card_twice() -> Record:
    record = _sample("classic-2p-annotated.json")
    table = record["deals"][0]["table"]
    table[1] = table[0]
    return record


def _piles(change: Callable[[dict[str, Any]], None]) -> Callable[[], Record]:
    def broken() -> Record:
        record = _sample("classic-2p-piles.json")
        deal = record["deals"][1]
        deal.pop("claimed", None)
        change(deal["piles"])
        return record

    return broken


def _twice(piles: dict[str, Any]) -> None:
    piles["sides"][0].append(piles["sides"][1][0])


def _missing(piles: dict[str, Any]) -> None:
    del piles["sides"][0][-3:]


def _one_missing(piles: dict[str, Any]) -> None:
    del piles["sides"][0][-1]


def _one_card(piles: dict[str, Any]) -> None:
    mine, theirs = piles["sides"]
    piles["sides"] = [mine + theirs[1:], theirs[:1]]


def _sweeps_and_no_capturer(piles: dict[str, Any]) -> None:
    piles["sweeps"] = [20, 0]
    piles["last_capture"] = None


def _capturer_with_nothing(piles: dict[str, Any]) -> None:
    mine, theirs = piles["sides"]
    piles.update(sides=[mine + theirs, []], sweeps=[0, 0], last_capture=1)


BROKEN: dict[str, tuple[Callable[[], Record], tuple[str, ...]]] = {
    "deck-against-shuffle": (_deck_against_shuffle, ("deals", "shuffle")),
    "table-against-deck": (_table_against_deck, ("deal_batch",)),
    "hand-against-deck": (_hand_against_deck, ()),
    "wrong-dealer": (_wrong_dealer, ()),
    "unfinished-then-more": (_unfinished_then_more, ()),
    "round-before-its-time": (_round_before_its_time, ()),
    "five-cards-a-round": (_five_cards_a_round, ()),
    "teams-of-two-players": (
        _teams_of_two_players,
        ("teams", "claimed", "sides", "totals", "winner", "deals"),
    ),
    "table-card-twice": (_table_card_twice, ("deals", "table")),
    "piles-card-twice": (_piles(_twice), ()),
    "piles-cards-missing": (_piles(_missing), ()),
    "piles-card-missing": (_piles(_one_missing), ()),
    "piles-one-card": (_piles(_one_card), ()),
    "piles-sweeps-no-capturer": (_piles(_sweeps_and_no_capturer), ()),
    "piles-capturer-with-nothing": (_piles(_capturer_with_nothing), ("last_capture",)),
}
"""Each broken record, with the machine words its messages quote (field
names, pointers' steps, option names)."""


def _written(tmp_path: Path, name: str) -> str:
    make, _ = BROKEN[name]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(make()))
    return str(path)


def _error_lines(report: str) -> list[str]:
    """The error lines of a one-record ``rescore`` report (``✗``)."""
    return [line for line in report.splitlines() if line.startswith("  ✗ ")]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_every_error_of_a_broken_record_is_said_in_the_language(
    tmp_path: Path, name: str
) -> None:
    path = _written(tmp_path, name)
    _, machine_words = BROKEN[name]
    result = run("--lang", PSEUDO, "rescore", path)
    assert result.exit_code == 1
    lines = _error_lines(result.stdout)
    assert lines, result.stdout
    for line in lines:
        left = [
            w for w in english_left(line, path) if w.strip("'") not in machine_words
        ]
        left = [w for w in left if not any(m in w for m in machine_words)]
        assert left == [], line


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_json_of_a_broken_record_is_english_in_every_language(
    tmp_path: Path, name: str
) -> None:
    path = _written(tmp_path, name)
    for command in ("validate", "rescore"):
        english = run(command, "--format", "json", path)
        translated = run("--lang", "es", command, "--format", "json", path)
        assert translated.stdout_bytes == english.stdout_bytes


@pytest.mark.parametrize(
    ("name", "lang", "said"),
    [
        (
            "wrong-dealer",
            "es",
            "mano 2: le toca repartir a Tomás (el siguiente después de Marta),"
            " no a Marta (R2.7)",
        ),
        (
            "hand-against-deck",
            "sv",
            "giv 1, omgång 1, Anas hand: 4♦ finns inte i Anas hand som den delas ut"
            " ur kortleken: 9♠ 7♠ 4♥ 10♠ (R3.4)",
        ),
        (
            "piles-capturer-with-nothing",
            "es",
            "Ben hizo la última levantada, pero el montón de Ben está vacío (R11.1)",
        ),
        (
            "piles-cards-missing",
            "sv",
            "3 kort finns inte i någon hög och ligger inte kvar på bordet: 10♣ J♣ Q♣"
            " (varje kort i leken finns på ett enda ställe) (R1.1)",
        ),
        ("teams-of-two-players", "es", "los equipos necesitan exactamente 4 jugadores"),
    ],
)
def test_a_structure_or_pile_error_word_for_word(
    tmp_path: Path, name: str, lang: str, said: str
) -> None:
    path = _written(tmp_path, name)
    assert said in run("--lang", lang, "validate", path).stdout


def test_a_check_that_waits_for_a_hand_is_said_in_the_language(
    tmp_path: Path,
) -> None:
    record = {
        "format": "casino-record/1",
        "rules": {"preset": "classic"},
        "players": [{"name": "Ana"}, {"name": "Ben"}],
        "deals": [
            {
                "dealer": 1,
                "table": ["9C", "9S", "3H", "2C"],
                "rounds": [
                    {
                        "moves": [
                            {
                                "seat": 0,
                                "card": "7D",
                                "action": "build",
                                "value": 9,
                                "onto": ["2C"],
                            }
                        ]
                    }
                ],
            }
        ],
    }
    path = tmp_path / "waits.json"
    path.write_text(json.dumps(record))
    waits = translator(PSEUDO).gettext("checks that wait for those hands:")
    lines = run("--lang", PSEUDO, "rescore", str(path)).stdout.splitlines()
    (check,) = [line for line in lines if line.startswith("    - ")]
    assert lines[lines.index(check) - 1].strip() == waits
    assert english_left(check) == [], check
    spanish = run("--lang", "es", "rescore", str(path)).stdout
    assert (
        "mano 1, jugada 1 (ronda 1), Ana: 7♦ construye 9 sobre 2♣: Ana no tiene carta"
        " para levantar la construcción de 9 (7♦ 2♣) después de esta jugada, salvo"
        " que pueda una de sus 3 cartas no vistas: se comprobará cuando se conozca"
        " la mano (B4)"
    ) in spanish


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("dominican-4p-partnership-hands.json", "(Ben & Dee: alcanzaron 21)"),
        ("classic-4p-partnership-hands.json", "(Ben & Dee: tienen el total más alto"),
        ("royal-2p-count-out.json", ": cuenta final: alcanzó "),
        ("classic-2p-annotated.json", ": alcanzó "),
    ],
)
def test_a_match_reason_agrees_with_partners(name: str, said: str) -> None:
    """Partners take the verb in the plural (Spanish); one player the singular."""
    result = run("--lang", "es", "rescore", str(SAMPLES / name))
    (line,) = [
        line for line in result.stdout.splitlines() if line.startswith("  Resultado:")
    ]
    assert said in line, line
