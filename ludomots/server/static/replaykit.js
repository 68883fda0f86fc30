// What every game's replay shares: reading the record, the page around the game's own drawing
// (header, stage, navigation, move card, scores card, move list), stepping through it (buttons,
// slider, list, keyboard) and the pieces of a step's card that read alike in every game. Each
// game's replay draws a step; the rest is here.

import { el, icon, replace, setTitle, errorBlock, de } from "./ui.js";
import { recordUrl } from "./api.js";
import { seatLabel, whoNode } from "./tablekit.js";

/** How the navigation names a step: most games step through actions, Topword through moves. */
export const ACTIONS = {
  noun: "action", prev: "Action précédente", next: "Action suivante",
  start: (last) => `Début · ${last} actions`, at: (k, last) => `Action ${k} / ${last}`,
};
export const MOVES = {
  noun: "coup", prev: "Coup précédent", next: "Coup suivant",
  start: (last) => `Début · ${last} coups`, at: (k, last) => `Coup ${k} / ${last}`,
};

/** A step's game view: the spectator view, or its `game` part if the server wraps it. */
export function gameOf(step) {
  const view = (step && step.view) || {};
  return view.game && typeof view.game === "object" ? view.game : view;
}

/** The record's steps, seats and title (the page title set); null, with the error shown in
 *  `main`, when the record has no step. `info` is the table (or null) for a missing field. */
export function openRecord(main, data, info, defaultTitle) {
  const steps = Array.isArray(data.steps) ? data.steps : [];
  if (!steps.length) {
    replace(main, errorBlock("Revoir la partie", "Cette partie ne contient aucun coup.", []));
    return null;
  }
  rebuildLogs(steps, data.log_keys || []);
  const seats = data.seats || (info && info.seats) || [];
  const title = data.title || (info && info.title) || defaultTitle;
  setTitle(`Revoir · ${title}`);
  return {
    steps, seats, title, last: steps.length - 1, winners: data.winners || [], seatName: (i) => seatLabel(seats, i),
    chat: Array.isArray(data.chat) ? data.chat : [], times: Array.isArray(data.times) ? data.times : [],
    departures: Array.isArray(data.departures) ? data.departures : [],
  };
}

/** The logs that only grow come as the entries each step adds (`step.logs`: {key: start}):
 *  make each step's lists whole again, as the game views had them. */
function rebuildLogs(steps, keys) {
  const whole = {};
  for (const step of steps) {
    const g = gameOf(step);
    for (const key of keys) {
      if (!Array.isArray(g[key])) continue;
      const start = step.logs && step.logs[key];
      if (Number.isInteger(start)) g[key] = (whole[key] || []).slice(0, start).concat(g[key]);
      whole[key] = g[key];
    }
  }
}

/** "Victoire d’Alice", "Victoire partagée de Bruno et Alice": the head of the result line. */
export function victoryText(winners, seatName) {
  return `${winners.length > 1 ? "Victoire partagée" : "Victoire"} ${de(winners.map(seatName).join(" et "))}`;
}

/** The page of a replay of `record` (from `openRecord`) around the game's `stage` (its board,
 *  rows or table), drawn by `draw(index)` at each step; the heading names the players, joined
 *  by `versus`. Returns the side cards to fill (`moveCard`, `scoresCard`), `addStep` for the
 *  move list, `go(k)`, `redraw()` and `start()`, which draws the last step, binds the keyboard
 *  and returns what unbinds it (the screen's cleanup). `onGo` runs at every `go` (a click, a
 *  key, the slider). The list follows the step: it shows the entry of the current step, or
 *  of the last listed step before it when the list leaves some steps out. */
export function replayPage(main, { title, seats, last, seatName, chat = [], times = [], steps = [], departures = [] }, {
  id, game, pageClass = "", versus = ", ", subtitle, stage, listTitle, draw,
  words = ACTIONS, onGo = null,
}) {
  let index = last;
  const controls = replayControls(last, words, go, () => index);
  const moveCard = el("section", { class: "card replay-move", "aria-live": "polite" });
  const scoresCard = el("section", { class: "card replay-scores" });
  const moveList = el("ol", { class: "log-list" });
  // Who left the game before its end: resigned, or expelled once out of time (issue 19).
  const gone = departures.map((d) => el("p", { class: "muted small replay-departure", text: d.reason === "expel"
    ? `${d.name} : expulsé (temps écoulé), après ${d.seq} coup${d.seq > 1 ? "s" : ""}.`
    : `${d.name} a abandonné, après ${d.seq} coup${d.seq > 1 ? "s" : ""}.` }));
  const listCard = el("section", { class: "card replay-list" },
    el("h2", { class: "card-title" }, icon("book"), el("span", { text: listTitle })),
    el("div", { class: "log-scroll" }, moveList), gone);

  const chatCard = replayChat(chat, times, seatName, () => index);

  replace(main, el("div", { class: ["page replay-page", pageClass] },
    el("header", { class: "page-head replay-head" },
      el("div", {},
        el("p", { class: "eyebrow", text: "Revoir la partie" }),
        el("h1", { text: `${title} : ${seats.map((_, i) => seatName(i)).join(versus)}` }),
        el("p", { class: "muted", text: subtitle })),
      el("div", { class: "row-actions" },
        el("a", { class: "btn", href: recordUrl(id), download: `${game}-${id}.json` }, icon("download"), el("span", { text: "Télécharger (JSON)" })),
        el("a", { class: "btn ghost", href: `/table/${encodeURIComponent(id)}` }, icon("door"), el("span", { text: "Retour à la table" })))),
    el("div", { class: "replay-layout" },
      el("div", { class: "replay-main" }, stage, controls.root),
      el("aside", { class: "replay-side" }, moveCard, scoresCard, listCard, chatCard.node))));
  moveList.append(el("li", { class: "log-entry note" }, el("button", { type: "button", class: "step-link", dataset: { step: "0" }, onclick: () => go(0), text: "Début de la partie" })));

  /** List step k: who played it, what it did (`short`, a notation or a muted note; « temps
   *  écoulé » first when the clock played it) and, if any, its score; a `note` entry is dimmed
   *  like the start's. */
  function addStep(k, seat, short, { notation = true, note = false, score = null } = {}) {
    // A move the clock played says so (issue 19), never as a choice of the player's own.
    if (steps[k] && steps[k].timeout) short = `temps écoulé : ${short}`;
    moveList.append(el("li", { class: ["log-entry", note ? "note" : ""] },
      el("span", { class: "log-num", text: String(k) }),
      el("button", { type: "button", class: "step-link", dataset: { step: String(k) }, onclick: () => go(k) },
        whoNode(seat, seatName(seat)), el("span", { class: notation ? "log-notation" : "muted small", text: short })),
      score));
  }

  function go(k) {
    index = Math.max(0, Math.min(last, k));
    if (onGo) onGo();
    redraw();
  }

  function redraw() {
    draw(index);
    chatCard.show();
    controls.show(index);
    markCurrentStep(moveList, index);
    scrollToStep(moveList, index);
  }

  function start() {
    const unbindKeys = bindReplayKeys(go, () => index, () => last);
    redraw();
    return unbindKeys;
  }

  return { moveCard, scoresCard, addStep, go, redraw, start };
}

/** The table's chat beside the moves, shown on demand (the viewer's option, kept by the
 *  browser): the lines written up to the step shown (step k: once its action was stored). */
const SHOW_CHAT = "ludomots.replayChat";

function replayChat(lines, times, seatName, current) {
  const list = el("ol", { class: "chat-list" });
  const box = el("input", { type: "checkbox", id: "replay-chat-toggle", checked: localStorage.getItem(SHOW_CHAT) === "1" });
  const scroll = el("div", { class: "chat-scroll" }, list);
  const node = el("section", { class: "card replay-chat", hidden: !lines.length },
    el("h2", { class: "card-title" }, icon("chat"), el("span", { text: "Discussion" })),
    el("label", { class: "check", for: "replay-chat-toggle" }, box, el("span", { text: " Afficher la discussion pendant la partie" })),
    scroll);
  box.addEventListener("change", () => { localStorage.setItem(SHOW_CHAT, box.checked ? "1" : "0"); show(); });
  function show() {
    scroll.hidden = !box.checked;
    if (!box.checked) return;
    const k = current();
    // Step k follows action k-1; the last step shows the whole chat, the words after the end too.
    const until = k >= times.length ? Infinity : (k === 0 ? (times[0] ?? Infinity) : times[k - 1]);
    replace(list, lines.filter((l) => l.at <= until).map((l) => el("li", {
      class: ["chat-msg", l.seat !== null && l.seat !== undefined ? `seat-${l.seat % 4}` : "spectator"] },
    el("span", { class: "chat-name", text: l.name || (l.seat !== null && l.seat !== undefined ? seatName(l.seat) : "Spectateur") }),
    el("span", { class: "chat-text", text: String(l.text || "") }))));
    scroll.scrollTop = scroll.scrollHeight;
  }
  return { node, show };
}

/** First/previous/next/last, the slider and the counter; `show(index)` sets them at a step. */
function replayControls(last, words, go, current) {
  const counter = el("span", { class: "replay-counter", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: "0", max: String(last), value: String(last), class: "replay-slider", "aria-label": "Position dans la partie" });
  const navButton = (name, label, tip, kind = "") => el("button", { type: "button", class: ["btn icon-only", kind], "aria-label": label, title: tip }, icon(name));
  const btnFirst = navButton("first", "Début de la partie", "Début (Origine)");
  const btnPrev = navButton("prev", words.prev, `${words.prev} (←)`);
  const btnNext = navButton("next", words.next, `${words.next} (→)`, "primary");
  const btnLast = navButton("last", "Fin de la partie", "Fin (Fin)");
  btnFirst.addEventListener("click", () => go(0));
  btnPrev.addEventListener("click", () => go(current() - 1));
  btnNext.addEventListener("click", () => go(current() + 1));
  btnLast.addEventListener("click", () => go(last));
  slider.addEventListener("input", () => go(Number(slider.value)));
  const root = el("div", { class: "replay-controls", role: "group", "aria-label": "Navigation dans la partie" },
    btnFirst, btnPrev, slider, btnNext, btnLast, counter);
  function show(k) {
    slider.value = String(k);
    counter.textContent = k === 0 ? words.start(last) : words.at(k, last);
    btnFirst.disabled = btnPrev.disabled = k === 0;
    btnNext.disabled = btnLast.disabled = k === last;
  }
  return { root, show };
}

/** The move card's title: the start of the game, or who played step `index` and its number. */
export function stepTitle(index, seat, seatName, words = ACTIONS) {
  return index === 0
    ? el("h2", { class: "card-title" }, icon("play"), el("span", { text: "Début de la partie" }))
    : el("h2", { class: "card-title" }, whoNode(seat, seatName(seat)), el("span", { class: "card-title-extra", text: `${words.noun} ${index}` }));
}

/** The scores card's title ("Scores", "Scores finaux" once over), with a game's extra. */
export function scoresTitle(over, extra = null) {
  return el("h2", { class: "card-title" }, icon("user"), el("span", { text: over ? "Scores finaux" : "Scores" }), extra);
}

/** The "gagnant" tag after a winner's name. */
export function winTag() {
  return el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant");
}

/** Mark the move list's entry of step `index` as current (for the eye and screen readers). */
function markCurrentStep(moveList, index) {
  for (const b of moveList.querySelectorAll(".step-link")) {
    const current = Number(b.dataset.step) === index;
    b.closest("li").classList.toggle("current", current);
    if (current) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
}

/** Scroll the move list so that the entry of step `index` shows, or that of the last listed
 *  step before it (a list may leave steps out, such as Volapük's rolls). */
function scrollToStep(moveList, index) {
  const shown = [...moveList.querySelectorAll(".step-link")].filter((b) => Number(b.dataset.step) <= index).pop();
  if (!shown) return;
  const entry = shown.closest("li");
  const scroller = moveList.parentElement;
  const top = entry.offsetTop - scroller.offsetTop;
  if (top < scroller.scrollTop || top > scroller.scrollTop + scroller.clientHeight - 40) scroller.scrollTop = top - 60;
}

/** ←/→, Home and End step through the replay (not while typing or in a dialog); returns the
 *  function that removes the listener. `index` and `last` are read at each key press. */
function bindReplayKeys(go, index, last) {
  function onKey(e) {
    if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select")) return;
    if (document.querySelector("dialog[open]")) return;
    if (e.key === "ArrowRight") { e.preventDefault(); go(index() + 1); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); go(index() - 1); }
    else if (e.key === "Home") { e.preventDefault(); go(0); }
    else if (e.key === "End") { e.preventDefault(); go(last()); }
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
