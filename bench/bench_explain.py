"""Explaining disputes (issue 17): how fast, and how often the mistake is found.

Prints figures only (no assertions):

a. the time to explain each disputed sample (best CPU time of several runs),
   beside the time to replay the same record (the reference: the explanation
   re-scores piles, it does not replay the play); target: a disputed deal well
   under a second;
b. generated disputes: simulated matches of every preset and table size (2, 3,
   4 players, 2 v 2), each kind of catalogued mistake applied at random to their
   claims, and pairs of mistakes in one deal
   (:func:`tests.harness.explain_survey.survey`): the share found, the
   share explained by another mistake giving the same figures, the share missed,
   the share with more than one fit, the cases listed; and the time to explain
   each (median, max), the two-mistake searches included;
c. the same generated one-mistake disputes written as each sheet form players
   write (issue 31: full, items and totals, totals only;
   :func:`casino_records.record.format.sheets.written_as`), as a Markdown table per
   mistake kind: the share *named exactly* (the explanation's first fit, the
   one its sentence says, is the mistake made: kind, side, move) and the share
   where it is *among those offered* (any fit). A mistake a sheet does not show
   makes no dispute on that sheet, and no case (hence the smaller counts).

The last rows count the deal mistakes whose sheet fits more than one single
mistake: no explanation can tell which of them was made, and the first is the
likeliest (:func:`casino_records.check.explain.dispute.explain`), not a certainty; and
the share of them that the best order of the fits names, in expectation, were
each fit as likely as the survey makes it (``Case.best`` of
:mod:`tests.harness.explain_survey`): the most any explanation can name
exactly.

Run: ``.venv/bin/python bench/bench_explain.py [--games N] [--pairs N] [--runs N]
[--quick | --sheets]`` (``--quick``: part c on three tables, one match each, for
a run of seconds; ``--sheets``: part c alone, on every table; ``--games 6`` gives
steadier shares than the one match per table of the default).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the harness in tests/

from timing import best_of, python_reference  # noqa: E402

import casino_records  # noqa: E402
from casino_records.check.explain.dispute import explain  # noqa: E402
from casino_records.check.replay import replay  # noqa: E402
from casino_records.record.json import jsonio  # noqa: E402
from tests.harness.explain_survey import CONFIGS, SHEET_FORMS, Survey, survey  # noqa: E402
from tests.harness.misclaim import DEAL_KINDS, MATCH_KINDS  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games"
QUICK = (("classic", 2, False), ("royal", 3, False), ("dominican", 4, True))


def _cell(named: int, found: int, n: int, offered: bool = False) -> str:
    share = (found if offered else named) / n if n else 0.0
    return f"{share:.0%} ({n})" if n else "–"


def form_table(surveys: Mapping[str, Survey]) -> list[str]:
    """The Markdown table of part c: per kind, named exactly on full and item
    sheets; named exactly and among those offered on totals alone."""
    lines = [
        "| mistake kind | full sheet: named exactly | items and totals: named exactly"
        " | totals only: among those offered | totals only: named exactly |",
        "|---|---|---|---|---|",
    ]
    rows: list[tuple[str, str | None, tuple[str, ...]]] = [
        (kind, kind, (kind,)) for kind in (*DEAL_KINDS, *MATCH_KINDS)
    ]
    rows += [
        ("**every deal mistake**", None, DEAL_KINDS),
        ("**every match mistake**", None, MATCH_KINDS),
        ("**every mistake**", None, (*DEAL_KINDS, *MATCH_KINDS)),
    ]
    for label, _, kinds in rows:
        counts = {}
        for form, result in surveys.items():
            named = found = n = 0
            for kind in kinds:
                a, b, c = result.named(kind)
                named, found, n = named + a, found + b, n + c
            counts[form] = (named, found, n)
        if all(c[2] == 0 for c in counts.values()):
            continue
        full, items, totals = (counts[f] for f in SHEET_FORMS)
        lines.append(
            f"| {label} | {_cell(*full)} | {_cell(*items)} |"
            f" {_cell(*totals, offered=True)} | {_cell(*totals)} |"
        )
    several = [_several(surveys[f]) for f in SHEET_FORMS]
    lines.append(
        "| *deal mistakes where what is written fits several* |"
        f" {several[0]} | {several[1]} | {several[2]} | {several[2]} |"
    )
    offered = []
    for form in SHEET_FORMS:
        found = n = 0
        for kind in DEAL_KINDS:
            _, b, c = surveys[form].named(kind)
            found, n = found + b, n + c
        offered.append(_cell(0, found, n, offered=True))
    lines.append(
        "| *deal mistakes among those offered* |"
        f" {offered[0]} | {offered[1]} | {offered[2]} | {offered[2]} |"
    )
    best = [f"{surveys[f].best(DEAL_KINDS):.0%}" for f in SHEET_FORMS]
    lines.append(
        "| *deal mistakes: the most any order of the fits names* |"
        f" {best[0]} | {best[1]} | – | {best[2]} |"
    )
    return lines


def _several(result: Survey) -> str:
    """The one-deal-mistake cases with more than one fit: the sheet cannot
    tell which was made, and the first fit is the likeliest, not a certainty."""
    singles = [
        c for c in result.cases if c.kinds[0] in DEAL_KINDS and len(c.kinds) == 1
    ]
    several = sum(len(c.fits) > 1 for c in singles)
    return f"{several / max(1, len(singles)):.0%} ({several} of {len(singles)})"


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=1, help="matches per preset and table"
    )
    parser.add_argument(
        "--pairs", type=int, default=4, help="pairs of mistakes per match"
    )
    parser.add_argument("--runs", type=int, default=5, help="timing runs per sample")
    parser.add_argument(
        "--quick", action="store_true", help="part c only, on three tables"
    )
    parser.add_argument(
        "--sheets", action="store_true", help="part c only, on every table"
    )
    args = parser.parse_args()
    if args.quick or args.sheets:
        configs = QUICK if args.quick else CONFIGS
        surveys: dict[str, Survey] = {
            form: survey(games=args.games, pairs=0, configs=configs, form=form)
            for form in SHEET_FORMS
        }
        tables = (
            "quick: classic 2, royal 3, dominican 2v2" if args.quick else "every table"
        )
        print(f"c. sheet forms ({args.games} match per preset and table, {tables})")
        print("\n".join(form_table(surveys)))
        return 0
    engine = "compiled" if casino_records.COMPILED else "pure Python"
    print(f"engine: {engine}; reference workload {python_reference() * 1000:.0f} ms")
    print("a. disputed samples: explain (all its deals and the match) vs replay")
    for path in sorted(SAMPLES.glob("disputed-*.json")):
        record = jsonio.load(path)
        replayed = replay(record)
        explained = best_of(args.runs, partial(explain, record, replayed))
        replaying = best_of(args.runs, partial(replay, record))
        deals = sum(1 for e in explain(record, replayed) if e.scope == "deal")
        print(
            f"   {path.name:40} explain {explained * 1000:6.1f} ms"
            f" ({deals} disputed deal{'s' * (deals != 1)}),"
            f" replay {replaying * 1000:5.1f} ms, ratio {explained / replaying:4.1f}"
        )
    print(
        f"b. generated disputes ({args.games} match per preset and table, {args.pairs} pairs each)"
    )
    result = survey(games=args.games, pairs=args.pairs)
    for line in result.lines():
        print(f"   {line}")
    print(
        f"c. sheet forms ({args.games} match per preset and table, one mistake each,"
        f" {len(CONFIGS)} tables)"
    )
    surveys = {
        form: survey(games=args.games, pairs=0, form=form) for form in SHEET_FORMS
    }
    print("\n".join(form_table(surveys)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
