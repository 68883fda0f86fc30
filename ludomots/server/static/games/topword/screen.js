// The Topword table screen: board, rack (drag-and-drop, click-to-place, typing like Woogles),
// live preview, actions, scores and turn, bag and unseen tiles, move log, end of game (the chat is the shared frame's: tablelife.js).
//
// The server is authoritative: this screen only keeps what the player is preparing (tiles put
// on the board but not played, rack order, the typing cursor) and redraws from every view.

import {
  el, icon, button, replace, toast, modal, confirmModal, plural, signed, levelLabel, countTo, num, de,
} from "../../ui.js";
import { readJson, writeJson } from "../../api.js";
import { SEAT_COLOURS, whoNode, playerItem, showKeysHelp } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { play as sound } from "../../sound.js";
import {
  createBoard, tileNode, tileLabel, cellName, parseCell, ROWS, SIZE, VOWELS, DISTRIBUTION,
} from "./board.js";
import { wordPopup } from "../../wordpopup.js";
import { formatSeconds } from "../../ui.js";

const END_REASONS = {
  out_of_tiles: "Un joueur a posé toutes ses lettres.",
  all_passed: "Tous les joueurs ont passé leur tour, le sac étant vide.",
  blocked: "Plus personne ne peut former de mot.",
};
const LOG_KEY = (id) => `ludomots.log.${id}`;

export function mount(main, { id, info }) {
  const logNote = el("p", { class: "muted small log-note", hidden: true });
  const kit = tableScreen({
    id, info, game: "topword", title: "Topword", prefix: "tw", help: showHelp,
    log: { title: "Historique", className: "card table-log", note: logNote },
    // Topword's turn and seats to act are the table's (the last word may await a verdict).
    toAct: () => (kit.st.table ? (kit.st.table.to_act || []) : []), myTurn: isMyTurn,
    state: {
      rack: [], // [{id, letter, fresh}]
      placed: new Map(), // cell name -> tile id (tiles put on the board, not yet played)
      trail: [], // typing history for Backspace: {cell, placed: bool}
      selected: null, // rack tile id chosen for click-to-place
      cursor: null, // {r, c, dir: "h" | "v"}
      log: [],
      logPartial: false,
      logActions: 0,
      timeoutSeat: null,
      settle: new Set(),
      scoresShown: null,
    },
  });
  const { st, seats, seated, toAct, playing, seatName, banner } = kit;
  let nextTileId = 1;

  // ---- skeleton --------------------------------------------------------------------------

  const board = createBoard({ interactive: true, label: "Plateau de Topword, 10 × 10" });
  const playersBox = el("section", { class: "card table-players", "aria-label": "Joueurs et scores" });
  const boardOverlay = el("div", { class: "board-overlay", hidden: true });
  const boardZone = el("div", { class: "table-boardzone" }, board.root, boardOverlay);
  const previewBox = el("div", { class: "table-preview", "aria-live": "polite" });
  const rackBox = el("div", { class: "rack", role: "group", "aria-label": "Votre chevalet" });
  const actionsBox = el("div", { class: "table-actions" });
  const shuffleBtn = el("button", { type: "button", class: "rack-side-btn", "aria-label": "Mélanger le chevalet", title: "Mélanger le chevalet" }, icon("shuffle"));
  const recallBtn = el("button", { type: "button", class: "rack-side-btn", "aria-label": "Effacer : reprendre les lettres posées", title: "Reprendre les lettres posées (Échap)" }, icon("undo"));
  shuffleBtn.addEventListener("click", () => shuffleRack());
  recallBtn.addEventListener("click", () => clearPlacement());
  const rackRow = el("div", { class: "rack-row" }, shuffleBtn, rackBox, recallBtn);
  const rackZone = el("section", { class: "table-rackzone", "aria-label": "Vos lettres et vos actions" }, rackRow, actionsBox);
  const bagBox = el("section", { class: "card table-tracking", "aria-labelledby": "tw-unseen-title" });

  const page = kit.layout(main, {
    pageClass: "table-page",
    column: [banner, kit.infoBox, boardZone, previewBox, rackZone, kit.endBox],
    side: [playersBox, bagBox, kit.logBox],
  });

  // ---- connection ----------------------------------------------------------------------------

  const socket = kit.connect({
    keepPending: true,
    render: () => { renderAll(); st.settle = new Set(); },
    view: ({ events, initial, prevTable }) => applyView(events, initial, prevTable),
    preview: (result) => {
      if (!st.placed.size) return;
      st.preview = result;
      renderPreview();
      renderBoard();
    },
    status: () => { renderOverlay(); renderActions(); },
    sent: renderActions,
    endModal: showEndModal,
  });
  banner.replaceChildren(el("span", { class: "banner-text", text: "Connexion à la table…" }));

  // ---- views ----------------------------------------------------------------------------------

  /** The game's part of a new view: the log, the rack, the player's own move gone through. */
  function applyView(events, initial, prevTable) {
    const moved = prevTable && prevTable.actions !== st.table.actions;
    ingestLog(events, initial);

    // Our own move went through: those tiles are on the board now.
    if (st.pendingAction && moved) {
      if (st.pendingAction.kind === "place") {
        const placedIds = new Set(st.placed.values());
        st.rack = st.rack.filter((t) => !placedIds.has(t.id));
        clearPlacement(false);
        st.cursor = null;
      }
      st.pendingAction = null;
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

  function reconcileRack(letters) {
    const pool = [...letters];
    const kept = [];
    for (const tile of st.rack) {
      const i = pool.indexOf(tile.letter);
      if (i >= 0) {
        pool.splice(i, 1);
        kept.push({ ...tile, fresh: false });
      }
    }
    const fresh = pool.map((letter) => ({ id: nextTileId++, letter, fresh: st.rack.length > 0 }));
    st.rack = [...kept, ...fresh];
    const ids = new Set(st.rack.map((t) => t.id));
    for (const [cell, tileId] of [...st.placed]) {
      if (!ids.has(tileId)) st.placed.delete(cell);
    }
    if (st.selected !== null && !ids.has(st.selected)) st.selected = null;
    if (!st.placed.size) st.preview = null;
  }

  // ---- derived state -------------------------------------------------------------------------

  function finalWindow() {
    const g = st.game;
    return Boolean(g && g.pending && g.bag === 0 && g.rack_sizes && g.rack_sizes[g.pending.seat] === 0);
  }

  function isMyTurn() {
    return seated() && playing() && toAct().includes(st.seat) && !finalWindow();
  }

  function canChallenge() {
    const g = st.game;
    return Boolean(seated() && playing() && g.pending && g.options && g.options.referee === "challenge"
      && g.pending.seat !== st.seat && !(g.pending.accepted || []).includes(st.seat));
  }

  function canAccept() {
    return canChallenge() && finalWindow() && toAct().includes(st.seat);
  }

  function boardStacks() {
    return (st.game && st.game.board) || [];
  }

  function placedLetters() {
    const byId = new Map(st.rack.map((t) => [t.id, t.letter]));
    const out = new Map();
    for (const [cell, tileId] of st.placed) out.set(cell, byId.get(tileId));
    return out;
  }

  function maxHeight() {
    return (st.game && st.game.options && st.game.options.max_height) || 5;
  }

  // ---- placing tiles -----------------------------------------------------------------------

  function placeTile(tileId, cell) {
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

  function unplace(cell) {
    if (!st.placed.has(cell)) return;
    st.placed.delete(cell);
    st.trail = st.trail.filter((t) => t.cell !== cell);
    sound("lift");
    changed();
  }

  function clearPlacement(render = true) {
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

  function changed() {
    requestPreview();
    renderBoard();
    renderRack();
    renderPreview();
    renderActions();
  }

  function tilesPayload() {
    const letters = placedLetters();
    return [...letters].sort(([a], [b]) => {
      const [ra, ca] = parseCell(a);
      const [rb, cb] = parseCell(b);
      return ra - rb || ca - cb;
    }).map(([cell, letter]) => `${cell}:${letter}`);
  }

  function requestPreview() {
    clearTimeout(st.previewTimer);
    if (!st.placed.size) {
      st.preview = null;
      return;
    }
    st.preview = { waiting: true };
    kit.previewLater(() => (st.placed.size ? { type: "place", tiles: tilesPayload() } : null), 90);
  }

  // ---- typing (Woogles-like) ----------------------------------------------------------------

  function setCursor(r, c, dir, focus = true) {
    st.cursor = { r, c, dir: dir || (st.cursor && st.cursor.dir) || "h" };
    renderBoard();
    if (focus) board.focus(r, c);
  }

  function advance() {
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

  function typeLetter(letter) {
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

  function backspace() {
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

  function shakeRack(letter) {
    sound("error");
    rackBox.classList.remove("shake");
    void rackBox.offsetWidth;
    rackBox.classList.add("shake");
    toast(`Vous n’avez pas la lettre ${tileLabel(letter)} sur votre chevalet.`, { kind: "info", duration: 2000 });
  }

  function moveCursor(dr, dc) {
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

  function onKey(event) {
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
  document.addEventListener("keydown", onKey);

  // Focusing the board from the keyboard (Tab) shows the cursor there; a click or a tap
  // decides for itself in the click handler.
  board.grid.addEventListener("focusin", (event) => {
    const pos = board.cellOf(event.target);
    if (!pos || !seated() || pointer.down || !event.target.matches(":focus-visible")) return;
    if (!st.cursor || st.cursor.r !== pos[0] || st.cursor.c !== pos[1]) {
      setCursor(pos[0], pos[1], st.cursor ? st.cursor.dir : "h", false);
    }
  });

  // ---- pointer: click and drag-and-drop -------------------------------------------------------

  const pointer = { down: false, drag: null, suppressClick: false };

  function onPointerDown(event) {
    if (event.button !== 0 || !seated()) return;
    if (board.grid.contains(event.target)) pointer.down = true;
    const tileEl = event.target.closest("[data-tile-id]");
    if (!tileEl) return;
    const tileId = Number(tileEl.dataset.tileId);
    const fromCell = tileEl.dataset.fromCell || null;
    pointer.down = true;
    pointer.drag = { tileId, fromCell, x: event.clientX, y: event.clientY, active: false, el: tileEl, pointerId: event.pointerId };
  }

  function onPointerMove(event) {
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

  function onPointerUp(event) {
    const d = pointer.drag;
    setTimeout(() => { pointer.down = false; }, 0);
    if (!d || d.pointerId !== event.pointerId) return;
    pointer.drag = null;
    if (!d.active) return; // a plain click: handled by the click listeners
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

  function onPointerCancel() {
    const d = pointer.drag;
    pointer.down = false;
    pointer.drag = null;
    if (d && d.active) {
      d.ghost.remove();
      d.el.classList.remove("drag-source");
      document.body.classList.remove("dragging");
    }
  }

  function moveInRack(tileId, index) {
    const from = st.rack.findIndex((t) => t.id === tileId);
    if (from < 0) return;
    const [tile] = st.rack.splice(from, 1);
    st.rack.splice(Math.max(0, Math.min(index, st.rack.length)), 0, tile);
  }

  page.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove, { passive: false });
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerCancel);

  board.grid.addEventListener("click", (event) => {
    if (pointer.suppressClick) return;
    const pos = board.cellOf(event.target);
    if (!pos || !seated() || !st.game || st.game.over) return;
    const [r, c] = pos;
    const cell = cellName(r, c);
    if (st.selected !== null) {
      placeTile(st.selected, cell);
      return;
    }
    if (st.placed.has(cell)) {
      unplace(cell);
      return;
    }
    if (st.cursor && st.cursor.r === r && st.cursor.c === c) {
      if (st.cursor.dir === "h") setCursor(r, c, "v");
      else { st.cursor = null; renderBoard(); }
    } else {
      setCursor(r, c, "h");
    }
  });

  rackBox.addEventListener("click", (event) => {
    if (pointer.suppressClick) return;
    const tileEl = event.target.closest("[data-tile-id]");
    if (!tileEl) return;
    const tileId = Number(tileEl.dataset.tileId);
    if ([...st.placed.values()].includes(tileId)) return;
    if (st.cursor && st.selected === null && event.detail !== 0) {
      // A cursor is on the board: the tapped tile goes there (handy on phones).
      const { r, c } = st.cursor;
      const cell = cellName(r, c);
      if (placeTile(tileId, cell)) { st.trail.push({ cell, placed: true }); advance(); }
      return;
    }
    st.selected = st.selected === tileId ? null : tileId;
    renderRack();
  });

  // ---- actions ----------------------------------------------------------------------------

  const sendAction = (action, kind) => kit.sendAction(action, { kind, action });

  function submitPlacement() {
    if (!st.placed.size) {
      toast("Posez d’abord des lettres sur le plateau.", { kind: "info" });
      return;
    }
    if (!isMyTurn()) {
      toast(finalWindow() && canAccept() ? "Acceptez ou contestez d’abord le dernier mot." : "Ce n’est pas votre tour.", { kind: "info" });
      return;
    }
    if (st.pendingAction) return;
    sendAction({ type: "place", tiles: tilesPayload() }, "place");
  }

  async function doPass() {
    if (!isMyTurn() || st.pendingAction) return;
    const ok = await confirmModal("Passer votre tour ?", "Vous ne posez aucun mot ce tour-ci. Vous pourrez rejouer au tour suivant.", "Passer", { iconName: "pass" });
    if (ok && isMyTurn()) {
      clearPlacement();
      sendAction({ type: "pass", exchange: null }, "pass");
    }
  }

  async function doExchange() {
    if (!isMyTurn() || st.pendingAction) return;
    if (!st.game.bag) { toast("Le sac est vide : on ne peut plus échanger."); return; }
    let chosen = null;
    const choices = el("div", { class: "exchange-rack", role: "radiogroup", "aria-label": "Lettre à échanger" });
    const confirm = { disabled: true };
    const paint = () => {
      replace(choices, st.rack.map((t) => el("button", {
        type: "button", class: ["rack-tile", chosen === t.id ? "selected" : ""], role: "radio",
        "aria-checked": chosen === t.id ? "true" : "false", "aria-label": `Échanger ${tileLabel(t.letter)}`,
        onclick: () => { chosen = t.id; paint(); m.dialog.querySelector(".modal-actions .primary").disabled = false; },
      }, tileNode(t.letter, { badge: false }))));
    };
    const m = modal({
      title: "Échanger une lettre",
      content: el("div", {},
        el("p", { text: "Choisissez la lettre à remettre dans le sac. Vous en tirez une autre et votre tour est passé." }),
        choices),
      actions: [{ label: "Annuler", value: false }, { label: "Échanger et passer", value: true, kind: "primary", iconName: "swap" }],
    });
    paint();
    m.dialog.querySelector(".modal-actions .primary").disabled = confirm.disabled;
    const ok = await m.result;
    const tile = st.rack.find((t) => t.id === chosen);
    if (ok && tile && isMyTurn()) {
      clearPlacement();
      sendAction({ type: "pass", exchange: tile.letter }, "exchange");
    }
  }

  function doChallenge() {
    if (!canChallenge()) return;
    sendAction({ type: "challenge" }, "challenge");
  }

  function doAccept() {
    if (!canAccept()) return;
    sendAction({ type: "accept" }, "accept");
  }

  function shuffleRack() {
    const free = st.rack.filter((t) => ![...st.placed.values()].includes(t.id));
    for (let i = free.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [free[i], free[j]] = [free[j], free[i]];
    }
    const placedTiles = st.rack.filter((t) => [...st.placed.values()].includes(t.id));
    st.rack = [...free, ...placedTiles];
    sound("shuffle");
    renderRack(true);
  }


  // ---- the move log ------------------------------------------------------------------------

  function loadLog() {
    const data = readJson(LOG_KEY(id), null);
    return data && Array.isArray(data.entries) ? data : null;
  }

  function saveLog() {
    writeJson(LOG_KEY(id), { actions: st.logActions, partial: st.logPartial, entries: st.log.slice(-300) });
    // Remember logs of the 20 most recent tables only.
    const index = readJson("ludomots.logs", {});
    index[id] = Date.now();
    const ids = Object.keys(index).sort((a, b) => index[b] - index[a]);
    for (const old of ids.slice(20)) {
      delete index[old];
      try { localStorage.removeItem(LOG_KEY(old)); } catch { /* private mode */ }
    }
    writeJson("ludomots.logs", index);
  }

  function entryFromLast(last) {
    if (!last) return null;
    if (last.type === "play") return { kind: "play", seat: last.seat, notation: last.notation, words: last.words || [], score: last.score, bonus: last.bonus_letters, all: last.all_tiles_bonus };
    if (last.type === "pass") return { kind: "pass", seat: last.seat, exchanged: last.exchanged };
    if (last.type === "taken_back") return { kind: "taken_back", seat: last.seat, words: last.words || [] };
    return null;
  }

  /** A challenge's verdict, coloured for this player: green when it is good news for them
   * (their word stays, or the word they contested goes), red when bad (their word is
   * removed, or their challenge fails), neutral for a spectator or between others. */
  function challengeToast(d) {
    const byMe = seated() && d.seat === st.seat;
    const againstMe = seated() && d.against === st.seat;
    const who = byMe ? "Vous contestez" : `${seatName(d.seat)} conteste`;
    const word = againstMe ? "votre mot" : "le mot";
    const text = d.upheld ? `${who} : ${word} est refusé, il est retiré du plateau.` : `${who} : ${word} est valable, il reste.`;
    const good = d.upheld ? byMe : againstMe;
    const bad = d.upheld ? againstMe : byMe;
    toast(text, { kind: good ? "success" : bad ? "error" : "info" });
  }

  function toastEvents(events) {
    for (const ev of events) {
      const d = ev.data || {};
      if (ev.type === "challenge") {
        challengeToast(d);
      } else if (ev.type === "seat_joined" && d.seat !== st.seat) {
        toast(`${d.name || "Un joueur"} a rejoint la table.`, { kind: "info" });
      }
    }
  }

  function ingestLog(events, initial) {
    const actions = st.table.actions || 0;
    const history = st.game.history || st.table.history;
    if (Array.isArray(history)) {
      // The view carries the whole public history: the log is rebuilt from it, and events
      // only raise toasts.
      st.log = [];
      for (const h of history) {
        if (h.type === "challenge") {
          if (h.upheld) {
            for (let i = st.log.length - 1; i >= 0; i--) {
              if (st.log[i].kind === "play" && st.log[i].seat === h.against) { st.log[i].contested = true; break; }
            }
          }
          st.log.push({ kind: "challenge", seat: h.seat, against: h.against, upheld: Boolean(h.upheld), words: h.words || [] });
        } else if (h.type !== "taken_back") {
          const entry = entryFromLast(h);
          if (entry) st.log.push(entry);
        }
      }
      if (st.game.over) st.log.push({ kind: "end", reason: st.game.end_reason });
      st.logPartial = false;
      st.logActions = actions;
      if (!initial) toastEvents(events);
      renderLog();
      return;
    }
    if (initial) {
      const saved = loadLog();
      if (saved && saved.actions <= actions && !(saved.actions === 0 && actions === 0 && saved.entries.length && st.game && !st.game.last)) {
        st.log = saved.entries;
        st.logPartial = saved.partial;
        st.logActions = saved.actions;
      } else if (!st.log.length) {
        st.log = [];
        st.logPartial = false;
        st.logActions = 0;
      }
      if (actions > st.logActions) {
        // We missed what happened meanwhile; the last action is known from the view.
        const entry = entryFromLast(st.game.last);
        if (actions - st.logActions === 1 && entry) st.log.push(entry);
        else {
          st.logPartial = true;
          if (entry) st.log.push({ ...entry, gapBefore: true });
        }
      }
    }
    for (const ev of events) {
      const d = ev.data || {};
      switch (ev.type) {
        case "play":
          st.log.push({ kind: "play", seat: d.seat, notation: d.notation, words: d.words || [], score: d.score, bonus: d.bonus_letters, all: d.all_tiles_bonus });
          break;
        case "pass":
          st.log.push({ kind: "pass", seat: d.seat, exchanged: Boolean(d.exchanged), timeout: st.timeoutSeat === d.seat });
          st.timeoutSeat = null;
          break;
        case "timeout":
          st.timeoutSeat = d.seat;
          break;
        case "challenge": {
          if (d.upheld) {
            for (let i = st.log.length - 1; i >= 0; i--) {
              if (st.log[i].kind === "play" && st.log[i].seat === d.against) { st.log[i].contested = true; break; }
            }
          }
          st.log.push({ kind: "challenge", seat: d.seat, against: d.against, upheld: Boolean(d.upheld), words: d.words || [] });
          if (!initial) {
            challengeToast(d);
          }
          break;
        }
        case "game_over":
          st.log.push({ kind: "end", reason: d.reason });
          break;
        case "seat_joined":
          st.log.push({ kind: "joined", seat: d.seat, name: d.name });
          if (!initial && d.seat !== st.seat) toast(`${d.name || "Un joueur"} a rejoint la table.`, { kind: "info" });
          break;
        default:
          break;
      }
    }
    st.logActions = actions;
    saveLog();
  }

  // ---- rendering --------------------------------------------------------------------------------

  function renderAll() {
    kit.renderRole();
    renderBanner();
    renderPlayers();
    kit.renderInfo();
    renderBoard();
    renderPreview();
    renderRack();
    renderActions();
    renderTracking();
    renderLog();
    renderEnd();
  }

  /** While the connection is lost, a notice over the board. */
  function renderOverlay() {
    const lost = st.conn === "reconnecting" && st.table;
    boardOverlay.hidden = !lost;
    if (lost) {
      replace(boardOverlay, el("div", { class: "overlay-card", role: "alert" },
        el("span", { class: "spinner", "aria-hidden": "true" }),
        el("span", { text: "Connexion perdue. Reconnexion en cours…" })));
    }
  }

  function renderBanner() {
    kit.renderBanner(() => {
      const g = st.game;
      let kind = "wait";
      let text;
      let sub = null;
      if (seated() && toAct().includes(st.seat)) {
        kind = "you";
        if (finalWindow()) {
          text = `Le dernier mot ${de(seatName(g.pending.seat))} attend votre verdict.`;
          sub = "Acceptez-le ou contestez-le pour terminer la partie.";
        } else {
          text = "À vous de jouer !";
        }
      } else {
        const names = toAct().map(seatName);
        const bot = toAct().some((i) => seats()[i] && seats()[i].kind === "bot");
        text = names.length ? (bot ? `${names.join(", ")} réfléchit…` : `Au tour ${de(names.join(", "))}`) : "…";
      }
      if (!sub && canChallenge() && !finalWindow()) {
        const p = g.pending;
        sub = `${seatName(p.seat)} a joué ${p.notation} (${plural(p.score, "point")}) : vous pouvez le contester.`;
      }
      return { kind, text, sub };
    }, { winners: () => st.table.result && st.table.result.winners });
  }

  function renderPlayers() {
    const g = st.game;
    const t = st.table;
    if (!g || !t) return;
    const scores = g.scores || [];
    const prev = st.scoresShown;
    const list = el("ul", { class: "player-list" });
    seats().forEach((s, i) => {
      const active = toAct().includes(i) && playing();
      const winner = g.over && t.result && (t.result.winners || []).includes(i);
      const shown = prev ? prev[i] ?? 0 : scores[i] ?? 0;
      const scoreEl = el("span", { class: "player-score", "aria-label": plural(scores[i] ?? 0, "point"), dataset: { value: String(shown) }, text: num(shown) });
      const gain = prev && scores[i] !== undefined && prev[i] !== undefined ? scores[i] - prev[i] : 0;
      const rackSize = g.rack_sizes ? g.rack_sizes[i] : 0;
      list.append(playerItem({
        seat: s, index: i, name: seatName(i), me: i === st.seat, active, winner,
        tags: s.kind === "bot" ? el("span", { class: "tag", text: levelLabel(s.level) }) : null,
        details: el("span", { class: "player-sub" },
          active ? el("span", { class: "turn-flag", text: finalWindow() ? "doit statuer" : (s.kind === "bot" ? "réfléchit…" : "joue") }) : null,
          el("span", { class: "rack-pips", "aria-label": `${plural(rackSize, "lettre")} sur le chevalet` },
            Array.from({ length: rackSize }, () => el("span", { class: "pip" }))),
          el("span", { class: "player-clock", dataset: { clockSeat: String(i) } })),
        score: [scoreEl,
          gain > 0 ? el("span", { class: "score-gain", text: signed(gain) }) : gain < 0 ? el("span", { class: "score-gain neg", text: signed(gain) }) : null],
      }));
      if (prev && prev[i] !== scores[i]) requestAnimationFrame(() => countTo(scoreEl, scores[i] ?? 0));
    });
    st.scoresShown = [...scores];
    replace(playersBox,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Joueurs" }),
        el("span", { class: "card-title-extra" }, el("span", { class: "bag-count" }, icon("bag"), el("span", { text: `${g.bag ?? 0} dans le sac` })))),
      list);
    kit.tick();
  }

  function lastCells() {
    const last = st.game && st.game.last;
    return new Set(last && last.type === "play" && Array.isArray(last.cells) ? last.cells : []);
  }

  function renderBoard() {
    if (!st.game) return;
    const placed = placedLetters();
    let bubble = null;
    if (placed.size) {
      const cells = [...placed.keys()].sort((a, b) => {
        const [ra, ca] = parseCell(a);
        const [rb, cb] = parseCell(b);
        return ra - rb || ca - cb;
      });
      const lastCell = cells[cells.length - 1];
      const p = st.preview;
      if (p && !p.waiting) bubble = p.legal ? { cell: lastCell, text: String(p.score) } : { cell: lastCell, text: "!", error: true };
    }
    board.update({
      board: boardStacks(),
      last: lastCells(),
      placed,
      cursor: seated() && !st.game.over ? st.cursor : null,
      settle: st.settle,
      error: Boolean(st.preview && !st.preview.waiting && st.preview.legal === false),
      bubble,
    });
    board.grid.classList.toggle("can-play", isMyTurn());
    // Tiles put on the board can be dragged back or elsewhere.
    for (const [cell, tileId] of st.placed) {
      const [r, c] = parseCell(cell);
      const tileEl = board.cells[r][c].querySelector(".tile");
      if (tileEl) { tileEl.dataset.tileId = String(tileId); tileEl.dataset.fromCell = cell; }
    }
  }

  function renderPreview() {
    if (!st.game) return;
    if (!seated() || st.game.over) {
      replace(previewBox);
      previewBox.hidden = true;
      return;
    }
    previewBox.hidden = false;
    const p = st.preview;
    if (!st.placed.size) {
      previewBox.className = "table-preview idle";
      replace(previewBox, el("span", { class: "muted", text: isMyTurn()
        ? "Choisissez une lettre puis une case, glissez-la, ou cliquez une case et tapez votre mot."
        : "Vous pouvez préparer votre coup en attendant votre tour." }));
      return;
    }
    if (!p || p.waiting) {
      previewBox.className = "table-preview waiting";
      replace(previewBox, el("span", { class: "spinner small", "aria-hidden": "true" }), el("span", { class: "muted", text: "Calcul du score…" }));
      return;
    }
    if (!p.legal) {
      previewBox.className = "table-preview invalid";
      replace(previewBox, icon("info"), el("span", { class: "preview-error", text: p.message || "Ce coup n’est pas valable." }));
      return;
    }
    previewBox.className = "table-preview valid";
    const words = (p.words || []).map((w) => el("span", { class: ["word-chip", w.flat ? "flat" : ""] },
      el("span", { class: "word", text: w.word }), el("span", { class: "pts", text: String(w.score) }),
      w.flat ? el("span", { class: "visually-hidden", text: " (mot à plat, doublé)" }) : null));
    const extras = [];
    if (p.bonus_letters) extras.push(el("span", { class: "bonus-chip", text: `lettres bonus ${signed(p.bonus_letters)}` }));
    if (p.all_tiles_bonus) extras.push(el("span", { class: "bonus-chip", text: `7 lettres ${signed(p.all_tiles_bonus)}` }));
    replace(previewBox,
      el("span", { class: "preview-notation", text: p.notation || "" }),
      el("span", { class: "preview-words" }, words, extras),
      el("span", { class: "preview-total" }, el("strong", { class: "preview-score", text: String(p.score) }), el("span", { text: p.score === 1 ? " point" : " points" })));
  }

  function renderRack(animateShuffle = false) {
    if (!st.game) return;
    const show = seated() && Array.isArray(st.game.rack);
    rackZone.hidden = !show && !seated();
    if (!show) {
      replace(rackBox);
      return;
    }
    const placedIds = new Set(st.placed.values());
    const slots = st.rack.map((t, index) => {
      if (placedIds.has(t.id)) {
        return el("span", { class: "rack-slot empty", dataset: { index: String(index) }, "aria-hidden": "true" });
      }
      return el("button", {
        type: "button",
        class: ["rack-tile", st.selected === t.id ? "selected" : "", t.fresh ? "fresh" : "", animateShuffle ? "shuffled" : ""],
        dataset: { tileId: String(t.id), index: String(index), letter: t.letter },
        "aria-label": `Lettre ${tileLabel(t.letter)}${st.selected === t.id ? ", choisie" : ""}`,
        "aria-pressed": st.selected === t.id ? "true" : "false",
      }, tileNode(t.letter, { badge: false }));
    });
    // In challenge mode the draw waits until the word can no longer be contested: the tiles to
    // come show as dashed slots, with why (the rack otherwise looked two or three tiles short).
    const g = st.game;
    const waiting = g.pending && g.pending.seat === st.seat && g.options && g.options.referee === "challenge"
      ? Math.min(Math.max(0, 7 - st.rack.length), g.bag || 0) : 0;
    for (let i = 0; i < waiting; i++) {
      slots.push(el("span", { class: "rack-slot pending-draw", title: "Lettre à piocher quand votre mot ne pourra plus être contesté", "aria-hidden": "true" }));
    }
    replace(rackBox, slots.length ? slots : el("span", { class: "muted", text: "Votre chevalet est vide." }),
      waiting ? el("span", { class: "rack-pending-note muted small", text: `Vous piocherez ${waiting === 1 ? "1 lettre" : `${waiting} lettres`} quand votre mot ne pourra plus être contesté.` }) : null);
    for (const t of st.rack) t.fresh = false;
    shuffleBtn.disabled = st.rack.length < 2;
    recallBtn.disabled = st.placed.size === 0;
  }

  function renderActions() {
    if (!st.game) return;
    if (!seated() || st.game.over || (st.table && st.table.status !== "playing")) {
      replace(actionsBox);
      return;
    }
    const mine = isMyTurn();
    const busy = Boolean(st.pendingAction) || st.conn !== "open";
    const has = st.placed.size > 0;
    const illegal = Boolean(st.preview && !st.preview.waiting && st.preview.legal === false);
    const buttons = [];
    if (canAccept()) {
      buttons.push(button("Accepter", { kind: "primary", iconName: "accept", onClick: doAccept, disabled: busy, title: "Laisser le dernier mot et finir la partie" }));
    }
    if (canChallenge()) {
      buttons.push(button("Contester", { kind: "danger", iconName: "flag", onClick: doChallenge, disabled: busy, title: "Le dictionnaire va vérifier le dernier mot" }));
    }
    buttons.push(
      button("Passer", { kind: "", iconName: "pass", onClick: doPass, disabled: !mine || busy, title: "Passer votre tour" }),
      button("Échanger", { kind: "", iconName: "swap", onClick: doExchange, disabled: !mine || busy || !st.game.bag, title: st.game.bag ? "Échanger une lettre et passer" : "Le sac est vide" }),
      button("Mélanger", { kind: "mobile-only", iconName: "shuffle", onClick: shuffleRack, disabled: st.rack.length < 2, title: "Mélanger le chevalet" }),
      button("Effacer", { kind: "clear-btn", iconName: "undo", onClick: () => clearPlacement(), disabled: !has, title: "Reprendre les lettres posées (Échap)" }),
      button("Jouer", { kind: ["primary", "play-btn", illegal ? "looks-illegal" : ""].join(" "), iconName: "check", onClick: submitPlacement, disabled: !mine || !has || busy, title: "Jouer le coup (Entrée)" }),
    );
    replace(actionsBox, buttons);
  }

  function renderTracking() {
    const g = st.game;
    if (!g) return;
    const unseen = g.unseen || {};
    const total = Object.values(unseen).reduce((a, b) => a + b, 0);
    let vowels = 0;
    for (const [l, n] of Object.entries(unseen)) if (VOWELS.has(l)) vowels += n;
    const letters = Object.keys(DISTRIBUTION);
    replace(bagBox,
      el("h2", { class: "card-title", id: "tw-unseen-title" }, icon("eye"), el("span", { text: "Lettres non vues" }),
        el("span", { class: "card-title-extra", text: String(total) })),
      el("p", { class: "muted small", text: `${g.bag ?? 0} dans le sac${seated() ? " et sur les chevalets adverses" : " et sur les chevalets"} · ${plural(vowels, "voyelle")}, ${plural(total - vowels, "consonne")}` }),
      el("ul", { class: "unseen-grid", "aria-label": "Lettres non vues et leur nombre" }, letters.map((l) => {
        const n = unseen[l] || 0;
        return el("li", { class: ["unseen", n ? "" : "gone", VOWELS.has(l) ? "vowel" : ""], "aria-label": `${tileLabel(l)} : ${n}` },
          el("span", { class: "unseen-letter", text: tileLabel(l) }), el("span", { class: "unseen-count", text: String(n) }));
      })));
  }

  function wordButton(word) {
    return el("button", { type: "button", class: "word-link", text: word, "aria-label": `${word} : voir la définition`, onclick: () => wordPopup(word, "topword") });
  }

  function renderLog() {
    logNote.hidden = !st.logPartial;
    logNote.textContent = "Les coups joués avant votre arrivée ne sont pas tous listés.";
    let turn = 0;
    const items = st.log.map((entry) => {
      const who = entry.seat !== undefined && entry.seat !== null ? el("span", { class: `log-who seat-${entry.seat % SEAT_COLOURS}` },
        el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: seatName(entry.seat) })) : null;
      switch (entry.kind) {
        case "play": {
          turn += 1;
          const words = (entry.words || []).map((w) => (typeof w === "string" ? { word: w } : w));
          return el("li", { class: ["log-entry", "play", entry.contested ? "contested" : ""] },
            el("span", { class: "log-num", text: String(turn) }),
            el("span", { class: "log-move" },
              el("span", { class: "log-line" }, who, el("span", { class: "log-notation", text: entry.notation || "" })),
              el("span", { class: "log-words" }, words.map((w) => el("span", { class: "log-word" }, wordButton(w.word),
                w.score !== undefined ? el("span", { class: "log-word-pts", text: String(w.score) }) : null)))),
            el("span", { class: "log-score", text: entry.contested ? "0" : signed(entry.score || 0) }));
        }
        case "pass":
          turn += 1;
          return el("li", { class: "log-entry pass" }, el("span", { class: "log-num", text: String(turn) }),
            el("span", { class: "log-move" },
              el("span", { class: "log-line" }, who, el("span", { class: "muted", text: `${entry.timeout ? "temps écoulé, passe" : "passe"}${entry.exchanged ? " et échange une lettre" : ""}` }))),
            el("span", { class: "log-score zero", text: "0" }));
        case "taken_back":
          return el("li", { class: "log-entry note" }, who, el("span", { class: "log-move", text: `Mot retiré : ${(entry.words || []).join(", ")}` }));
        case "challenge":
          return el("li", { class: ["log-entry", "note", entry.upheld ? "upheld" : ""] }, icon("flag"),
            el("span", { class: "log-move" }, `${seatName(entry.seat)} conteste ${seatName(entry.against)} : `,
              el("strong", { text: entry.upheld ? `refusé (${(entry.words || []).join(", ")})` : "le mot est valable" })));
        case "joined":
          return el("li", { class: "log-entry note" }, icon("user"), el("span", { class: "log-move", text: `${entry.name || seatName(entry.seat)} rejoint la table` }));
        case "end":
          return el("li", { class: "log-entry note end" }, icon("trophy"), el("span", { class: "log-move", text: `Fin de la partie. ${END_REASONS[entry.reason] || ""}` }));
        default:
          return null;
      }
    }).filter(Boolean);
    kit.showLog(items, "Aucun coup pour l’instant.");
  }

  function resultRows() {
    const g = st.game;
    const scores = g.scores || [];
    const penalties = g.penalties || [];
    const racks = g.final_racks || [];
    const winners = (st.table.result && st.table.result.winners) || [];
    const order = seats().map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
    return order.map((i) => ({ i, score: scores[i] ?? 0, penalty: penalties[i] || 0, rack: racks[i] || [], winner: winners.includes(i) }));
  }

  function resultTable() {
    return el("table", { class: "result-table" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", class: "num", text: "Points" }),
        el("th", { scope: "col", class: "num", text: "Pénalité" }), el("th", { scope: "col", class: "num", text: "Total" }))),
      el("tbody", {}, resultRows().map((row) => el("tr", { class: row.winner ? "winner" : "" },
        el("th", { scope: "row" }, el("span", { class: "result-who" },
          whoNode(row.i, seatName(row.i)),
          row.winner ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
        el("td", { class: "num", text: num(row.score + row.penalty) }),
        el("td", { class: "num penalty" },
          row.penalty ? el("span", { text: signed(-row.penalty) }) : el("span", { text: "0" }),
          row.rack.length ? el("span", { class: "muted small", text: ` (${row.rack.map(tileLabel).join(" ")})` }) : null),
        el("td", { class: "num total", text: num(row.score) })))));
  }

  function renderEnd() {
    kit.renderEnd((g) => ({ summary: `${END_REASONS[g.end_reason] || ""} Chaque lettre restante coûte 5 points.`, table: resultTable }));
  }

  function showEndModal() {
    kit.endModal({
      winners: (st.table.result && st.table.result.winners) || [],
      reason: END_REASONS[st.game.end_reason] || "",
      table: resultTable,
    });
  }

  function showHelp() {
    const rows = [
      ["Clic sur une case", "place le curseur (→), un 2e clic le tourne (↓)"],
      ["Lettres A–Z", "posent la lettre du chevalet sous le curseur ; Q pose Qu"],
      ["Flèches", "déplacent le curseur ; la première flèche sur l’autre axe le tourne"],
      ["Espace", "change le sens du curseur"],
      ["Retour arrière", "reprend la dernière lettre posée"],
      ["Entrée", "joue le coup"],
      ["Échap", "reprend toutes les lettres posées"],
      ["Glisser-déposer", "une lettre du chevalet vers une case, ou d’une case vers le chevalet"],
      ["?", "affiche cette aide"],
    ];
    showKeysHelp(rows, "Pour empiler, tapez une lettre différente de celle de la case. Une case qui porte déjà la bonne lettre est simplement traversée.");
  }

  // ---- cleanup ------------------------------------------------------------------------------

  return kit.cleanup(() => {
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("pointermove", onPointerMove);
    window.removeEventListener("pointerup", onPointerUp);
    window.removeEventListener("pointercancel", onPointerCancel);
    document.body.classList.remove("dragging");
    for (const g of document.querySelectorAll(".drag-ghost")) g.remove();
  });
}

// Exported for the replay screen.
export { END_REASONS, formatSeconds, ROWS };
