// Volapük's table screen, its state: a new view taken in, whose turn it is, the dice to place.
// Each function takes the screen object `s` first (panels.js).

import { toast } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { DIR, tileColour, key, onDisc, dice } from "./dice.js";

/** A new roll or a new turn starts a new draft (tablescreen.js resets it on a change). */
export function draftKey(s, g) {
  return `${g.turn}:${g.rolls}:${g.step}`;
}

/** A new roll or a new turn: what the player was preparing no longer applies. */
export function resetDraft(s, prev) {
  const { st, clearWord } = s;
  const sameTurn = prev && prev.turn === st.game.turn && st.game.step === "place";
  clearWord(false);
  // Within a turn the rack's order does not change: the start cell, the dice kept and the
  // fétiches chosen stay as they were across rolls.
  if (!sameTurn) { st.rec = null; st.start = null; st.dir = "E"; st.keep = new Set(); st.fetish = new Set(); }
}

/** The game's part of a new view: the news. */
export function applyView(s, events, initial) {
  const { st, seatName } = s;
  for (const ev of initial ? [] : events) {
    const d = ev.data || {};
    if (ev.type === "word") sound("play");
    else if (ev.type === "roll" && d.seat !== st.seat) sound("tile");
    else if (ev.type === "timeout") toast(`Temps écoulé pour ${d.seat === st.seat ? "vous" : seatName(d.seat)} : le tour passe.`, { kind: "info" });
    else if (ev.type === "final_phase") toast("Un joueur n’a plus de dés : tous les dés vont au sac opaque, on tire 7 dés à l’aveuglette.", { kind: "info", duration: 5000 });
    else if (ev.type === "last_round") toast("Le dernier dé est joué : qui n’a pas encore joué ce tour compose avec les lettres du plateau.", { kind: "info", duration: 5000 });
    else if (ev.type === "board_anagram" && d.seat !== st.seat) toast(`${seatName(d.seat)} annonce l’anagramme ${d.word} de ${d.of} : +${d.points}.`, { kind: "info" });
  }
}

/** Rack die i, or the joker taken back from the board (it joins the rack as its last die). */
export function myDie(s, i) {
  const { st, tileAt, rack } = s;
  if (st.swap && i === st.swap.joker) {
    const t = tileAt(st.swap.r, st.swap.c);
    return { colour: t ? tileColour(t.die) : "vert", face: "?" };
  }
  return rack()[i];
}

/** Where the word's dice land: from the start cell along the direction, cells already taken
 * being played through (as the engine lays them). */
export function planned(s) {
  const { st, taken } = s;
  if (!st.start || !st.game) return { cells: [], off: false };
  const { dr, dc } = DIR[st.dir];
  const full = taken();
  const cells = [];
  let [r, c] = st.start;
  let off = false;
  for (const w of st.word) {
    while (full.has(key(r, c))) { r += dr; c += dc; }
    if (!onDisc(st.game.geometry, r, c)) { off = true; break; }
    cells.push({ r, c, ...w });
    r += dr; c += dc;
  }
  return { cells, off };
}
