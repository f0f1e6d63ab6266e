// The scorer's move entry (a Streamlit Custom Component v2, no iframe).
//
// Python sends one position, pre-rendered (see
// casino_records/present/scorer_entry.py): the table, the card buttons, and
// for every playable card its legal moves as buttons. This code only shows the moves of
// the card picked, at once, and sends back what was chosen: trigger "play"
// with [key, card, index], or trigger "typed" with [key, text]. No game logic:
// which cards and moves exist is in the data, and so are its words (labels, in
// the reader's language). While Python answers, the entry is marked busy; the
// next data (a new key or serial) ends that.

let memory = null; // {key, serial, card}

export default function ({ parentElement, data, setTriggerValue }) {
  const root = parentElement.querySelector(".cr-entry");
  if (!root || !data || typeof data.key !== "string") return undefined;
  const part = (name) => root.querySelector(`[data-part="${name}"]`);
  const fresh = memory === null || memory.key !== data.key;
  const answered = fresh || memory.serial !== data.serial;
  if (fresh) {
    memory = { key: data.key, serial: data.serial, card: null };
    const faces = part("faces");
    if (faces.crShown !== data.faces) {
      faces.innerHTML = data.faces; // the same at every position: drawn once
      faces.crShown = data.faces;
    }
    part("table").innerHTML = data.table;
    part("tally").textContent = data.tally;
    part("picker").innerHTML = data.picker;
    part("prompt").textContent = data.prompt;
    part("typed").value = "";
  }
  if (data.labels) {
    part("picker").setAttribute("aria-label", data.labels.picker);
    part("moves").setAttribute("aria-label", data.labels.moves);
    part("typed-label").textContent = data.labels.typed;
    part("enter").textContent = data.labels.enter;
  }
  memory.serial = data.serial;
  if (answered) root.classList.remove("cr-busy");
  const error = part("error");
  error.innerHTML = data.error;
  error.hidden = data.error === "";

  function pick(card) {
    memory.card = card;
    for (const button of part("picker").querySelectorAll("[data-pick]")) {
      button.setAttribute("aria-pressed", String(button.dataset.pick === card));
    }
    part("moves").innerHTML = card === null ? "" : data.moves[card] || "";
  }
  pick(memory.card);

  function send(trigger, value) {
    root.classList.add("cr-busy");
    setTriggerValue(trigger, value);
  }

  // Property handlers, not listeners: a rerun calls this function again on the
  // same elements and must not add a second handler.
  root.onclick = (event) => {
    if (root.classList.contains("cr-busy")) return;
    const card = event.target.closest("[data-pick]");
    if (card && root.contains(card) && !card.disabled) {
      pick(card.dataset.pick === memory.card ? null : card.dataset.pick);
      return;
    }
    const move = event.target.closest("[data-move]");
    if (move && root.contains(move) && memory.card !== null) {
      send("play", [data.key, memory.card, Number(move.dataset.move)]);
    }
  };
  part("typed-form").onsubmit = (event) => {
    event.preventDefault();
    const text = part("typed").value.trim();
    if (text && !root.classList.contains("cr-busy")) send("typed", [data.key, text]);
  };
  return undefined;
}
