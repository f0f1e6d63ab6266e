"""A board the library draws, shown inside the stepper's style sheet.

A small Custom Component v2: its frame takes the HTML it is given (``data``:
``{"key": ..., "html": ...}``) and redraws only when the key changes. The
Replay page's what-if line and the Puzzles page show their boards with it.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from casino_records.present.offline import stepper_assets

_, _CSS, _ = stepper_assets()
_JS = """
export default function ({ parentElement, data }) {
  const root = parentElement.querySelector("[data-board]");
  if (root && data && root.dataset.key !== data.key) {
    root.innerHTML = data.html;
    root.dataset.key = data.key;
  }
}
"""


def html_board(name: str, css_class: str, test_id: str) -> Any:
    """The component ``name``: a ``cr-stepper`` frame of class ``css_class``."""
    return st.components.v2.component(
        name,
        html=f'<div class="cr-stepper {css_class}" data-board data-testid="{test_id}"></div>',
        css=_CSS,
        js=_JS,
        isolate_styles=False,
    )
