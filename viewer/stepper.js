// The replay viewer's stepper (a Streamlit Custom Component v2, no iframe).
//
// Python sends every position of one deal, pre-rendered (see
// casino_records/viewmodel/stepper.py); this code only shows position i of it
// and turns keys, buttons, the slider and the move list into i. No game logic:
// where each step leads is in the data (positions[i].nav), as [deal, move].
// A target in another deal goes back to Python (trigger "jump").
//
// Each report to Python is a rerun, so the position shown is reported
// (state "position": [deal, move, nonce]; the nonce says which of Python's
// jumps it follows) once stepping pauses for REPORT_DELAY ms, and at once when
// anything else on the page is touched (a pointer, a key, focus, a drop), so
// that Python knows it before any other rerun. The address bar follows each
// step (history.replaceState), just after the new position is drawn.

const KEYS = {
  ArrowLeft: "prev",
  ArrowRight: "next",
  Home: "first",
  End: "last",
  PageUp: "round_prev",
  PageDown: "round_next",
};
const REPORT_DELAY = 250;
const FRAGMENTS = ["last", "failing", "board", "sides", "score", "alts"];
const TYPING = "input, select, textarea, [contenteditable=''], [contenteditable='true'], [role='combobox'], [role='listbox'], [role='slider'], [role='radiogroup'], [role='textbox']";

// One stepper per page: what it shows survives reruns that resend its data.
let memory = null; // {key, nonce, index, reported}
let removeListeners = null; // removes the document-level listeners
let flushReport = () => {}; // reports a pending position now
let urlTimer = 0;

function moveInUrl() {
  urlTimer = 0;
  const index = memory.index;
  const value = `move=${index + 1}`;
  const search = window.location.search;
  let next;
  if (/(^|[?&])move=[^&]*/.test(search)) {
    next = search.replace(/(^|[?&])move=[^&]*/, `$1${value}`);
  } else {
    next = search ? `${search}&${value}` : `?${value}`;
  }
  if (next !== search) {
    const url = window.location.pathname + next + window.location.hash;
    window.history.replaceState(window.history.state, "", url);
  }
}

export default function ({ parentElement, data, setStateValue, setTriggerValue }) {
  const root = parentElement.querySelector(".cr-stepper");
  if (!root || !data || !Array.isArray(data.positions) || !data.positions.length) {
    return undefined;
  }
  flushReport(); // a position the previous data left unreported
  const part = (name) => root.querySelector(`[data-part="${name}"]`);
  const positions = data.positions;
  const last = positions.length - 1;
  const fresh =
    memory === null || memory.key !== data.key || memory.nonce !== data.nonce;
  if (fresh) {
    memory = { key: data.key, nonce: data.nonce, index: data.start, reported: data.start };
  }
  memory.index = Math.max(0, Math.min(last, memory.index));

  const shown = {}; // fragment -> html currently in the page
  let shownList = -1;

  // The round chooser and the slider belong to the deal.
  const rounds = part("round");
  rounds.replaceChildren(
    ...data.rounds.map((r) => {
      const option = document.createElement("option");
      option.value = String(r.move);
      option.textContent = r.label;
      return option;
    }),
  );
  const slider = part("slider");
  slider.max = String(last);
  slider.disabled = last === 0;

  let reportTimer = 0;
  function report() {
    window.clearTimeout(reportTimer);
    reportTimer = 0;
    if (memory.reported !== memory.index) {
      memory.reported = memory.index;
      setStateValue("position", [data.deal, memory.index, data.nonce]);
    }
  }
  function reportSoon() {
    window.clearTimeout(reportTimer);
    reportTimer = window.setTimeout(report, REPORT_DELAY);
  }

  function show(index, tell) {
    const i = Math.max(0, Math.min(last, index));
    const p = positions[i];
    memory.index = i;
    part("headline").textContent = p.headline;
    for (const name of FRAGMENTS) {
      const html = p.html[name] || "";
      if (shown[name] !== html) {
        const el = part(name);
        el.innerHTML = html;
        el.hidden = html === "";
        shown[name] = html;
      }
    }
    const list = part("list");
    if (shownList !== p.list) {
      list.innerHTML = data.lists[p.list];
      shownList = p.list;
    }
    for (const item of list.querySelectorAll("[aria-current]")) {
      item.removeAttribute("aria-current");
    }
    const current = list.querySelector(`[data-move="${i}"]`);
    if (current) current.setAttribute("aria-current", "step");
    for (const button of root.querySelectorAll("[data-nav]")) {
      button.disabled = p.nav[button.dataset.nav] == null;
    }
    slider.value = String(i);
    part("slider-value").textContent = `${i} / ${last}`;
    rounds.value = String(data.rounds[p.round] ? data.rounds[p.round].move : 0);
    if (!urlTimer) urlTimer = window.setTimeout(moveInUrl, 0);
    if (tell) reportSoon();
  }

  function go(target) {
    if (!Array.isArray(target)) return;
    const [deal, move] = target;
    if (deal === data.deal) {
      show(move, true);
    } else {
      report();
      setTriggerValue("jump", [deal, move]);
    }
  }

  // Property handlers, not listeners: a rerun that resends the data calls this
  // function again on the same elements, and must not add a second handler.
  root.onclick = (event) => {
    const nav = event.target.closest("[data-nav]");
    if (nav && root.contains(nav)) {
      go(positions[memory.index].nav[nav.dataset.nav]);
      return;
    }
    const link = event.target.closest("[data-move]");
    if (link && root.contains(link)) {
      go([Number(link.dataset.deal), Number(link.dataset.move)]);
    }
  };
  slider.oninput = () => show(Number(slider.value), true);
  rounds.onchange = () => show(Number(rounds.value), true);

  if (removeListeners) removeListeners();
  // The step a key asks for, or null when the key is not the stepper's.
  const stepOf = (event) => {
    const action = KEYS[event.key];
    const target = event.target;
    if (!action || !root.isConnected) return null;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
    if (target instanceof Element && target.closest(TYPING)) return null;
    return action;
  };
  const onKey = (event) => {
    const action = stepOf(event);
    if (action === null || event.defaultPrevented) return;
    event.preventDefault();
    go(positions[memory.index].nav[action]);
  };
  const onTouch = (event) => {
    const target = event.target;
    if (target instanceof Node && root.contains(target)) return;
    if (event.type === "keydown" && stepOf(event) !== null) return;
    report(); // something else on the page: Python must know first
  };
  const touches = ["pointerdown", "keydown", "focusin", "dragenter"];
  document.addEventListener("keydown", onKey);
  for (const type of touches) document.addEventListener(type, onTouch, true);
  const remove = () => {
    document.removeEventListener("keydown", onKey);
    for (const type of touches) document.removeEventListener(type, onTouch, true);
    if (removeListeners === remove) removeListeners = null;
  };
  removeListeners = remove;
  flushReport = report;

  show(memory.index, false);
  // A position kept across a rerun that Python has not heard of yet.
  if (!fresh) report();
  return () => {
    report();
    remove();
  };
}
