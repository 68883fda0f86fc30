// Topword's table screen, its state: a new view taken in (the rack reconciled, the player's own
// move gone through) and what follows from it (whose turn, the challenge window, the stacks).
// Each function takes the screen object `s` first (panels.js).

import { play as sound } from "../../sound.js";

/** The game's part of a new view: the log, the rack, the player's own move gone through. */
export function applyView(s, events, initial, prevTable, landed) {
  const { st, ingestLog, clearPlacement, reconcileRack, requestPreview } = s;
  const moved = prevTable && prevTable.actions !== st.table.actions;
  ingestLog(events, initial);

  // Our own move went through: those tiles are on the board now (the pending action itself is
  // settled after this hook, tableviews.js).
  if (landed && st.pendingAction.kind === "place") {
    const placedIds = new Set(st.placed.values());
    st.rack = st.rack.filter((t) => !placedIds.has(t.id));
    clearPlacement(false);
    st.cursor = null;
  }
  reconcileRack(st.game.rack || []);

  // The tiles of the word just played settle on the board during the redraw that follows.
  st.settle = new Set();
  if (moved && st.game.last && st.game.last.type === "play" && Array.isArray(st.game.last.cells)) {
    st.settle = new Set(st.game.last.cells);
    sound("play");
  }
  if (moved && st.placed.size) requestPreview();
}

export function reconcileRack(s, letters) {
  const { st } = s;
  const pool = [...letters];
  const kept = [];
  for (const tile of st.rack) {
    const i = pool.indexOf(tile.letter);
    if (i >= 0) {
      pool.splice(i, 1);
      kept.push({ ...tile, fresh: false });
    }
  }
  const fresh = pool.map((letter) => ({ id: s.nextTileId++, letter, fresh: st.rack.length > 0 }));
  st.rack = [...kept, ...fresh];
  const ids = new Set(st.rack.map((t) => t.id));
  for (const [cell, tileId] of [...st.placed]) {
    if (!ids.has(tileId)) st.placed.delete(cell);
  }
  if (st.selected !== null && !ids.has(st.selected)) st.selected = null;
  if (!st.placed.size) st.preview = null;
}

export function finalWindow(s) {
  const { st } = s;
  const g = st.game;
  return Boolean(g && g.pending && g.bag === 0 && g.rack_sizes && g.rack_sizes[g.pending.seat] === 0);
}

export function isMyTurn(s) {
  const { seated, playing, toAct, st, finalWindow } = s;
  return seated() && playing() && toAct().includes(st.seat) && !finalWindow();
}

export function canChallenge(s) {
  const { st, seated, playing } = s;
  const g = st.game;
  return Boolean(seated() && playing() && g.pending && g.options && g.options.referee === "challenge"
    && g.pending.seat !== st.seat && !(g.pending.accepted || []).includes(st.seat));
}

export function canAccept(s) {
  const { canChallenge, finalWindow, toAct, st } = s;
  return canChallenge() && finalWindow() && toAct().includes(st.seat);
}

export function boardStacks(s) {
  const { st } = s;
  return (st.game && st.game.board) || [];
}

export function placedLetters(s) {
  const { st } = s;
  const byId = new Map(st.rack.map((t) => [t.id, t.letter]));
  const out = new Map();
  for (const [cell, tileId] of st.placed) out.set(cell, byId.get(tileId));
  return out;
}

export function maxHeight(s) {
  const { st } = s;
  return (st.game && st.game.options && st.game.options.max_height) || 5;
}
