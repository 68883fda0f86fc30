// Awalettres' table screen, its state: a new view taken in and the events since the last one
// (toasts, sounds, cards just drawn).
// Each function takes the screen object `s` first (panels.js).

import { toast, prefersReducedMotion } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { SPELL_NAMES } from "./cards.js";

/** What the player was preparing belongs to this step (tablescreen.js resets it on a change). */
export function draftKey(s, g) {
  return `${g.step}:${g.turn}:${JSON.stringify(g.tasks)}`;
}

/** The step moved on: what the player was preparing no longer applies. */
export function resetDraft(s) {
  const { st, panicInput, myWord, clearWord } = s;
  st.pick = {};
  panicInput.value = "";
  if (!myWord()) clearWord(false);
}

/** The game's part of a new view: cards just drawn, the news, the word being built. */
export function applyView(s, events, initial) {
  const { st, ingest, myWord, refreshBuild } = s;
  st.fresh = {};
  ingest(events, initial);
  if (myWord() && st.build.length) refreshBuild();
}

export function focusForStep(s) {
  const { st, mustAct, actionBox, wordInput, panicInput } = s;
  requestAnimationFrame(() => {
    if (document.querySelector("dialog[open]")) return;
    const g = st.game;
    if (!g || !mustAct()) return;
    const box = actionBox.getBoundingClientRect();
    if (box.bottom > window.innerHeight) actionBox.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    if (g.step === "word" && g.can_play && !window.matchMedia("(pointer: coarse)").matches) wordInput.focus({ preventScroll: true });
    else if (g.step === "panic") panicInput.focus({ preventScroll: true });
  });
}

export function ingest(s, events, initial) {
  const { st, you, seatName } = s;
  for (const ev of events) {
    const d = ev.data || {};
    if (ev.type === "draw" && d.cards && d.cards.length) st.fresh[d.seat] = [...d.cards];
    if (initial) continue;
    if (ev.type === "word") sound("play");
    else if (ev.type === "timeout") toast(`Temps écoulé pour ${you(d.seat)} : l’action par défaut est jouée.`, { kind: "info" });
    else if (ev.type === "spell" && d.target === st.seat) {
      // Spells between others are in the log and the middle of the table; one's own is news.
      sound("error");
      const given = d.seat === d.target ? "Vous gardez" : `${seatName(d.seat)} vous donne`;
      toast(`${given} le sortilège ${SPELL_NAMES[d.spell] || d.spell}.`, { kind: "info", duration: 4000 });
    }
  }
}

/** Opponents from the player's left, then the player (shown at the bottom). */
export function seatOrder(s) {
  const { st, seats, seated } = s;
  const n = st.game ? st.game.players : seats().length;
  const base = seated() ? st.seat : 0;
  return Array.from({ length: n }, (_, k) => (base + k + 1) % n);
}
