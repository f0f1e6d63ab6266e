"""``casino-records rules``; ``--strict`` on validate and rescore; simulate's claims."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.engine.options import OPTIONS
from casino_records.engine.rules import PRESETS, preset_defaults
from casino_records.present.rules_text import value_text
from casino_records.record.json import jsonio
from tests.paths import DOCS, SAMPLES


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str | Path) -> Result:
    result = runner.invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def test_rules_lists_presets_and_every_option(runner: CliRunner) -> None:
    result = run(runner, "rules")
    assert result.exit_code == 0
    out = result.stdout
    for preset in PRESETS:
        assert f"\n  {preset} " in out
    lines = out.splitlines()
    for name, option in OPTIONS.items():
        defaults = " / ".join(value_text(preset_defaults(p)[name]) for p in PRESETS)
        row = next(line for line in lines if line.split()[:1] == [name])
        assert row.split(None, 1)[1] == defaults, row
        meaning = lines[lines.index(row) + 1].strip()
        assert meaning == f"{option.meaning[:-1]} ({', '.join(option.rules)})."
    assert "  sweeps" in out and "false / false / true" in out


def test_rules_for_one_preset_with_options(runner: CliRunner) -> None:
    result = run(runner, "rules", "--preset", "classic")
    assert result.exit_code == 0
    assert result.stdout.startswith("classic: Anglo-American Casino")
    assert "  sweeps = false\n" in result.stdout
    result = run(
        runner, "rules", "--preset", "dominican", "--option", "target_score=11"
    )
    assert "  target_score = 11  (set)\n" in result.stdout
    assert "  sweeps = true\n" in result.stdout


def test_rules_json(runner: CliRunner) -> None:
    data = json.loads(run(runner, "rules", "--format", "json").stdout)
    assert sorted(data["presets"]) == sorted(PRESETS)  # keys are sorted
    by_name = {o["name"]: o for o in data["options"]}
    assert list(by_name) == list(OPTIONS)
    assert by_name["sweeps"]["defaults"] == {
        "classic": False,
        "royal": False,
        "dominican": True,
    }
    assert by_name["target_score"]["range"] == [1, 1000]
    assert by_name["near_target_sweep_threshold"]["values"] == [18, 19]
    assert by_name["near_target_sweep_threshold"]["defaults"]["dominican"] is None
    one = json.loads(
        run(runner, "rules", "--preset", "royal", "--format", "json").stdout
    )
    assert one["preset"] == "royal"
    assert next(o for o in one["options"] if o["name"] == "count_out")["value"] is True
    rule = json.loads(run(runner, "rules", "r13.4", "--format", "json").stdout)
    assert (rule["id"], rule["title"]) == ("R13.4", "Near-target rule")


def test_rules_prints_one_rule_any_case(runner: CliRunner) -> None:
    for topic in ("R9.2", "r9.2", " R9.2 "):
        result = run(runner, "rules", topic)
        assert result.exit_code == 0
        assert result.stdout.startswith("R9.2 The owner may not trail  (Trailing)\n")
        assert "owner_may_trail" in result.stdout


def test_rules_prints_one_option(runner: CliRunner) -> None:
    result = run(runner, "rules", "near_target_sweep_threshold")
    assert result.exit_code == 0
    assert "values: 18 or 19" in result.stdout
    assert (
        "defaults: classic not set, royal not set, dominican not set" in result.stdout
    )
    assert "R10.5 No sweep points near the target" in result.stdout


@pytest.mark.parametrize(
    ("topic", "rules", "options"),
    [
        ("residue", ["R11.1  The residue", "A28    Residue when nobody captured"],
         ["residue_if_no_capture"]),
        ("sweep", ["R10.1  What a sweep is", "R10.4  Sweep cancellation"],
         ["sweeps", "sweep_cancellation", "last_play_sweep"]),
        ("big casino", ["R12.1 The items", "R13.3 Count-out"], []),
    ],
)  # fmt: skip
def test_rules_finds_by_word(
    runner: CliRunner, topic: str, rules: list[str], options: list[str]
) -> None:
    """Issue #31.8: words list the rules and options about them, with their ids."""
    result = run(runner, "rules", topic)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"Rules about {topic!r}")
    for text in rules:
        assert text in result.stdout
    for name in options:
        assert f"\n  {name}: " in result.stdout
    data = json.loads(run(runner, "rules", topic, "--format", "json").stdout)
    assert [o["name"] for o in data["options"]][: len(options)] == options
    assert all(r["id"] in result.stdout for r in data["rules"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["R9.9"], "mentions 'R9.9' (did you mean R9.1, R9.2"),
        (["swepe"], "(did you mean sweeps?)"),
        (["zzzq"], "no rule or option mentions 'zzzq'"),
        (["G7"], "(did you mean G1, G2, G3?)"),
        (["--preset", "clasic"], "'classic', 'royal', 'dominican'"),
        (
            ["--preset", "royal", "--option", "sweep=true"],
            "unknown rules option 'sweep' (did you mean 'sweeps'?)",
        ),
        (
            ["--preset", "royal", "--option", "face_capture=none"],
            "takes single_same_rank, all_same_rank or numeric, not 'none'",
        ),
        (
            ["--preset", "royal", "--option", "deal_batch=3"],
            "takes 1, 2 or 4, not 3",
        ),
        (
            ["--preset", "royal", "--option", "near_target_rule=frozen"],
            "count_out=true and near_target_rule=frozen cannot be played together",
        ),
        (["--option", "sweeps=true"], "--option needs --preset"),
        (["R9.2", "--format", "markdown"], "prints the whole reference"),
    ],
)
def test_rules_bad_input_names_the_valid_ones(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = run(runner, "rules", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_unknown_option_without_a_close_name_lists_them_all(runner: CliRunner) -> None:
    result = run(runner, "rules", "--preset", "royal", "--option", "xyz=1")
    assert result.exit_code == 2
    assert "the options are card_values, face_capture," in result.stderr


def test_rules_markdown_is_docs_rules_md(runner: CliRunner) -> None:
    result = run(runner, "rules", "--format", "markdown")
    assert result.exit_code == 0
    assert result.stdout == (DOCS / "rules.md").read_text("utf-8")


# --- claims on a deal not played out (D8) ----------------------------------------

UNCHECKED = SAMPLES / "unchecked-claims-unfinished.json"


def test_validate_says_claims_were_not_checked(runner: CliRunner) -> None:
    result = run(runner, "validate", UNCHECKED)
    assert result.exit_code == 0
    line = result.stdout.splitlines()[0]
    assert line.startswith("ok ")
    assert (
        "deal 2, claimed scores: not checked: the deal stops after move 19 of 48"
        in line
    )
    assert line.endswith("not checkable: most cards, most spades (D8)")
    verbose = run(runner, "validate", "--verbose", UNCHECKED).stdout.splitlines()
    assert verbose[1] == " " * 12 + "at /deals/1/claimed"


def test_validate_strict_fails_such_a_record(runner: CliRunner) -> None:
    result = run(runner, "validate", "--strict", UNCHECKED)
    assert result.exit_code == 1
    assert result.stdout.startswith("disputed ")
    assert "1 record: 0 ok, 1 disputed" in result.stdout
    # --strict changes nothing for records whose claims were all checked.
    result = run(runner, "validate", "--strict", SAMPLES / "classic-2p-unfinished.json")
    assert result.exit_code == 0


def test_rescore_reports_unchecked_claims(runner: CliRunner) -> None:
    result = run(runner, "rescore", UNCHECKED)
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith(f"{UNCHECKED}: OK — claimed scores not checked\n")
    assert "  unfinished after 19 moves: not scored\n" in out
    assert "  ! deal 2, claimed scores: not checked: the deal stops" in out
    strict = run(runner, "rescore", "--strict", UNCHECKED)
    assert strict.exit_code == 1
    assert "DISPUTED" in strict.stdout.splitlines()[0]


def test_rescore_json_carries_the_warning(runner: CliRunner) -> None:
    data = json.loads(run(runner, "rescore", "--format", "json", UNCHECKED).stdout)
    (entry,) = data["records"]
    assert entry["status"] == "ok"
    assert entry["problem"].startswith("deal 2, claimed scores: not checked")
    findings = entry["report"]["findings"]
    assert [(f["severity"], f["rule"], f["loc"]) for f in findings] == [
        ("warning", "D8", "/deals/1/claimed")
    ]


def test_simulate_writes_the_right_claims_after_a_last_card_win(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Issue 19: seed 84 is won with the deal's last card; the deal is not scored."""
    out = tmp_path / "g.json"
    args = ["simulate", "--preset", "dominican", "--players", "2", "--seed", "84"]
    options = [
        "--option",
        "target_score=11",
        "--option",
        "near_target_immediate_win=true",
    ]
    assert run(runner, *args, *options, "-o", out).exit_code == 0
    record = jsonio.load(out)
    assert record.claimed is not None
    assert (record.claimed.totals, record.claimed.winner) == ((2, 11), 1)
    assert record.deals[-1].claimed is None
    assert run(runner, "validate", out).stdout.startswith("ok ")


def test_corrected_copy_leaves_out_claims_that_cannot_be_computed(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "fixed.json"
    assert run(runner, "rescore", UNCHECKED, "-o", out).exit_code == 0
    fixed, original = jsonio.load(out), jsonio.load(UNCHECKED)
    assert original.deals[1].claimed is not None and fixed.deals[1].claimed is None
    assert fixed.deals[0].claimed == original.deals[0].claimed
    check = run(runner, "validate", "--strict", out)
    assert check.exit_code == 0
    assert check.stdout.splitlines()[0] == f"ok          {out}"
