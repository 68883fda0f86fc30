// Typo's table screen, its state: a new view taken in (the log of words, the card just placed),
// the player's card and the order of the resolution.
// Each function takes the screen object `s` first (panels.js).

import { de } from "../../ui.js";
import { play as sound } from "../../sound.js";

/** The game's part of a new view: the log, and what the player was preparing. */
export function applyView(s, events, initial) {
  const { seedLog, ingest, st, myResolve, myDiscard, wordInput, mustChoose, requestPreview, rowsBox } = s;
  if (initial) seedLog();
  ingest(events);

  const g = st.game;
  // What the player was preparing no longer applies once the step moves on (the time ran
  // out: the question « Vous ne pouvez pas placer votre carte ? » is no longer asked).
  if (st.failModal && !myResolve() && !myDiscard()) { st.failModal.close(false); st.failModal = null; }
  if (!myResolve()) { st.target = null; st.failing = false; st.preview = null; wordInput.value = ""; st.prefill = ""; wordInput.placeholder = "Votre mot"; }
  if (g.step !== "discard" && !myResolve()) st.failing = false;
  if (!mustChoose() || !(g.hand || []).includes(st.picked)) st.picked = null;
  if (st.target && myResolve()) requestPreview();
  if (myResolve() && st.lastResolver !== `${g.round}:${g.queue.length}`) {
    st.lastResolver = `${g.round}:${g.queue.length}`;
    // After the redraw: the first end of a row takes the focus.
    requestAnimationFrame(() => {
      const first = rowsBox.querySelector(".ty-zone");
      if (first && !document.querySelector("dialog[open]") && document.activeElement !== wordInput) first.focus({ preventScroll: true });
    });
  }
}

/** On arrival, the words of the current round (earlier ones are not in the view). */
export function seedLog(s) {
  const { st } = s;
  const g = st.game;
  st.log = [];
  if (g.round > 1 || g.part > 1) st.log.push({ kind: "note", text: "Les tours précédents ne sont pas listés." });
  for (const p of g.played || []) {
    if (p.type === "placed") {
      st.log.push({ kind: "word", seat: p.seat, word: p.word, row: p.row, side: p.side, card: p.card, status: p.bonus ? "valid" : "ok", bonus: p.bonus || 0 });
    } else if (p.type === "failed") {
      if (p.refused && p.word) st.log.push({ kind: "word", seat: p.seat, word: p.word, card: p.card, status: "refused" });
      st.log.push({ kind: "fail", seat: p.seat, card: p.card, row: p.row, points: p.points, discarded: p.discarded, refused: p.refused });
    }
  }
  if (g.pending) st.log.push({ kind: "word", seat: g.pending.seat, word: g.pending.word, row: g.pending.row, side: g.pending.side, card: g.pending.card, status: "pending" });
}

export function lastWordOf(s, seat) {
  const { st } = s;
  for (let i = st.log.length - 1; i >= 0; i--) {
    const e = st.log[i];
    if (e.kind === "word" && e.seat === seat) return e;
  }
  return null;
}

export function ingest(s, events) {
  const { st, lastWordOf, seatName } = s;
  const challenge = st.game.options && st.game.options.referee === "challenge";
  for (const ev of events) {
    const d = ev.data || {};
    switch (ev.type) {
      case "place":
        st.log.push({ kind: "word", seat: d.seat, word: d.word, row: d.row, side: d.side, card: d.card, status: challenge ? "pending" : "ok" });
        st.flash = null;
        sound("play");
        break;
      case "votes": {
        const e = lastWordOf(d.seat);
        if (e) { e.doubters = d.doubters || []; if (!d.challenged) e.status = "ok"; }
        if (!d.challenged) st.flash = { kind: "trusted", seat: d.seat, word: e ? e.word : "", doubters: d.doubters || [] };
        break;
      }
      case "verdict": {
        const e = lastWordOf(d.seat);
        if (e) { e.status = d.valid ? "valid" : "refused"; e.bonus = d.bonus || 0; }
        st.flash = { kind: d.valid ? "valid" : "refused", seat: d.seat, word: d.word, bonus: d.bonus || 0, doubters: e ? e.doubters || [] : [] };
        sound(d.valid ? "play" : "error");
        break;
      }
      case "fail":
        st.log.push({ kind: "fail", seat: d.seat, card: d.card, row: d.row, points: d.points, discarded: d.discarded, refused: d.refused });
        st.flash = { kind: "fail", seat: d.seat, card: d.card, row: d.row, points: d.points, discarded: d.discarded, refused: d.refused, word: d.word };
        break;
      case "reveal":
        st.log.push({ kind: "note", text: `Tour ${st.game.round} : ${d.order.map((s) => `${seatName(s)} ${d.cards[s]}`).join(", ")}` });
        break;
      case "timeout": // the clock plays for this seat (issue 19): said, never a choice of its own
        st.log.push({ kind: "note", timeout: true, text: `${seatName(d.seat)} : temps écoulé.` });
        break;
      case "second_part":
        st.log.push({ kind: "note", strong: true, text: "Seconde partie : anti-alphabétique, de Z à A." });
        break;
      case "game_over":
        st.log.push({ kind: "note", strong: true, text: "Fin de la partie." });
        break;
      default:
        break;
    }
  }
  if (st.log.length > 400) st.log.splice(0, st.log.length - 400);
}

export function myCard(s) {
  const { st, seated } = s;
  const g = st.game;
  return g && g.revealed && seated() ? g.revealed[st.seat] : null;
}

/** Seats in resolution order this round: those already resolved, then the queue. */
export function resolutionOrder(s) {
  const { st } = s;
  const g = st.game;
  if (!g || !g.revealed) return [];
  const done = (g.played || []).map((p) => p.seat);
  const order = [...done, ...(g.queue || []).filter((s) => !done.includes(s))];
  for (let s = 0; s < g.revealed.length; s++) if (!order.includes(s)) order.push(s);
  return order;
}

export function placedRow(s, row, card, side) {
  return side === "left" ? card + row : row + card;
}
