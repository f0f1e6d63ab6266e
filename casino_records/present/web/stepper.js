// The replay viewer's stepper: shows one step of a deal at a time.
//
// Python sends every step of one deal, pre-rendered and escaped (see
// casino_records/present/viewmodel/stepper.py): the HTML fragments once, and
// per step which fragment fills which part of the page. This code only shows
// step i and turns keys, buttons, the slider, the choosers and the move list
// into i. No game logic: where each step leads is in the data
// (positions[i].nav, as [deal, step]). A target in another deal is handed back
// (trigger "jump"): to Python in Streamlit, to the page's own loader offline.
//
// In Streamlit it is a Custom Component v2 (no iframe); offline, the HTML page
// written by `casino-records html` calls mountStepper with the same arguments.
// Each report to Python is a rerun, so the step shown is reported
// (state "position": [deal, step, nonce]; the nonce says which of Python's
// jumps it follows) once stepping pauses for REPORT_DELAY ms, and at once when
// anything else on the page is touched (a pointer, a key, focus, a drop), so
// that Python knows it before any other rerun. The address follows each step
// (history.replaceState), just after the new step is drawn: its query
// (?…&move=12) in Streamlit, its hash (#deal=1&move=12) offline.

const KEYS = {
  ArrowLeft: "prev",
  ArrowRight: "next",
  Home: "first",
  End: "last",
  PageUp: "round_prev",
  PageDown: "round_next",
  "[": "mistake_prev", // an analysed game's marked moves (stepper.py's nav)
  "]": "mistake_next",
};
const TYPED = new Set(["[", "]"]); // keys known by the character they type
const REPORT_DELAY = 1000;
const NARROW = "(max-width: 640px)"; // the style sheet's phone layout
const TYPING = "input, select, textarea, [contenteditable=''], [contenteditable='true'], [role='combobox'], [role='listbox'], [role='slider'], [role='radiogroup'], [role='textbox']";

// One stepper per page: what it shows survives reruns that resend its data.
let memory = null; // {key, nonce, index, reported}
let removeListeners = null; // removes the document-level listeners
let flushReport = () => {}; // reports a pending step now
let urlTimer = 0;

function writeAddress(data, label) {
  urlTimer = 0;
  const location = window.location;
  let search = location.search;
  let hash = location.hash;
  if (data.address === "hash") {
    hash = `#deal=${data.deal + 1}&move=${encodeURIComponent(label)}`;
  } else {
    const value = `move=${encodeURIComponent(label)}`;
    if (/(^|[?&])move=[^&]*/.test(search)) {
      search = search.replace(/(^|[?&])move=[^&]*/, `$1${value}`);
    } else {
      search = search ? `${search}&${value}` : `?${value}`;
    }
  }
  if (search !== location.search || hash !== location.hash) {
    window.history.replaceState(window.history.state, "", location.pathname + search + hash);
  }
}

function options(select, entries, value, text) {
  select.replaceChildren(
    ...entries.map((entry) => {
      const option = document.createElement("option");
      option.value = String(value(entry));
      option.textContent = text(entry);
      return option;
    }),
  );
}

// The frame's words, in the page's language (Python's frame_labels): the
// elements name theirs (data-text, data-tip, data-aria).
function relabel(root, labels) {
  const said = JSON.stringify(labels || null);
  if (!labels || root.crLabels === said) return;
  for (const [attribute, apply] of [
    ["data-text", (el, text) => { el.textContent = text; }],
    ["data-tip", (el, text) => { el.title = text; }],
    ["data-aria", (el, text) => { el.setAttribute("aria-label", text); }],
  ]) {
    for (const el of root.querySelectorAll(`[${attribute}]`)) {
      const text = labels[el.getAttribute(attribute)];
      if (typeof text === "string") apply(el, text);
    }
  }
  root.crLabels = said;
}

function mountStepper({ parentElement, data, setStateValue, setTriggerValue }) {
  const root = parentElement.querySelector(".cr-stepper");
  if (!root || !data || !Array.isArray(data.positions) || !data.positions.length) {
    return undefined;
  }
  flushReport(); // a step the previous data left unreported
  relabel(root, data.labels);
  const parts = new Map();
  const part = (name) => {
    if (!parts.has(name)) parts.set(name, root.querySelector(`[data-part="${name}"]`));
    return parts.get(name);
  };
  const positions = data.positions;
  const fragments = data.fragments;
  const last = positions.length - 1;
  const fresh =
    memory === null || memory.key !== data.key || memory.nonce !== data.nonce;
  if (fresh) {
    memory = { key: data.key, nonce: data.nonce, index: data.start, reported: data.start };
  }
  memory.index = Math.max(0, Math.min(last, memory.index));

  // What belongs to the deal, not to a step: the cards' drawings, the verdict,
  // the analysis's graph, the board's frame, the choosers and the slider's range.
  // (Each element remembers the HTML it was given, so a rerun that resends
  // the same verdict keeps its folded lines as the reader left them; a new
  // verdict opens folded on a phone, to its one line.)
  const deal = [["sprite", data.sprite], ["banner", data.banner], ["graph", data.graph || ""]];
  for (const [name, html] of deal) {
    const el = part(name);
    if (el.crShown !== html) {
      el.innerHTML = html;
      el.crShown = html;
      // On a phone the verdict shows its one line; a tap unfolds it.
      if (window.matchMedia(NARROW).matches) {
        for (const box of el.querySelectorAll("details[data-fold-narrow]")) box.open = false;
      }
    }
    el.hidden = html === "";
  }
  // A rerun that resends the same steps (Python hearing of a step) keeps what
  // is drawn: only a new deal, view or game redraws the board.
  const stage = part("stage");
  const drawn = `${data.key}|${data.perspective}|${data.fragments.length}`;
  if (stage.crDrawn !== drawn || stage.crBoard !== data.board) {
    stage.innerHTML = data.board;
    stage.crDrawn = drawn;
    stage.crBoard = data.board;
    stage.crShown = {}; // part -> fragment index shown
  }
  parts.clear();
  const shown = stage.crShown;

  const deals = part("deal");
  const rounds = part("round");
  const choices = JSON.stringify([data.deals, data.rounds]);
  if (root.crChoices !== choices) {
    options(deals, data.deals, (d) => d.deal, (d) => d.label);
    options(rounds, data.rounds, (r) => r.move, (r) => r.label);
    root.crChoices = choices;
  }
  deals.value = String(data.deal);
  deals.disabled = data.deals.length < 2;
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
    const listFocused = part("list").contains(document.activeElement);
    part("headline").textContent = p.headline;
    for (const [name, fragment] of Object.entries(p.parts)) {
      if (shown[name] === fragment) continue;
      const el = part(name);
      if (!el) continue;
      const html = fragments[fragment];
      el.innerHTML = html;
      (el.closest("[data-box]") || el).hidden = html === "";
      shown[name] = fragment;
    }
    for (const slot of stage.querySelectorAll(".cr-turn")) slot.classList.remove("cr-turn");
    if (p.turn >= 0) part(`seat${p.turn}`).classList.add("cr-turn");
    // The step's entries in the move list and the graph are marked current.
    for (const host of [part("list"), part("graph")]) {
      for (const item of host.querySelectorAll("[aria-current]")) {
        item.removeAttribute("aria-current");
      }
      const entry = host.querySelector(`[data-move="${i}"]`);
      if (entry) entry.setAttribute("aria-current", "step");
    }
    const list = part("list");
    const current = list.querySelector(`[data-move="${i}"]`);
    // The list is one tab stop (its current entry, else its first); the arrow
    // keys move within it (roving tabindex). A redrawn list keeps the focus.
    const entries = list.querySelectorAll("button[data-move]");
    const stop = current || entries[0];
    for (const entry of entries) entry.tabIndex = entry === stop ? 0 : -1;
    if (stop && listFocused && !list.contains(document.activeElement)) stop.focus();
    for (const button of root.querySelectorAll("[data-nav]")) {
      button.disabled = p.nav[button.dataset.nav] == null;
    }
    slider.value = String(i);
    part("slider-value").textContent = p.where;
    rounds.value = String(data.rounds[p.round] ? data.rounds[p.round].move : 0);
    // A table wider than its box (a score of three or four sides) says so.
    for (const box of stage.querySelectorAll(".cr-scroll")) {
      const hint = box.parentElement.querySelector(".cr-scroll-hint");
      if (hint) hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    }
    // Into view within the list only (the page itself must not move). Read
    // after every write above: one layout for the step, not two.
    if (current) {
      const top = current.offsetTop;
      if (top < list.scrollTop) {
        list.scrollTop = top;
      } else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top + current.offsetHeight - list.clientHeight;
      }
    }
    if (!urlTimer) urlTimer = window.setTimeout(() => writeAddress(data, p.label), 0);
    if (tell) reportSoon();
  }

  function go(target) {
    if (!Array.isArray(target)) return;
    const [deal, step] = target;
    if (deal === data.deal) {
      show(step, true);
    } else {
      report();
      setTriggerValue("jump", [deal, step]);
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
      event.preventDefault(); // a link in running text: no address of its own
      go([Number(link.dataset.deal), Number(link.dataset.move)]);
    }
  };
  const list = part("list");
  list.onkeydown = (event) => {
    const delta = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    const entry = event.target instanceof Element && event.target.closest("button[data-move]");
    if (!delta || !entry || event.altKey || event.ctrlKey || event.metaKey) return;
    const entries = [...list.querySelectorAll("button[data-move]")];
    const next = entries[entries.indexOf(entry) + delta];
    event.preventDefault();
    if (!next) return;
    next.focus();
    go([Number(next.dataset.deal), Number(next.dataset.move)]);
  };
  slider.oninput = () => show(Number(slider.value), true);
  rounds.onchange = () => show(Number(rounds.value), true);
  deals.onchange = () => go([Number(deals.value), 0]);

  if (removeListeners) removeListeners();
  // The step a key asks for, or null when the key is not the stepper's.
  const stepOf = (event) => {
    const action = KEYS[event.key];
    const target = event.target;
    if (!action || !root.isConnected) return null;
    if (TYPED.has(event.key)) {
      // typed with AltGr (Ctrl+Alt on Windows) or Option on many layouts
      if (event.metaKey || (event.ctrlKey && !event.altKey)) return null;
    } else if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return null;
    }
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
  // A step kept across a rerun that Python has not heard of yet.
  if (!fresh) report();
  return () => {
    report();
    remove();
  };
}

export default mountStepper;
