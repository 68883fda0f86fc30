// The Typo table screen: the four rows of cards, your hand, the hidden choice of a card, the
// resolution of the revealed cards (row, side and word, or "Je ne peux pas"), the vote on an
// announced word, scores (points lost, bonuses), the dictionary holder, the log of words, the end.
//
// The server is authoritative: this screen only keeps what the player is preparing (the card
// picked in the hand, the row end chosen, the word being typed) and redraws from every view.

import { el, button } from "../../ui.js";
import { tableScreen } from "../../tablescreen.js";
import { bindPanels } from "../../panels.js";
import * as statePanel from "./state.js";
import * as actionsPanel from "./actions.js";
import * as renderPanel from "./render.js";

export function mount(main, { id, info }) {
  // The screen's parts (panels.js): each function gets this object, the screen's state and
  // boxes; the bound functions are destructured here for the skeleton below.
  const s = bindPanels({}, statePanel, actionsPanel, renderPanel);
  const { applyView, seedLog, lastWordOf, ingest, myCard, resolutionOrder, placedRow, pick, confirmChoice, selectTarget, requestPreview, announce, startFailing, confirmFail, vote, focusPicked, renderAll, renderBanner, renderPart, renderStage, flashNode, renderRows, renderResolve, renderPreview, renderHand, renderPlayers, renderUnseen, renderLog, resultTable, renderEnd, showEndModal, showHelp } = s;
  const kit = tableScreen({
    id, info, game: "typo", title: "Typo", prefix: "ty", help: showHelp, myClockFirst: true,
    log: { title: "Mots annoncés", className: "card table-log" },
    state: {
      picked: null, // letter picked in the hand (before confirming the choice)
      target: null, // {row, side} chosen to place my card
      failing: false, // "Je ne peux pas": choosing the longest row to discard
      prefill: "",
      failModal: null, // the open « Vous ne pouvez pas placer votre carte ? », closed when time is up
      log: [],
      flash: null, // the last verdict / failure, shown over the rows for a while
      lastResolver: null,
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, banner, sendAction } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const partBox = el("div", { class: "ty-part" });
  const stage = el("section", { class: "ty-stage", "aria-label": "Cartes révélées" });
  const rowsBox = el("section", { class: "ty-table", "aria-label": "Les quatre rangées" });
  const resolveBox = el("section", { class: "card ty-resolve", "aria-label": "Poser votre carte", hidden: true });
  const handBox = el("section", { class: "ty-handzone", "aria-label": "Votre main" });
  const playersBox = el("section", { class: "card table-players", "aria-label": "Joueurs et scores" });
  const unseenBox = el("section", { class: "card table-tracking", "aria-labelledby": "ty-unseen-title" });

  // The word form (kept across renders so typing is never interrupted).
  const wordInput = el("input", {
    id: "ty-word", type: "text", maxlength: "40", autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", class: "ty-word-input", placeholder: "Votre mot", "aria-describedby": "ty-preview",
  });
  const previewLine = el("div", { class: "ty-preview", id: "ty-preview", "aria-live": "polite" });
  const announceBtn = button("Annoncer", { kind: "primary", iconName: "check", type: "submit" });
  const cannotBtn = button("Je ne peux pas", { kind: "danger", iconName: "close", onClick: () => {
    if (st.failing) { st.failing = false; renderAll(); } else startFailing();
  } });
  const wordForm = el("form", { class: "ty-word-form" },
    el("label", { for: "ty-word", class: "ty-word-label", text: "Mot annoncé" }),
    el("div", { class: "inline ty-word-line" }, wordInput, announceBtn));
  // The word is written in capitals, as the cards and the rows (what was typed in lower case
  // showed as « taXQWZ » in the log); the caret stays where it was.
  wordInput.addEventListener("input", () => {
    const { selectionStart: a, selectionEnd: b } = wordInput;
    const upper = wordInput.value.toLocaleUpperCase("fr-FR");
    if (upper !== wordInput.value && upper.length === wordInput.value.length) {
      wordInput.value = upper;
      wordInput.setSelectionRange(a, b);
    }
    requestPreview();
  });
  wordInput.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); st.target = null; wordInput.value = ""; wordInput.blur(); renderAll(); }
  });
  wordForm.addEventListener("submit", (e) => { e.preventDefault(); announce(); });

  kit.layout(main, {
    pageClass: "table-page ty-page",
    column: [banner, partBox, kit.infoBox, kit.endBox, stage, rowsBox, resolveBox, handBox],
    side: [playersBox, kit.logBox, unseenBox],
  });

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, banner, sendAction, partBox, stage, rowsBox, resolveBox, handBox, playersBox, unseenBox, wordInput, previewLine, announceBtn, cannotBtn, wordForm });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    view: ({ events, initial }) => applyView(events, initial),
    preview: (result) => { st.preview = result; renderPreview(); },
    status: () => { renderResolve(); renderHand(); },
    // The row ends, « Défausser » and the vote's buttons go while the action is on its way.
    sent: () => { renderStage(); renderRows(); renderResolve(); renderHand(); },
    endModal: showEndModal,
    prompt: () => (mustChoose() ? handBox : myResolve() && !resolveBox.hidden ? resolveBox : null),
  });
  banner.replaceChildren(el("span", { class: "banner-text", text: "Connexion à la table…" }));

  // ---- derived state ---------------------------------------------------------------------

  const mustChoose = () => mustAct() && st.game.step === "choose";
  const myResolve = () => mustAct() && st.game.step === "place";
  const myDiscard = () => mustAct() && st.game.step === "discard";
  const mustVote = () => mustAct() && st.game.step === "vote";

  // ---- keyboard --------------------------------------------------------------------------

  kit.onKeys((event) => {
    const key = event.key;
    if (mustChoose()) {
      const hand = st.game.hand || [];
      const letter = key.length === 1 ? key.toUpperCase() : "";
      if (letter && hand.includes(letter)) { event.preventDefault(); pick(letter); focusPicked(); return; }
      if (key === "ArrowLeft" || key === "ArrowRight") {
        event.preventDefault();
        const uniq = [...new Set(hand)];
        const i = uniq.indexOf(st.picked);
        const next = i < 0 ? 0 : (i + (key === "ArrowRight" ? 1 : -1) + uniq.length) % uniq.length;
        pick(uniq[next]);
        focusPicked();
        return;
      }
      if ((key === "Enter" || key === " ") && st.picked && !(event.target instanceof HTMLButtonElement)) { event.preventDefault(); confirmChoice(); }
      return;
    }
    if (myResolve()) {
      if (/^[1-4]$/.test(key)) { event.preventDefault(); selectTarget(Number(key) - 1, st.target ? st.target.side : "right"); return; }
      if ((key === "ArrowLeft" || key === "ArrowRight") && st.target) { event.preventDefault(); selectTarget(st.target.row, key === "ArrowLeft" ? "left" : "right"); return; }
      if (key === "!" || key === "Delete") { event.preventDefault(); startFailing(); return; }
      return;
    }
    if (mustVote()) {
      if (key === "d" || key === "D") { event.preventDefault(); vote(true); }
      else if (key === "c" || key === "C") { event.preventDefault(); vote(false); }
    }
  });

  Object.assign(s, { kit, st, seats, seated, toAct, playing, mustAct, seatName, isBot, banner, sendAction, partBox, stage, rowsBox, resolveBox, handBox, playersBox, unseenBox, wordInput, previewLine, announceBtn, cannotBtn, wordForm, mustChoose, myResolve, myDiscard, mustVote });

  return kit.cleanup();
}
