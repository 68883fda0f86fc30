// The Vocabulon table screen: the board of three rings (pawns, reachable cells after a throw,
// the path chosen), the riddle read aloud with its sand-glass and the answer field, the panel
// of what the player must do now (write or change the secret word, throw, move, a VOCABULON
// cell's choice, an exchange to accept), the players with their letter cards (and, for one's
// own seat only, the secret word with its letters won), the sabot, the history and the end.
//
// The server is authoritative and filters every view: this screen never sees another player's
// secret word nor a riddle's answer before it is revealed. It only keeps what the player is
// preparing (the cell chosen, the exchange being composed, the words typed).

import { el, button } from "../../ui.js";
import { renderBanner as fillBanner } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { bindPanels } from "../../panels.js";
import * as statePanel from "./state.js";
import * as actionsPanel from "./actions.js";
import * as renderPanel from "./render.js";

export function mount(main, { id, info }) {
  // The screen's parts (panels.js): each function gets this object, the screen's state and
  // boxes; the bound functions are destructured here for the skeleton below.
  const s = bindPanels({}, statePanel, actionsPanel, renderPanel);
  const { draftKey, resetDraft, applyView, ingest, focusForStep, answer, previewWord, selectCell, renderAll, renderBanner, myBanner, otherBanner, renderChips, renderBoard, renderRiddle, paintGlass, renderAction, renderPlayers, renderSabot, renderLog, definitionLink, resultTable, renderEnd, showEndModal } = s;
  const kit = tableScreen({
    id, info, game: "vocabulon", title: "Vocabulon", prefix: "vc",
    log: { title: "Journal de la partie", className: "card table-log vc-log" },
    state: {
      selected: null, // the cell chosen to move to
      direction: null, // and the way there, when chosen from the list of destinations
      swap: {}, // the exchange being composed: {give, to, take}
      offer: {}, // asked for the missing letter: {give, take} being composed
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const chipsBox = el("div", { class: "aw-chips vc-chips" });
  const boardBox = el("section", { class: "vc-board", "aria-label": "Le plateau" });
  const riddleBox = el("section", { class: "card vc-riddle", hidden: true, "aria-live": "polite", "aria-label": "L’énigme" });
  const actionBox = el("section", { class: "card aw-action vc-action", hidden: true, "aria-label": "Votre action" });
  const playersBox = el("section", { class: "card table-players vc-players", "aria-label": "Joueurs et cartes-lettre" });
  const sabotBox = el("section", { class: "card table-tracking vc-sabot", "aria-labelledby": "vc-sabot-title" });

  // The answer field is kept across renders: a view arriving never interrupts typing.
  const answerInput = el("input", { id: "vc-answer", type: "text", maxlength: "40", autocomplete: "off", autocapitalize: "none", spellcheck: "false", class: "vc-answer-input", placeholder: "Votre réponse…" });
  const answerForm = el("form", { class: "vc-answer-form" },
    el("label", { for: "vc-answer", class: "visually-hidden", text: "Votre réponse" }),
    el("div", { class: "aw-word-line" }, answerInput,
      button("Répondre", { kind: "primary", iconName: "send", type: "submit" }),
      button("Je ne sais pas", { kind: "ghost", iconName: "pass", onClick: () => answer("") })));
  answerForm.addEventListener("submit", (e) => { e.preventDefault(); if (answerInput.value.trim()) answer(answerInput.value.trim()); else answerInput.focus(); });

  const page = kit.layout(main, {
    pageClass: "table-page vc-page",
    column: [banner, chipsBox, kit.infoBox, kit.endBox, riddleBox, actionBox, boardBox],
    side: [playersBox, kit.logBox, sabotBox],
  });
  // The sand-glass: its sand follows the answering seat's deadline.
  const glassTimer = setInterval(() => paintGlass(), 250);

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, chipsBox, boardBox, riddleBox, actionBox, playersBox, sabotBox, answerInput, answerForm, page, glassTimer });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    draft: { key: draftKey, reset: resetDraft },
    view: ({ events, initial }) => applyView(events, initial),
    turn: focusForStep,
    preview: (result) => { st.preview = result; renderAction(); },
    status: renderAction,
    error: (msg) => { page.dataset.error = msg.code || "error"; },
    sent: () => { delete page.dataset.error; renderAction(); },
    endModal: showEndModal,
  });
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  // ---- derived state ---------------------------------------------------------------------

  const answering = () => mustAct() && (st.game.step === "answer" || st.game.step === "others");
  const you = (i) => (i === st.seat ? "vous" : seatName(i));
  const You = (i) => (i === st.seat ? "Vous" : seatName(i));
  const held = (s) => ((st.game && st.game.held) || [])[s] || [];

  // ---- actions ---------------------------------------------------------------------------

  const send = (action) => kit.sendAction(action);

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, chipsBox, boardBox, riddleBox, actionBox, playersBox, sabotBox, answerInput, answerForm, page, glassTimer, answering, you, You, held, send });

  return kit.cleanup(() => clearInterval(glassTimer));
}
