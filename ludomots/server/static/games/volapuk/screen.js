// The Volapük table screen: the round board with the dice laid (colours of their bags, the
// Élue letter outlined), the player's réglette (roll up to three times, keeping dice between
// rolls; fétiches kept for the next turn), a word laid by choosing a start cell and a direction
// on the board then the dice in order (or dragging dice onto the board), with the server's live
// preview of its words and points, each part of them explained; pass (confirmed); the
// plus-value announcements (an anagram of a word of the board on one's turn too); the 3-minute
// clock from the table's deadline; scores and every player's dice (others' faces only when
// public), the log with the breakdown of every score, and the end.
//
// On a wide screen the réglette and the preview stand at the top of the side column, beside the
// board (which fits the screen's height): what the banner asks for is on screen without
// scrolling. On a phone the board is larger than the screen and scrolls sideways (cells big
// enough to touch), or fits the screen at a touch of « Plateau entier ».
//
// The server is authoritative: this screen keeps only what the player is preparing (start cell,
// direction, dice of the word, dice kept, fétiches) and redraws from every view.

import { el, button } from "../../ui.js";
import { renderBanner as fillBanner } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { DIRECTIONS, key, dice } from "./dice.js";
import { bindPanels } from "../../panels.js";
import * as statePanel from "./state.js";
import * as wordPanel from "./word.js";
import * as recomposePanel from "./recompose.js";
import * as actionsPanel from "./actions.js";
import * as renderPanel from "./render.js";

export function mount(main, { id, info }) {
  // The screen's parts (panels.js): each function gets this object, the screen's state and
  // boxes; the bound functions are destructured here for the skeleton below.
  const s = bindPanels({}, statePanel, wordPanel, recomposePanel, actionsPanel, renderPanel);
  const { draftKey, resetDraft, applyView, myDie, planned, clearWord, changed, placeAction, recomposeAction, requestPreview, addSign, jokerClicked, cancelSwap, recTiles, toggleRecompose, recCellClicked, recDieClicked, toggleDie, cellClicked, towards, dropOn, doRoll, doPlace, doPass, anagramForm, toggleFit, showHelp, renderAll, renderBanner, renderChips, renderBoard, showBoard, renderPreview, renderRack, renderPlayers, renderEnd, showEndModal } = s;
  const kit = tableScreen({
    id, info, game: "volapuk", title: "Volapük", prefix: "vp", help: showHelp,
    log: { title: "Journal de la partie", className: "card table-log vp-log" },
    state: {
      start: null, dir: "E", word: [], keep: new Set(), fetish: new Set(),
      scoresShown: null, asking: false, fit: false, centred: false,
      rec: null, // recomposing: {moves: [[fr, fc, tr, tc]], laid: [{i, letter, r, c}], pick: {r, c} | {i} | null}
      swap: null, // a simple joker taken back from the board: {r, c, i (the die given), joker (its rack index)}
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const chipsBox = el("div", { class: "vp-chips" });
  // On a phone the board is wider than the screen and scrolls sideways inside its zone, or
  // fits the screen (« Plateau entier »); the button shows on small screens only.
  const boardScroll = el("div", { class: "vp-board-scroll" });
  const fitButton = el("button", { type: "button", class: "btn ghost small vp-fit-toggle", "aria-pressed": "false", onclick: () => toggleFit() });
  const boardZone = el("section", { class: "table-boardzone vp-boardzone", "aria-label": "Le plateau" }, fitButton, boardScroll);
  const previewLine = el("div", { class: "table-preview vp-preview", "aria-live": "polite" });
  const rackZone = el("section", { class: "table-rackzone vp-rackzone", "aria-label": "Votre réglette" });
  const playersBox = el("section", { class: "card table-players vp-players", "aria-label": "Joueurs, scores et dés" });
  const bagsBox = el("section", { class: "card table-tracking vp-bags", "aria-label": "Les sacs" });

  // The preview and the réglette head the side column: beside the board on a wide screen; on
  // a narrow one the page is one column and they come right after the board (style.css).
  kit.layout(main, {
    pageClass: "table-page vp-page",
    column: [banner, chipsBox, kit.infoBox, kit.endBox, boardZone],
    side: [previewLine, rackZone, playersBox, kit.logBox, bagsBox],
  });

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction, chipsBox, boardScroll, fitButton, boardZone, previewLine, rackZone, playersBox, bagsBox });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    draft: { key: draftKey, reset: resetDraft },
    view: ({ events, initial }) => applyView(events, initial),
    preview: (result, refused) => { st.preview = result; renderPreview(); if (!refused) renderBoard(); },
    status: renderRack,
    sent: renderRack,
    endModal: showEndModal,
  });
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  // ---- derived state ---------------------------------------------------------------------

  const myTurn = () => mustAct() && (st.game.step === "roll" || st.game.step === "place");
  const rack = () => (st.game && seated() ? st.game.racks[st.seat] || [] : []);
  const rolled = () => rack().some((d) => d.face !== null && d.face !== undefined);
  // Rule 11b: in the last round a player with no die left composes with the board's letters
  // only (a recomposition without dice).
  const emptyHanded = () => myTurn() && rack().length === 0 && (st.game.board || []).length > 0;
  const canPlace = () => myTurn() && (rolled() || emptyHanded());
  const taken = () => new Set((st.game.board || []).map((t) => key(t.cell[0], t.cell[1])));
  const tileAt = (r, c) => (st.game.board || []).find((t) => t.cell[0] === r && t.cell[1] === c);

  // ---- preparing a word ------------------------------------------------------------------

  const ready = () => (st.rec ? st.rec.moves.length > 0 : st.word.length > 0 && Boolean(st.start));

  /** Whether rack die i is in the word (as a letter die or as the accent sign set on one). */
  const inWord = (i) => st.word.some((w) => w.i === i || w.sign === i);

  // ---- keyboard --------------------------------------------------------------------------

  kit.onKeys((event) => {
    const k = event.key;
    if (!myTurn()) return;
    if (k === "r" || k === "R") { event.preventDefault(); doRoll(); }
    else if (k === "Enter") { event.preventDefault(); doPlace(); }
    else if (k === "Escape") { event.preventDefault(); clearWord(); }
    else if (k === "d" || k === "D") {
      event.preventDefault();
      const names = DIRECTIONS.map((d) => d[0]);
      st.dir = names[(names.indexOf(st.dir) + 1) % names.length];
      changed();
    } else if (/^[1-9]$/.test(k) && Number(k) <= rack().length) { event.preventDefault(); toggleDie(Number(k) - 1); }
  });

  // ---- rendering -------------------------------------------------------------------------

  // A board that becomes wider than its zone (a phone turned, a window narrowed) is centred once.
  const onResize = () => { if (!st.centred && st.game) showBoard(); };
  window.addEventListener("resize", onResize);
  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction, chipsBox, boardScroll, fitButton, boardZone, previewLine, rackZone, playersBox, bagsBox, myTurn, rack, rolled, emptyHanded, canPlace, taken, tileAt, ready, inWord, onResize });

  return kit.cleanup(() => window.removeEventListener("resize", onResize));
}
