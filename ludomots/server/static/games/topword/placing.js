// Topword's table screen, the board and the rack: tiles put on the board, typing with a cursor
// (like Woogles), click and drag-and-drop, the live preview asked for.
// Each function takes the screen object `s` first (panels.js).

import { el, button, toast } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { tileNode, tileLabel, cellName, parseCell, SIZE } from "./board.js";

export function placeTile(s, tileId, cell) {
  const { st, seated, boardStacks, maxHeight, changed } = s;
  if (!st.game || !seated()) return false;
  const [r, c] = parseCell(cell);
  const stack = (boardStacks()[r] || [])[c] || [];
  const tile = st.rack.find((t) => t.id === tileId);
  if (!tile) return false;
  if (stack.length >= maxHeight()) {
    toast(`La pile ${cell} est complète (${maxHeight()} lettres au plus).`);
    sound("error");
    return false;
  }
  if (stack.length && stack[stack.length - 1] === tile.letter) {
    toast(`On ne pose pas une lettre sur la même lettre (${tileLabel(tile.letter)} en ${cell}).`);
    sound("error");
    return false;
  }
  // A tile already placed on this cell goes back to the rack; this tile leaves its old cell.
  for (const [name, tid] of [...st.placed]) {
    if (tid === tileId) st.placed.delete(name);
  }
  st.placed.set(cell, tileId);
  st.selected = null;
  sound("tile");
  changed();
  return true;
}

export function unplace(s, cell) {
  const { st, changed } = s;
  if (!st.placed.has(cell)) return;
  st.placed.delete(cell);
  st.trail = st.trail.filter((t) => t.cell !== cell);
  sound("lift");
  changed();
}

export function clearPlacement(s, render = true) {
  const { st, renderBoard, renderRack, renderPreview, renderActions } = s;
  st.placed.clear();
  st.trail = [];
  st.preview = null;
  st.previewSeq += 1;
  clearTimeout(st.previewTimer);
  if (render) {
    renderBoard();
    renderRack();
    renderPreview();
    renderActions();
  }
}

export function changed(s) {
  const { requestPreview, renderBoard, renderRack, renderPreview, renderActions } = s;
  requestPreview();
  renderBoard();
  renderRack();
  renderPreview();
  renderActions();
}

export function tilesPayload(s) {
  const { placedLetters } = s;
  const letters = placedLetters();
  return [...letters].sort(([a], [b]) => {
    const [ra, ca] = parseCell(a);
    const [rb, cb] = parseCell(b);
    return ra - rb || ca - cb;
  }).map(([cell, letter]) => `${cell}:${letter}`);
}

export function requestPreview(s) {
  const { st, kit, tilesPayload } = s;
  clearTimeout(st.previewTimer);
  if (!st.placed.size) {
    st.preview = null;
    return;
  }
  st.preview = { waiting: true };
  kit.previewLater(() => (st.placed.size ? { type: "place", tiles: tilesPayload() } : null), 90);
}

export function setCursor(s, r, c, dir, focus = true) {
  const { st, renderBoard, board } = s;
  st.cursor = { r, c, dir: dir || (st.cursor && st.cursor.dir) || "h" };
  renderBoard();
  if (focus) board.focus(r, c);
}

export function advance(s) {
  const { st, setCursor } = s;
  if (!st.cursor) return;
  const { dir } = st.cursor;
  let { r, c } = st.cursor;
  do {
    if (dir === "h") c += 1; else r += 1;
  } while (r < SIZE && c < SIZE && st.placed.has(cellName(r, c)));
  if (r >= SIZE || c >= SIZE) {
    // Past the edge: keep the cursor on the last cell, like a text field at its end.
    r = Math.min(r, SIZE - 1);
    c = Math.min(c, SIZE - 1);
  }
  setCursor(r, c, dir);
}

export function typeLetter(s, letter) {
  const { seated, st, renderRack, shakeRack, boardStacks, advance, placeTile } = s;
  if (!seated() || !st.game || st.game.over) return;
  if (!st.cursor) {
    // No cursor: pick that letter in the rack for click-to-place.
    const tile = st.rack.find((t) => t.letter === letter && ![...st.placed.values()].includes(t.id));
    if (tile) { st.selected = tile.id; renderRack(); } else shakeRack(letter);
    return;
  }
  const { r, c } = st.cursor;
  const cell = cellName(r, c);
  const stack = boardStacks()[r][c] || [];
  const top = stack.length ? stack[stack.length - 1] : null;
  if (!st.placed.has(cell) && top === letter) {
    // The word goes through this letter: nothing to place here.
    st.trail.push({ cell, placed: false });
    advance();
    return;
  }
  const used = new Set(st.placed.values());
  if (st.placed.has(cell)) used.delete(st.placed.get(cell));
  const tile = st.rack.find((t) => t.letter === letter && !used.has(t.id));
  if (!tile) { shakeRack(letter); return; }
  if (placeTile(tile.id, cell)) {
    st.trail.push({ cell, placed: true });
    advance();
  }
}

export function backspace(s) {
  const { st, changed, board, unplace } = s;
  const step = st.trail.pop();
  if (step) {
    const [r, c] = parseCell(step.cell);
    if (step.placed) st.placed.delete(step.cell);
    st.cursor = { r, c, dir: (st.cursor && st.cursor.dir) || "h" };
    sound("lift");
    changed();
    board.focus(r, c);
    return;
  }
  // Nothing typed: take back the last tile put on the board.
  const cells = [...st.placed.keys()];
  if (cells.length) unplace(cells[cells.length - 1]);
}

export function shakeRack(s, letter) {
  const { rackBox } = s;
  sound("error");
  rackBox.classList.remove("shake");
  void rackBox.offsetWidth;
  rackBox.classList.add("shake");
  toast(`Vous n’avez pas la lettre ${tileLabel(letter)} sur votre chevalet.`, { kind: "info", duration: 2000 });
}

export function moveCursor(s, dr, dc) {
  const { st, setCursor } = s;
  const axis = dr ? "v" : "h";
  if (!st.cursor) { setCursor(4, 4, axis); return; }
  if (st.cursor.dir !== axis && st.placed.size === 0) {
    // First press along the other axis turns the arrow.
    setCursor(st.cursor.r, st.cursor.c, axis);
    return;
  }
  const r = Math.max(0, Math.min(SIZE - 1, st.cursor.r + dr));
  const c = Math.max(0, Math.min(SIZE - 1, st.cursor.c + dc));
  setCursor(r, c, st.placed.size ? st.cursor.dir : axis);
}

export function onKey(s, event) {
  const { kit, showHelp, seated, st, typeLetter, backspace, submitPlacement, clearPlacement, renderBoard, renderRack, setCursor, moveCursor } = s;
  if (!kit.isAlive() || event.defaultPrevented) return;
  if (document.querySelector("dialog[open]")) return;
  const target = event.target;
  const inField = target instanceof HTMLElement
    && (target.closest("input, textarea, select, [contenteditable='true']"));
  if (inField) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const onControl = target instanceof HTMLElement && target.closest("button, a, summary");
  const key = event.key;
  if (key === "?") { event.preventDefault(); showHelp(); return; }
  if (!seated() || !st.game || st.game.over) return;
  if (/^[a-zA-Z]$/.test(key)) {
    event.preventDefault();
    typeLetter(key.toUpperCase());
  } else if (key === "Backspace" || key === "Delete") {
    event.preventDefault();
    backspace();
  } else if (key === "Enter" && !onControl) {
    event.preventDefault();
    if (st.placed.size) submitPlacement();
  } else if (key === "Escape") {
    if (st.placed.size) clearPlacement();
    else { st.cursor = null; st.selected = null; renderBoard(); renderRack(); }
  } else if ((key === " " || key === "Spacebar") && !onControl) {
    event.preventDefault();
    if (st.cursor) setCursor(st.cursor.r, st.cursor.c, st.cursor.dir === "h" ? "v" : "h");
  } else if (key.startsWith("Arrow") && (!onControl || target.closest(".board"))) {
    event.preventDefault();
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
    if (d) moveCursor(d[0], d[1]);
  }
}

export function onPointerDown(s, event) {
  const { seated, board, pointer } = s;
  if (event.button !== 0 || !seated()) return;
  if (board.grid.contains(event.target)) pointer.down = true;
  const tileEl = event.target.closest("[data-tile-id]");
  if (!tileEl) return;
  const tileId = Number(tileEl.dataset.tileId);
  const fromCell = tileEl.dataset.fromCell || null;
  pointer.down = true;
  pointer.drag = { tileId, fromCell, x: event.clientX, y: event.clientY, active: false, el: tileEl, pointerId: event.pointerId };
}

export function onPointerMove(s, event) {
  const { pointer, st } = s;
  const d = pointer.drag;
  if (!d || d.pointerId !== event.pointerId) return;
  if (!d.active) {
    if (Math.hypot(event.clientX - d.x, event.clientY - d.y) < 6) return;
    d.active = true;
    const tile = st.rack.find((t) => t.id === d.tileId);
    if (!tile) { pointer.drag = null; return; }
    d.ghost = tileNode(tile.letter, { extraClass: "drag-ghost" });
    const rect = d.el.getBoundingClientRect();
    d.ghost.style.setProperty("width", `${rect.width}px`);
    d.ghost.style.setProperty("height", `${rect.height}px`);
    document.body.append(d.ghost);
    d.el.classList.add("drag-source");
    document.body.classList.add("dragging");
    sound("lift");
  }
  event.preventDefault();
  d.ghost.style.setProperty("transform", `translate(${event.clientX}px, ${event.clientY}px) translate(-50%, -60%) rotate(-4deg) scale(1.1)`);
  const under = document.elementFromPoint(event.clientX, event.clientY);
  for (const n of document.querySelectorAll(".drop-target")) n.classList.remove("drop-target");
  const target = under && (under.closest(".cell") || under.closest(".rack"));
  if (target) target.classList.add("drop-target");
}

export function onPointerUp(s, event) {
  const { pointer, board, placeTile, st, moveInRack, changed, unplace } = s;
  const d = pointer.drag;
  setTimeout(() => { pointer.down = false; }, 0);
  if (!d || d.pointerId !== event.pointerId) return;
  pointer.drag = null;
  // A plain click is handled by the click listeners (even when an update redrew the rack
  // between press and release: the frame then clicks the same tile redrawn, taps.js).
  if (!d.active) return;
  pointer.suppressClick = true;
  setTimeout(() => { pointer.suppressClick = false; }, 0);
  d.ghost.remove();
  d.el.classList.remove("drag-source");
  document.body.classList.remove("dragging");
  for (const n of document.querySelectorAll(".drop-target")) n.classList.remove("drop-target");
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const pos = under ? board.cellOf(under) : null;
  if (pos) {
    const cell = cellName(pos[0], pos[1]);
    if (d.fromCell === cell) return;
    placeTile(d.tileId, cell);
    return;
  }
  const rackTarget = under && under.closest(".rack");
  if (rackTarget) {
    if (d.fromCell) st.placed.delete(d.fromCell);
    const slot = under.closest("[data-index]");
    moveInRack(d.tileId, slot ? Number(slot.dataset.index) : st.rack.length - 1);
    changed();
  } else if (d.fromCell) {
    // A tile dragged off the board, anywhere but on a cell, goes back to the rack.
    unplace(d.fromCell);
  }
}

export function onPointerCancel(s) {
  const { pointer } = s;
  const d = pointer.drag;
  pointer.down = false;
  pointer.drag = null;
  if (d && d.active) {
    d.ghost.remove();
    d.el.classList.remove("drag-source");
    document.body.classList.remove("dragging");
  }
}

/** A rack tile clicked or tapped: it goes to the cursor if one is on the board (handy on
 * phones; not for a keyboard's Enter, `byPointer` false), else it is chosen for the next cell
 * clicked, or unchosen. */
export function tapRackTile(s, tileId, byPointer) {
  const { st, placeTile, advance, renderRack } = s;
  if (!st.rack.some((t) => t.id === tileId) || [...st.placed.values()].includes(tileId)) return;
  if (st.cursor && st.selected === null && byPointer) {
    const { r, c } = st.cursor;
    const cell = cellName(r, c);
    if (placeTile(tileId, cell)) { st.trail.push({ cell, placed: true }); advance(); }
    return;
  }
  st.selected = st.selected === tileId ? null : tileId;
  renderRack();
}

export function moveInRack(s, tileId, index) {
  const { st } = s;
  const from = st.rack.findIndex((t) => t.id === tileId);
  if (from < 0) return;
  const [tile] = st.rack.splice(from, 1);
  st.rack.splice(Math.max(0, Math.min(index, st.rack.length)), 0, tile);
}
