"""The scorer, score-sheet, puzzles and results pages in the players' languages (AppTest).

Under ``?lang=qps`` every word a page says itself is wrapped (``⟦…⟧``): what is
left once the wrapped parts are taken out is data (names, file names, card
faces, numbers, the rules' option names) or the words of other modules, which
each test names (the report's sentences, the results' first problems). Under
``?lang=es`` a few known Spanish words show. The cards' pictures are left out
(``present/svg.py`` names them for screen readers). A language change keeps what was
typed: the widgets' keys and values never change with the language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from casino_records.i18n import PSEUDO
from casino_records.present import sheet_check as sc
from casino_records.present.viewmodel import VIEW_PATH_ENV
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import move_notation
from casino_records.scorer import ScorerSession
from tests.harness.results import sample_results
from tests.paths import ROOT, SAMPLES

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

APP = str(ROOT / "viewer" / "streamlit_app.py")
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
CODE = re.compile(r"`[^`]*`")
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
PICTURE = re.compile(r"<svg.*</svg>", re.DOTALL)
"""The cards' pictures (present/svg.py's, their accessible names with them)."""
TAG = re.compile(r"<[^>]*>")
NEUTRAL = re.compile(r"[\s\d|\-−:·.,;!?()/\\~…—–✗▶↩*#>+&=\[\]%']+")
"""Markup, punctuation and figures: in no language."""
FIRST = "classic-2p-tie-play-on.json"  # the puzzles page's first game
FIELDS = ("body", "label", "help", "placeholder")
"""The parts of an element that people read (radios' options are checked too)."""

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(autouse=True)
def _samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VIEW_PATH_ENV, raising=False)


def open_page(page: str, lang: str | None = PSEUDO) -> Any:
    """The viewer, in ``lang``, on ``page`` (a script beside streamlit_app.py)."""
    at = AppTest.from_file(APP, default_timeout=60)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in (getattr(node, "children", None) or {}).values():
        yield from nodes(child)


def texts(at: Any) -> list[str]:
    """Everything people read on the page: bodies, labels, help, placeholders and
    the radios' options; not style sheets and scripts."""
    found = []
    for node in nodes(at._tree):
        proto = getattr(node, "proto", None)
        if proto is None or getattr(node, "type", "") in ("html", "bidi_component"):
            continue
        for field in FIELDS:
            value = getattr(proto, field, None) if _has(proto, field) else None
            if isinstance(value, str) and value and not value.startswith("<style"):
                found.append(value)
        if getattr(node, "type", "") == "radio":
            found += list(proto.options)
    return found


def _has(proto: Any, field: str) -> bool:
    return field in {f.name for f in proto.DESCRIPTOR.fields}


def untranslated(text: str, data: Iterable[str] = ()) -> str:
    """What of a text is neither translated (wrapped) nor data, code or markup."""
    for item in sorted(data, key=len, reverse=True):
        text = text.replace(item, "").replace(_md(item), "")
    text = TAG.sub("", PICTURE.sub("", text))
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    return NEUTRAL.sub("", CARD.sub("", CODE.sub("", text)))


def _md(text: str) -> str:
    """``text`` as md_escape writes it (a backslash before Markdown's marks)."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!:|~<>$'])", r"\\\1", text)


def assert_wrapped(at: Any, data: Iterable[str] = ()) -> None:
    data = list(data)
    found = texts(at)
    assert len(found) > 5
    left = {text: untranslated(text, data) for text in found}
    assert {text: rest for text, rest in left.items() if rest} == {}


LANGUAGES_NAMES = ("English", "Español", "Svenska", "Română", "Català", "Հայերեն")


def test_the_scorer_set_up_is_wholly_translated() -> None:
    at = open_page("scorer_page.py")
    assert_wrapped(at, ["Ana", "Ben", *LANGUAGES_NAMES, "తెలుగు"])
    at.radio(key="scorer_table").set_value("2v2").run()
    assert not at.exception
    assert all(o.startswith("⟦") for o in at.radio(key="scorer_table").options)
    assert_wrapped(at, ["Ana", "Ben", "Caio", "Dee", *LANGUAGES_NAMES, "తెలుగు"])


def play_a_deal(at: Any, total: int | None = None, players: int = 2) -> ScorerSession:
    """Start a game of ``players`` and enter a whole simulated deal (as the entry
    component's answers do: through the page's session), the first side's
    deal total claimed as ``total`` before the sheet shows."""
    at.button(key="scorer_start").click().run()
    record = simulate_record(
        "classic", players, seed="apptest-scorer", provenance="inferred"
    )
    deal = record.deals[0]
    at.text_input(key="scorer_table_text_0").input(" ".join(deal.table or ())).run()
    session: ScorerSession = at.session_state["scorer_session"]
    for move in [m for r in deal.rounds for m in r.moves]:
        session.play(move_notation(move).split(" ", 1)[1])
    if total is not None:
        session.claim(0, 0, "total", total)
    at.run()
    assert not at.exception
    return session


def test_the_scorer_at_a_move_and_at_the_score_sheet_is_translated() -> None:
    at = open_page("scorer_page.py")
    at.button(key="scorer_start").click().run()
    assert_wrapped(at, ["Ana", "Ben", *LANGUAGES_NAMES, "తెలుగు", "4S 5D 6C 9C"])
    at.text_input(key="scorer_table_text_0").input("4S 5D 6C 9C").run()
    at.toggle(key="scorer_show_hands").set_value(True).run()
    at.toggle(key="scorer_show_claims").set_value(True).run()
    assert at.subheader[0].value.startswith("⟦")
    sent = entry_data(at)
    assert untranslated(sent["prompt"], ["Ben"]) == ""
    assert all(untranslated(label) == "" for label in sent["labels"].values())
    assert_wrapped(at, ["Ana", "Ben", *LANGUAGES_NAMES, "తెలుగు"])

    at = open_page("scorer_page.py")
    session = play_a_deal(at, total=99)  # a difference, said after Check
    assert at.subheader[0].value.startswith("⟦")
    notes = [sheet.note for sheet in session.standing().sheets]  # the match's words
    data = ["Ana", "Ben", *notes, *LANGUAGES_NAMES, "తెలుగు"]
    assert_wrapped(at, data)
    at.button(key="FormSubmitter:scorer_sheet_form_0-⟦Çĥéçķ~~⟧").click().run()
    assert not at.exception
    assert at.warning and at.warning[0].value.startswith("⟦Ana")
    explained = [m.value for m in at.markdown][-1:]  # the engine's explanation
    assert_wrapped(at, [*data, *explained])


def widget_ids(at: Any) -> dict[str, str]:
    """Each keyed widget's id (what Streamlit keeps a typed value by)."""
    ids = {}
    for node in nodes(at._tree):
        proto, key = getattr(node, "proto", None), getattr(node, "key", None)
        if proto is not None and key and _has(proto, "id"):
            ids[key] = proto.id
    return ids


def test_a_language_change_keeps_what_was_typed_in_the_scorer() -> None:
    at = open_page("scorer_page.py", lang=None)
    at.text_input(key="scorer_name0").input("Marta").run()
    at.radio(key="scorer_table").set_value("3").run()
    at.number_input(key="scorer_target_classic").set_value(11).run()
    before = widget_ids(at)
    at.sidebar.selectbox(key="lang_picker").set_value("es").run()
    assert at.title[0].value == "Anotar una partida"
    assert widget_ids(at) == before  # the same widgets, whatever their words
    assert at.text_input(key="scorer_name0").value == "Marta"
    assert at.radio(key="scorer_table").value == "3"
    assert at.radio(key="scorer_table").options[1] == "3 jugadores"
    assert at.number_input(key="scorer_target_classic").value == 11

    session = play_a_deal(at, total=7, players=3)
    at.toggle(key="scorer_show_claims").set_value(True).run()
    for side, total in enumerate((12, 9, 2)):
        at.number_input(key=f"scorer_claim_total_{side}").set_value(total)
    at.text_input(key="scorer_claim_comment").input("Ben contó dos veces")
    at.button(key="FormSubmitter:scorer_match_form-Guardar").click().run()
    assert not at.exception and len(at.error) == 3  # each total disputed
    before = widget_ids(at)
    assert {"scorer_sheet_0_0", "scorer_claim_total_0"} <= set(before)
    at.sidebar.selectbox(key="lang_picker").set_value("sv").run()
    assert not at.exception
    assert at.subheader[0].value == "Giv 1 är slut · poängprotokoll"
    after = widget_ids(at)
    # the sheet's table and the claims' fields keep their ids (a form's submit
    # button is named by its label: it holds no value)
    assert {k: v for k, v in after.items() if "FormSubmitter" not in k} == {
        k: v for k, v in before.items() if "FormSubmitter" not in k
    }
    totals = [at.number_input(key=f"scorer_claim_total_{s}").value for s in range(3)]
    assert totals == [12, 9, 2]
    assert at.text_input(key="scorer_claim_comment").value == "Ben contó dos veces"
    assert at.session_state["scorer_session"] is session
    assert session.deals[0].claimed is not None  # the typed total, kept


def test_the_scorer_in_spanish() -> None:
    at = open_page("scorer_page.py", lang="es")
    assert at.title[0].value == "Anotar una partida"
    assert at.button(key="scorer_start").label == "Empezar a anotar"
    assert at.radio(key="scorer_table").options == [
        "2 jugadores",
        "3 jugadores",
        "4 jugadores",
        "2 contra 2",
    ]
    at.button(key="scorer_start").click().run()
    assert at.subheader[0].value == "Mano 1 · anota las cartas de la mesa"
    at.text_input(key="scorer_table_text_0").input("4S 5D 6C 9C").run()
    assert entry_data(at)["prompt"] == "Elige la carta que jugó Ben"
    # Spanish and Catalan both say "Anotar" for Enter: the entry is worded anew
    at.sidebar.selectbox(key="lang_picker").set_value("ca").run()
    assert entry_data(at)["prompt"] == "Trieu la carta que va jugar Ben"
    assert entry_data(at)["labels"]["typed"] == "O escriviu la jugada"


def entry_data(at: Any) -> dict[str, Any]:
    """What the page sends the scorer's move entry component."""
    (entry,) = at.get("bidi_component")
    data: dict[str, Any] = json.loads(entry.proto.json)
    return data


def test_the_score_sheet_page_is_wholly_translated() -> None:
    at = open_page("sheet_page.py")
    assert_wrapped(at, ["Ana", "Ben", *LANGUAGES_NAMES, "తెలుగు"])
    at.button(key="sheet_check").click().run()
    assert not at.exception
    assert at.error and at.error[0].value.startswith("⟦")  # no piles: invalid
    typed = sc.Sheet(("Ana", "Ben"), ((), ()), (), (0, 0), 0, claims=({}, {}))
    findings = sc.check_sheet(typed).details  # the referee's findings
    assert findings
    assert_wrapped(at, ["Ana", "Ben", *findings, *LANGUAGES_NAMES, "తెలుగు"])

    at = open_page("sheet_page.py", lang="es")
    assert at.subheader[0].value == "Comprobar una hoja de puntos"
    labels = [n.label for n in at.number_input]
    assert "Más cartas" in labels and "Dos de Casino" in labels


def test_the_puzzles_page_is_wholly_translated() -> None:
    from casino_records.present.viewmodel import puzzles as pv

    at = open_page("puzzles_page.py")
    found = pv.open_puzzles((SAMPLES / FIRST).read_bytes(), FIRST)
    sources = {p.source for p in found.puzzles}
    data = [FIRST, *sources, "Ana", "Ben", "classic", *LANGUAGES_NAMES, "తెలుగు"]
    assert_wrapped(at, data)
    at.button(key="puzzle_move_0").click().run()
    assert not at.exception
    assert_wrapped(at, data)

    at = open_page("puzzles_page.py", lang="es")
    assert at.subheader[0].value == "Ejercicios"
    assert "Aún no has intentado ningún ejercicio" in at.caption[1].value


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results folder of the bundled samples (``casino-records bulk``)."""
    return sample_results(tmp_path_factory.mktemp("results") / "results")


@pytest.mark.slow
def test_the_results_page_is_wholly_translated(results: Path) -> None:
    at = open_page("results_page.py")
    at.sidebar.text_input(key="results_typed").input(str(results)).run()
    assert not at.exception
    table = at.dataframe[0].value
    problems = [str(v) for v in table["first problem"]]  # the engine's sentences
    data = [str(results), "/path/to/results", *problems, *LANGUAGES_NAMES, "తెలుగు"]
    assert_wrapped(at, data)
    assert all(s.startswith("⟦") for s in table["status"])

    at = open_page("results_page.py", lang="es")
    at.sidebar.text_input(key="results_typed").input(str(results)).run()
    assert at.subheader[0].value == "Resultados"
    assert "registros coinciden; se listan todos" in at.caption[1].value
    assert set(at.dataframe[0].value["status"]) <= {"en disputa", "inválido"}
