// The Awalettres table screen: every hand face up around a green table (seeds, debts, held
// spells, cards designated by a MARABOUTAGE), the grenier, the spell box and the pot in the
// middle with the last word and what it paid; under it the panel of what the player must do now
// (a word built by clicking cards or typing it, with the server's live preview of the seeds; a
// spell to keep or give; PAS DE PANIQUE with its countdown; ÉCHANGE, trimming, MARABOUTAGE;
// WAYAMPOU definitions and vote), the scores, the move log and the end.
//
// The server is authoritative: this screen only keeps what the player is preparing (the word's
// cards, the cards picked for an exchange...) and redraws from every view.

import { el, button } from "../../ui.js";
import { renderBanner as fillBanner } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { WILD, seeds } from "./cards.js";
import { bindPanels } from "../../panels.js";
import * as statePanel from "./state.js";
import * as wordPanel from "./word.js";
import * as actionsPanel from "./actions.js";
import * as renderPanel from "./render.js";
import * as actionpanelPanel from "./actionpanel.js";
import * as sidePanel from "./side.js";

export function mount(main, { id, info }) {
  // The screen's parts (panels.js): each function gets this object, the screen's state and
  // boxes; the bound functions are destructured here for the skeleton below.
  const s = bindPanels({}, statePanel, wordPanel, actionsPanel, renderPanel, actionpanelPanel, sidePanel);
  const { draftKey, resetDraft, applyView, focusForStep, ingest, seatOrder, syncInput, typed, takenCards, refreshBuild, clearWord, changed, addCard, removeAt, askWildLetter, requestPreview, playAction, submitWord, doPass, give, calm, cardClicked, clickable, exchangeConfusion, isPicked, renderAll, renderBanner, myBanner, otherBanner, renderChips, renderFelt, zoneNode, flagText, centreNode, renderAction, panelHead, renderBuilder, renderTray, renderPreview, renderGive, renderPanic, renderExchange, renderTrim, renderMarabout, renderImposed, renderDefine, renderVote, renderPlayers, logItems, renderLog, renderGrenier, resultTable, renderEnd, showEndModal, showHelp } = s;
  const kit = tableScreen({
    id, info, game: "awalettres", title: "Awalettres", prefix: "aw", help: showHelp, myClockFirst: true,
    log: { title: "Journal de la partie", className: "card table-log aw-log" },
    state: {
      build: [], // the word being built: [{letter, seat, wild}]
      pick: {}, // exchange {give, target, take}, trim {card}, marabout {target, card}
      fresh: {}, // seat -> cards drawn by the last update (highlighted once)
      scoresShown: null,
      wildAsking: false,
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const chipsBox = el("div", { class: "aw-chips" });
  const felt = el("section", { class: "aw-felt", "aria-label": "La table : les jeux de tous les joueurs" });
  const actionBox = el("section", { class: "card aw-action", hidden: true, "aria-label": "Votre action" });
  const playersBox = el("section", { class: "card table-players aw-players", "aria-label": "Joueurs et scores" });
  const grenierBox = el("section", { class: "card table-tracking aw-grenier-card", "aria-labelledby": "aw-grenier-title" });

  // The word form is kept across renders so that typing is never interrupted.
  const wordInput = el("input", {
    id: "aw-word", type: "text", maxlength: "30", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", class: "aw-word-input", placeholder: "Tapez un mot…", "aria-describedby": "aw-preview",
  });
  const trayBox = el("div", { class: "aw-tray", "aria-label": "Les cartes de votre mot" });
  const previewLine = el("div", { class: "aw-preview", id: "aw-preview", "aria-live": "polite" });
  const playBtn = button("Poser le mot", { kind: "primary aw-play-btn", iconName: "check", type: "submit", title: "Entrée" });
  const clearBtn = button("Effacer", { kind: "ghost", iconName: "undo", onClick: () => clearWord(), title: "Échap" });
  const wordForm = el("form", { class: "aw-word-form" },
    el("label", { for: "aw-word", class: "visually-hidden", text: "Votre mot" }),
    el("div", { class: "aw-word-line" }, wordInput, clearBtn, playBtn));
  wordInput.addEventListener("input", () => typed());
  wordInput.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); clearWord(); }
  });
  wordForm.addEventListener("submit", (e) => { e.preventDefault(); submitWord(); });
  const panicInput = el("input", {
    id: "aw-panic", type: "text", maxlength: "40", autocomplete: "off", spellcheck: "false",
    class: "aw-panic-input", placeholder: "pas de panique !",
  });

  const defineArea = el("textarea", { id: "aw-define", maxlength: "200", rows: "2", class: "aw-define", placeholder: "Le WAYAMPOU est…" });

  const page = kit.layout(main, {
    pageClass: "table-page aw-page",
    column: [banner, chipsBox, kit.infoBox, kit.endBox, felt, actionBox],
    side: [playersBox, kit.logBox, grenierBox],
  });

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction, chipsBox, felt, actionBox, playersBox, grenierBox, wordInput, trayBox, previewLine, playBtn, clearBtn, wordForm, panicInput, defineArea, page });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    draft: { key: draftKey, reset: resetDraft },
    view: ({ events, initial }) => applyView(events, initial),
    turn: focusForStep,
    preview: (result) => { st.preview = result; renderPreview(); },
    status: renderAction,
    sent: renderAction,
    endModal: showEndModal,
    prompt: () => actionBox,
  });
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  // ---- derived state ---------------------------------------------------------------------

  const myStep = (step) => mustAct() && st.game.step === step;
  const myWord = () => myStep("word");
  const values = () => (st.game && st.game.values) || {};
  const hands = () => (st.game && st.game.hands) || [];
  const you = (i) => (i === st.seat ? "vous" : seatName(i));

  // ---- building a word -------------------------------------------------------------------

  const usedCount = (seat, card) => st.build.filter((b) => b.seat === seat && (b.wild ? WILD : b.letter) === card).length;
  const buildKey = () => st.build.map((b) => b.letter).join("");

  // ---- keyboard --------------------------------------------------------------------------

  kit.onKeys((event) => {
    const key = event.key;
    const g = st.game;
    if (myWord() && g.can_play) {
      if (/^[a-zA-ZÀ-ÿ]$/.test(key)) {
        // Letters typed anywhere go to the word.
        event.preventDefault();
        wordInput.focus();
        wordInput.value += key;
        typed();
      } else if (key === "Enter") { event.preventDefault(); submitWord(); }
      else if (key === "Escape") { event.preventDefault(); clearWord(); }
      else if (key === "Backspace" && st.build.length) { event.preventDefault(); removeAt(st.build.length - 1); }
      return;
    }
    if (myWord() && !g.can_play && (key === "p" || key === "P")) { event.preventDefault(); doPass(); return; }
    if (myStep("give")) {
      if (key === "g" || key === "G") { event.preventDefault(); give(st.seat); }
      else if (/^[1-6]$/.test(key) && Number(key) <= g.players && Number(key) - 1 !== st.seat) { event.preventDefault(); give(Number(key) - 1); }
      return;
    }
    if (myStep("panic")) {
      if (key === "p" || key === "P") { event.preventDefault(); panicInput.focus(); }
      return;
    }
    if (myStep("trim")) {
      const letter = key.length === 1 ? key.toUpperCase() : "";
      if ((hands()[st.seat] || []).includes(letter) && letter !== WILD) { event.preventDefault(); st.pick = { card: letter }; renderFelt(); renderAction(); }
      else if (key === "Enter" && st.pick.card) { event.preventDefault(); sendAction({ type: "return", card: st.pick.card }); }
      return;
    }
    if (myStep("exchange") && key === "Escape") { event.preventDefault(); sendAction({ type: "exchange", give: "", target: null, take: "" }); }
  });

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction, chipsBox, felt, actionBox, playersBox, grenierBox, wordInput, trayBox, previewLine, playBtn, clearBtn, wordForm, panicInput, defineArea, page, myStep, myWord, values, hands, you, usedCount, buildKey });

  return kit.cleanup();
}
