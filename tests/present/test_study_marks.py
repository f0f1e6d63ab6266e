"""The study of an analysed game: marked moves, "could I have won?", par, error rates."""

from __future__ import annotations

import pytest

from casino_records.analysis.analyse import make_settings
from casino_records.analysis.game_analysis import (
    CouldWin,
    DealAnalysis,
    GameAnalysis,
    Method,
    Par,
    PlayerLoss,
    Turnaround,
)
from casino_records.i18n import translator
from casino_records.present import viewmodel as vm
from casino_records.present.could_win_text import result_words
from casino_records.present.study_marks import (
    marked_steps,
    mistake_bar_html,
    mistake_nav,
    par_lines,
    study,
)
from casino_records.record.simulate import simulate_record


@pytest.fixture(scope="module")
def analysis() -> GameAnalysis:
    """A one-deal game analysed with one sample a move: its moves 41, 47 and 48
    (exact) are marked; Ana's last could have won the deal 10–1."""
    game = vm.build_game(simulate_record("classic", 2, seed="marks-1", max_deals=1))
    return vm.analyse_game(game, 1)


def turnaround(index: int, method: Method = "exact") -> Turnaround:
    return Turnaround(
        0, index, "", "Ana", "4D trails", "9D takes 9S", "won the deal 6–5", 1.5,
        method, (6.0, 5.0), 0.5 if method != "exact" else 1.0, 0.25, 0.1, 30,
    )  # fmt: skip


def test_the_marked_steps_are_the_steps_after_the_marked_moves(
    analysis: GameAnalysis,
) -> None:
    assert marked_steps(analysis.deals) == [(0, 41), (0, 47), (0, 48)]
    marked = {m.index + 1 for m in analysis.moves if m.mark}
    assert marked == {41, 47, 48}


def test_mistake_nav_leads_before_and_after_across_deals() -> None:
    marked = [(0, 5), (0, 30), (2, 1)]
    assert mistake_nav(marked, 0, 0) == {"mistake_prev": None, "mistake_next": [0, 5]}
    assert mistake_nav(marked, 0, 30) == {
        "mistake_prev": [0, 5],
        "mistake_next": [2, 1],
    }
    assert mistake_nav(marked, 1, 12) == {
        "mistake_prev": [0, 30],
        "mistake_next": [2, 1],
    }
    assert mistake_nav(marked, 2, 40) == {"mistake_prev": [2, 1], "mistake_next": None}
    assert mistake_nav([], 0, 3) == {"mistake_prev": None, "mistake_next": None}


@pytest.mark.parametrize(
    ("text", "english", "swedish"),
    [
        ("lost the deal 4–7", "lost the deal 4–7", "förlorade given 4–7"),
        ("won the deal", "won the deal", "vann given"),
        ("tied the deal 5–5", "tied the deal 5–5", "spelade given oavgjort 5–5"),
        (
            "came shared second in the deal 5–5–3",
            "came shared second in the deal 5–5–3",
            "kom delad andra i given 5–5–3",
        ),
        ("came fourth in the deal", "came fourth in the deal", "kom fjärde i given"),
        ("won the match", "won the match", "vann matchen"),
        ("left the match undecided", "left the match undecided", None),
        ("something else", "something else", "something else"),
    ],
)
def test_results_are_said_in_the_language(
    text: str, english: str, swedish: str | None
) -> None:
    assert result_words(text) == english
    said = result_words(text, translator("sv"))
    if swedish is None:
        assert said != text and said
    else:
        assert said == swedish


def test_the_study_asks_each_deal_then_the_match(analysis: GameAnalysis) -> None:
    deal, match = study(analysis)
    assert (deal.deal, deal.title, match.deal, match.title) == (
        0,
        "Deal 1",
        None,
        "The match",
    )
    ana, ben = deal.questions
    assert ana.text == (
        "Could Ana have won deal 1? Ana lost the deal 5–6: yes, 1 move changes it:"
    )
    (jump,) = ana.turnarounds
    assert (jump.deal, jump.step, jump.label) == (0, 48, "Move 48: 3♦ trails")
    assert jump.detail == (
        "3♦ takes 2♥ A♦ instead: won the deal 10–1 (exact, every card known:"
        " 10.00 points more)"
    )
    assert ben.text.endswith("Ben won the deal 6–5: the best result of the deal.")
    assert ben.turnarounds == ()
    assert all("no single move of" in q.text for q in match.questions)
    assert deal.error_rate == (
        "Error rate (moves marked): Ana 1 of 24 (4 %), Ben 2 of 24 (8 %)"
    )
    assert deal.par[-1] == (
        "Par from round 6: Ana 6, Ben 5 points; played minus par: Ana −2.00, Ben +2.00"
    )
    assert all("an estimate" in line for line in deal.par[:-1])


def test_the_study_in_swedish(analysis: GameAnalysis) -> None:
    deal, match = study(analysis, translator("sv"))
    assert deal.title == "Giv 1" and match.title == "Matchen"
    assert deal.questions[0].text.startswith("Kunde Ana ha vunnit giv 1? Ana förlorade")
    assert deal.questions[1].text.endswith("givens bästa resultat.")
    assert deal.questions[0].turnarounds[0].label == "Drag 48: 3♦ trails"
    assert deal.error_rate.startswith("Felfrekvens (märkta drag): Ana 1 av 24")


def match_of(*turnarounds: Turnaround) -> GameAnalysis:
    """An analysis whose one deal has no move analysed and whose match Ana lost,
    with ``turnarounds``."""
    verdict = CouldWin(0, "Ana", "match", "lost the match", list(turnarounds))
    return GameAnalysis(
        None,
        "",
        ["Ana"],
        ["Ana"],
        make_settings(samples=1, seed="0"),
        deals=[DealAnalysis(0)],
        could_win=[verdict],
    )


def test_more_moves_than_shown_are_counted() -> None:
    analysis = match_of(*(turnaround(i) for i in range(5)))
    (match,) = study(analysis)  # the deal with no move analysed is left out
    assert match.deal is None
    (question,) = match.questions
    assert question.text == (
        "Could Ana have won the match? Ana lost the match: yes, 5 moves change it:"
    )
    assert len(question.turnarounds) == 3
    assert question.more == "… and 2 more moves"
    assert question.turnarounds[0].label == "Deal 1, move 1: 4♦ trails"


def test_an_estimate_says_how_sure() -> None:
    (match,) = study(match_of(turnaround(9, "estimated")))
    (jump,) = match.questions[0].turnarounds
    assert jump.detail == (
        "9♦ takes 9♠ instead: won the deal 6–5 at best (an estimate: 1.50 points"
        " more on average; better in 50 % of 30 sampled deals against 25 % for the"
        " move played, ±10 %)"
    )
    assert (jump.deal, jump.step) == (0, 10)


def test_an_estimated_par_says_so() -> None:
    par = Par(0, 0, "estimated", (0.4, -0.4), (0.3, 0.3), (), (1.0, -1.0), (6, 5),
              (0.6, -0.6))  # fmt: skip
    (line,) = par_lines([par], ["Ana", "Ben"])
    assert line == (
        "Par from round 1, an estimate (sampled deals, greedy play-outs): Ana +0.40"
        " ±0.30, Ben −0.40 ±0.30 points ahead of the others; played minus par:"
        " Ana +0.60, Ben −0.60"
    )


def test_the_mistake_bar_escapes_names() -> None:
    players = [PlayerLoss(0, "<b>Ana</b>", 4, 0.5, {"?": 1}, 0.25)]
    html = mistake_bar_html(DealAnalysis(0, players=players), 1)
    assert "<b>Ana" not in html and "&lt;b&gt;Ana&lt;/b&gt; 1 of 4 (25 %)" in html
    assert "1 move marked in the game" in html
    assert html.count("<button") == 2
