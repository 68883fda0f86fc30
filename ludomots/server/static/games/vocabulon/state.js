// Vocabulon's table screen, its state: a new view taken in, its events, the focus for the step.
// Each function takes the screen object `s` first (panels.js).

import { toast, prefersReducedMotion } from "../../ui.js";
import { play as sound } from "../../sound.js";

/** What the player was preparing belongs to this step (tablescreen.js resets it on a change). */
export function draftKey(s, g) {
  return `${g.step}:${g.turn}:${(g.to_act || []).join(",")}`;
}

/** The step moved on: what the player was preparing no longer applies. */
export function resetDraft(s, prev) {
  const { st, answerInput } = s;
  st.selected = null;
  st.direction = null;
  st.swap = {};
  st.offer = {};
  st.preview = null;
  if (!(st.game.step === "answer" && prev && prev.step === "answer")) answerInput.value = "";
}

/** The game's part of a new view: the news. */
export function applyView(s, events, initial) {
  const { ingest } = s;
  if (!initial) ingest(events);
}

export function ingest(s, events) {
  const { you, st, answerInput } = s;
  for (const ev of events) {
    const d = ev.data || {};
    if (ev.type === "timeout") toast(`Temps écoulé pour ${you(d.seat)}.`, { kind: "info" });
    else if (ev.type === "answer" && d.seat === st.seat && d.word && !d.correct) {
      sound("error");
      toast(`« ${d.word} » : ce n’est pas le mot.`, { kind: "info" });
      answerInput.value = "";
    } else if (ev.type === "solution" && d.winner !== null && d.winner !== undefined) sound("play");
    else if (ev.type === "move") sound("tile");
  }
}

export function focusForStep(s) {
  const { mustAct, answering, riddleBox, actionBox, answerInput } = s;
  requestAnimationFrame(() => {
    if (document.querySelector("dialog[open]") || !mustAct()) return;
    const target = answering() ? riddleBox : actionBox;
    const box = target.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) target.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    if (answering()) answerInput.focus({ preventScroll: true });
    else actionBox.querySelector("input, .btn.primary")?.focus({ preventScroll: true });
  });
}
