// The Topword table screen: board, rack (drag-and-drop, click-to-place, typing like Woogles),
// live preview, actions, scores and turn, bag and unseen tiles, move log, end of game (the chat is the shared frame's: tablelife.js).
//
// The server is authoritative: this screen only keeps what the player is preparing (tiles put
// on the board but not played, rack order, the typing cursor) and redraws from every view.

import { el, icon, button, de } from "../../ui.js";
import { tableScreen } from "../../tablescreen.js";
import { createBoard, cellName } from "./board.js";
import { bindPanels } from "../../panels.js";
import * as statePanel from "./state.js";
import * as placingPanel from "./placing.js";
import * as actionsPanel from "./actions.js";
import * as journalPanel from "./journal.js";
import * as renderPanel from "./render.js";

export function mount(main, { id, info }) {
  // The screen's parts (panels.js): each function gets this object, the screen's state and
  // boxes; the bound functions are destructured here for the skeleton below.
  const s = bindPanels({}, statePanel, placingPanel, actionsPanel, journalPanel, renderPanel);
  const { applyView, reconcileRack, finalWindow, isMyTurn, canChallenge, canAccept, boardStacks, placedLetters, maxHeight, placeTile, unplace, clearPlacement, changed, tilesPayload, requestPreview, setCursor, advance, typeLetter, backspace, shakeRack, moveCursor, onKey, onPointerDown, onPointerMove, onPointerUp, onPointerCancel, moveInRack, tapRackTile, submitPlacement, doPass, doExchange, doChallenge, doAccept, shuffleRack, loadLog, saveLog, entryFromLast, challengeToast, toastEvents, ingestLog, renderAll, renderOverlay, renderBanner, renderPlayers, lastCells, renderBoard, renderPreview, renderRack, renderActions, renderTracking, wordButton, renderLog, resultRows, resultTable, renderEnd, showEndModal, showHelp } = s;
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
  s.nextTileId = 1;

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

  Object.assign(s, { id, logNote, kit, st, seats, seated, toAct, playing, seatName, banner, board, playersBox, boardOverlay, boardZone, previewBox, rackBox, actionsBox, shuffleBtn, recallBtn, rackRow, rackZone, bagBox, page });

  // ---- connection ----------------------------------------------------------------------------

  const socket = kit.connect({
    render: () => { renderAll(); st.settle = new Set(); },
    view: ({ events, initial, prevTable, landed }) => applyView(events, initial, prevTable, landed),
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

  // ---- typing (Woogles-like) ----------------------------------------------------------------

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
    if (tileEl) tapRackTile(Number(tileEl.dataset.tileId), event.detail !== 0);
  });

  // ---- actions ----------------------------------------------------------------------------

  const sendAction = (action, kind) => kit.sendAction(action, { kind, action });

  Object.assign(s, { id, logNote, kit, st, seats, seated, toAct, playing, seatName, banner, board, playersBox, boardOverlay, boardZone, previewBox, rackBox, actionsBox, shuffleBtn, recallBtn, rackRow, rackZone, bagBox, page, socket, pointer, sendAction });

  return kit.cleanup(() => {
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("pointermove", onPointerMove);
    window.removeEventListener("pointerup", onPointerUp);
    window.removeEventListener("pointercancel", onPointerCancel);
    document.body.classList.remove("dragging");
    for (const g of document.querySelectorAll(".drag-ghost")) g.remove();
  });
}

