"""The stepper's assets, and a whole game as one self-contained HTML page.

The viewer's stepper is three files in ``present/web/``: its HTML frame, its
style sheet and its script (a Streamlit Custom Component v2 module). The
Streamlit page mounts them (:func:`stepper_assets`); :func:`offline_page`
puts the very same three inline into a page of its own, with every deal's
steps pre-rendered by :func:`.viewmodel.stepper_payload`, so the page opens
from ``file://`` with no server and fetches nothing: the same table, keys,
move list and verdict as the viewer. The steps are shipped deflated
(:func:`packed`) and inflated by the browser (``DecompressionStream``): their
markup repeats from step to step, so the page stays a few times the record's
size. With ``tries`` (``html --try-moves``) it also carries every other legal
move of each position played out by the bot (:mod:`.offline_tries`), a deal's
lines deflated together and inflated when one of them is first opened, and
the record itself (deflated too), which a line's *Download the record with
this line* gives back with the line kept in it (placed by Python, inserted by
the script).

Data never becomes code: the steps travel as JSON in a
``<script type="application/json">`` (a deal's steps deflated, as base64; the rest with
every ``<``, ``>`` and ``&`` written as ``\\u003c`` …, so no text can close
it), parsed with ``JSON.parse``, never run; their HTML is escaped where it is
built, and the page's Content-Security-Policy lets only its own script run
(by its hash), so even a stray handler in the data would not.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from html import escape
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any, Final

from .. import __version__
from ..analysis.game_analysis import GameAnalysis
from ..i18n import ENGLISH, Translator
from ..record.json import jsonio
from .offline_lines import line_payloads
from .offline_tries import tried_blobs, tries_frame
from .sprite import card_sprite
from .viewmodel import (
    ALL,
    Game,
    banner_html,
    opening_position,
    stepper_payload,
    summary,
)
from .viewmodel.stepper import frame_labels

__all__ = ["PAGE_CSS", "STEPS", "offline_page", "packed", "stepper_assets"]

_EXPORT: Final = "export default mountStepper;"
STEPS: Final = ("fragments", "positions")
"""The parts of a deal's stepper data that grow with its steps, shipped
:func:`packed` as the payload's ``steps`` (the page inflates them)."""

PAGE_CSS: Final = """
:root { color-scheme: light; }
body { margin: 0; background: #fff; color: #31333f;
  font-family: "Source Sans Pro", "Segoe UI", Roboto, sans-serif; }
.cr-page { max-width: 1360px; margin: 0 auto; padding: 0.8rem 1.2rem 1.5rem; }
.cr-page h1 { font-size: 1.45rem; margin: 0 0 0.1rem; overflow-wrap: anywhere; }
.cr-page .cr-meta { margin: 0 0 0.3rem; font-size: 0.9rem; opacity: 0.75; }
.cr-page .cr-record-comment { margin: 0 0 0.4rem; white-space: pre-wrap; }
.cr-page footer { margin-top: 1rem; font-size: 0.8rem; color: #50525c; }
@media (max-width: 640px) { .cr-page { padding: 0.5rem 0.6rem 1rem; } }
.cr-page :focus-visible { outline: 2px solid #1a5fb4; outline-offset: 2px; }
.cr-lines { margin: 0.3rem 0; }
.cr-lines-list { margin: 0.2rem 0 0; padding-left: 1.2rem; }
.cr-lines-list li { margin: 0.15rem 0; }
.cr-result { font-weight: 600; }
.cr-assumed summary { cursor: pointer; font-size: 0.85rem; }
"""
"""The offline page's own style, around the stepper's."""

_DRIVER: Final = """
(async () => {
  const data = JSON.parse(document.getElementById("cr-data").textContent);
  const host = document.getElementById("cr-root");
  // Each deal's steps come deflated (see offline.packed): inflated here, once.
  if (typeof DecompressionStream !== "function") {
    host.querySelector(".cr-stepper").textContent = data.unsupported;
    return;
  }
  async function inflate(text) {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return JSON.parse(await new Response(stream).text());
  }
  await Promise.all(Object.values(data.payloads).map(async (payload) => {
    Object.assign(payload, await inflate(payload.steps));
    delete payload.steps;
  }));
  // The moves tried instead (offline_tries): a deal's lines are inflated
  // when one of them is first opened, sharing their fragments.
  function tried(deal) {
    const blob = (data.tries || []).find((b) => deal >= b.first && deal < b.first + b.count);
    if (!blob) return Promise.resolve();
    blob.ready = blob.ready || inflate(blob.steps).then((steps) => {
      for (const [key, own] of Object.entries(steps.lines)) {
        data.payloads[key] = Object.assign({}, steps.common, own, { fragments: steps.fragments });
      }
    });
    return blob.ready;
  }
  async function payloadOf(deal) {
    if (!data.payloads[String(deal)]) await tried(deal);
    return data.payloads[String(deal)];
  }
  let nonce = 0;
  let cleanup = null;
  let asked = 0; // the latest open: an earlier one still inflating gives way
  async function open(deal, step) {
    const mine = ++asked;
    const payload = await payloadOf(deal);
    if (!payload || mine !== asked) return;
    nonce += 1;
    if (cleanup) cleanup();
    cleanup = mountStepper({
      parentElement: host,
      data: Object.assign({}, payload, {
        sprite: data.sprite, key: `deal${deal}`, start: step, nonce, address: "hash",
      }),
      setStateValue() {},
      setTriggerValue(name, value) {
        if (name === "jump") open(value[0], value[1]);
      },
    });
  }
  // A link into the page: #deal=D&move=M (M as the page names its steps),
  // followed when the page opens and whenever the hash is changed by hand
  // (the stepper's own steps replace the address, which fires no event).
  async function wanted() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const deal = Number(params.get("deal")) - 1;
    const payload = Number.isInteger(deal) && deal >= 0 ? await payloadOf(deal) : null;
    if (!payload) return null;
    const found = payload.positions.findIndex((p) => p.label === params.get("move"));
    return [deal, Math.max(found, 0)];
  }
  // A tried line kept (offline_tries.keeping): the record, with the line
  // appended where Python said, downloaded as JSON. No rule here.
  host.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-keep]");
    if (!button || !data.record) return;
    const keep = (await payloadOf(Number(button.dataset.keep)) || {}).keep;
    if (!keep) return;
    const record = await inflate(data.record);
    const move = record.deals[keep.deal].rounds[keep.round].moves[keep.index];
    if (keep.moves) move.variations = [...(move.variations || []), keep.moves];
    const file = new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = data.keepName;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  const first = (await wanted()) || data.start;
  open(first[0], first[1]);
  window.addEventListener("hashchange", async () => {
    const target = await wanted();
    if (target) open(target[0], target[1]);
  });
})();
"""


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("web", name).read_text("utf-8")


def stepper_assets(t: Translator = ENGLISH) -> tuple[str, str, str]:
    """The stepper's HTML frame (its words in ``t``'s language: the script
    sets them anew from each payload's ``labels``), style sheet and script
    (an ES module)."""
    frame = Template(_asset("stepper.html")).substitute(
        {key: escape(text) for key, text in frame_labels(t).items()}
    )
    return frame, _asset("stepper.css"), _asset("stepper.js")


def _json_in_html(value: object) -> str:
    """JSON that no text in it can end a ``<script>`` with (nor start a comment).

    >>> _json_in_html({"a": "</script><!--&"})
    '{"a":"\\\\u003c/script\\\\u003e\\\\u003c!--\\\\u0026"}'
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def packed(value: object) -> str:
    """``value`` as JSON, deflated (zlib) and in base64: what the page inflates.

    A deal's steps repeat the same markup step after step (every card, pile and
    seat of every position); deflated, the page grows with the record, not with
    steps times table (about 15 KB a 48-move deal instead of 280 KB).

    >>> import base64, zlib
    >>> json.loads(zlib.decompress(base64.b64decode(packed({"a": "<b>"}))))
    {'a': '<b>'}
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def offline_page(
    game: Game,
    *,
    perspective: str = ALL,
    analysis: GameAnalysis | None = None,
    t: Translator = ENGLISH,
    tries: bool = False,
    name: str = "",
) -> str:
    """The whole game as one HTML page that works from ``file://``.

    Every deal's steps from ``perspective`` (``all``, ``seatN`` or ``none``),
    opening where the viewer opens the game (an invalid record at its illegal
    move), or where the page's address says (``#deal=2&move=score``).
    A record with no position to show (its first deal cannot be dealt) gets
    the verdict alone. The game's ``analysis``, if given, is shown in the
    ``all`` view as the viewer shows it (:func:`.viewmodel.stepper_payload`).
    Every word is in ``t``'s language, and the page says which (``lang``).
    The lines of play the record keeps (variations) are steps of their own,
    entered from the position they branch from (:mod:`.offline_lines`).
    With ``tries``, every other legal move of each position is a line the
    bot plays to the end of the deal (:mod:`.offline_tries`; several times
    the page's size and a few seconds to draw); each line's steps offer the
    record with the line kept in it as a download, ``NAME-lines.json`` after
    the record's file ``name`` (as the viewer names it).
    """
    if perspective != ALL:
        analysis = None
    start = opening_position(game)
    frame, css, script = stepper_assets(t)
    if _EXPORT not in script:  # pragma: no cover - the asset is ours
        raise RuntimeError(f"stepper.js must end with {_EXPORT!r}")
    if start is None:
        nothing = escape(t.gettext("This record has no position to show."))
        return _page(
            game,
            css,
            f'<div class="cr-stepper">{banner_html(game, t)}<p>{nothing}</p></div>',
            "",
            "",
            t,
        )
    deals: dict[str, dict[str, Any]] = {
        str(deal): dict(stepper_payload(game, deal, perspective, analysis, t=t))
        for deal in game.deals
    }
    lines = line_payloads(game, perspective, deals, t)  # the record's kept lines
    blobs = tried_blobs(game, perspective, deals, t) if tries else []
    payloads = {}
    for key, payload in (deals | lines).items():
        payload.pop("sprite", None)
        steps = {name: payload.pop(name) for name in STEPS}
        payloads[key] = {**payload, "steps": packed(steps)}
    data = {
        "start": list(start),
        "sprite": card_sprite(),
        "payloads": payloads,
        "unsupported": t.gettext(
            "This page needs a browser that can inflate data (DecompressionStream)."
        ),
    }
    if blobs:
        data["tries"] = [{**blob, "steps": packed(blob["steps"])} for blob in blobs]
        frame = tries_frame(frame, t)
        data["record"] = packed(jsonio.canonical_data(game.record))
        data["keepName"] = f"{Path(name).stem or 'record'}-lines.json"
    code = script.replace(_EXPORT, "") + _DRIVER
    return _page(
        game, css, frame, _json_in_html(data), code, t, marked=analysis is not None
    )


def _page(
    game: Game,
    css: str,
    main: str,
    data: str,
    code: str,
    t: Translator = ENGLISH,
    *,
    marked: bool = False,
) -> str:
    """The page around the stepper's ``main`` frame, its ``data`` and ``code``;
    ``marked``: the game is analysed (its keys ``[`` ``]`` go to marked moves)."""
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode()
    policy = (
        "default-src 'none'; style-src 'unsafe-inline';"
        f" script-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    )
    record = game.record
    title = record.id or t.gettext("casino record")
    comment = (
        f'<p class="cr-record-comment">{escape(record.comment)}</p>'
        if record.comment
        else ""
    )
    scripts = (
        [
            f'<script type="application/json" id="cr-data">{data}</script>',
            f"<script>{code}</script>",
        ]
        if code
        else []
    )
    footer = (
        t.gettext(
            "Keys: ← → step · Home End the deal's start and score · Page Up / Page"
            " Down rounds · [ ] the previous / next marked move. Written by"
            " casino-records {version}; this page needs no server."
        )
        if marked
        else t.gettext(
            "Keys: ← → step · Home End the deal's start and score · Page Up / Page"
            " Down rounds. Written by casino-records {version}; this page needs no"
            " server."
        )
    ).format(version=__version__)
    return "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{escape(t.code)}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">',
            f"<title>{escape(title)} · casino-records</title>",
            f"<style>{PAGE_CSS}{css}</style>",
            "</head>",
            "<body>",
            '<div class="cr-page">',
            "<header>",
            f"<h1>{escape(title)}</h1>",
            f'<p class="cr-meta">{escape(summary(game, t))}</p>',
            comment,
            "</header>",
            f'<main id="cr-root">{main}</main>',
            f"<footer>{escape(footer)}</footer>",
            "</div>",
            *scripts,
            "</body>",
            "</html>",
            "",
        ]
    )
