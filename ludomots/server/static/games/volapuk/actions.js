// Volapük's table screen, the actions: rolling, placing, passing, the anagram form; fitting the
// board to the screen and the keyboard help.
// Each function takes the screen object `s` first (panels.js).

import { el, button, toast, confirmModal } from "../../ui.js";
import { showKeysHelp } from "../../tablekit.js";
import { play as sound } from "../../sound.js";
import { keptField } from "./panels.js";

export function doRoll(s) {
  const { myTurn, st, rack, sendAction } = s;
  if (!myTurn() || !st.game.rolls_left) return;
  const keep = st.game.rolls ? [...st.keep].filter((i) => rack()[i] && rack()[i].face !== null && !rack()[i].fetish).sort((a, b) => a - b) : [];
  sound("shuffle");
  sendAction({ type: "roll", keep });
}

export function doPlace(s) {
  const { canPlace, st, sendAction, recomposeAction, placeAction } = s;
  if (!canPlace()) return;
  if (st.rec) {
    if (!st.rec.moves.length) { toast("Déplacez au moins un dé du plateau.", { kind: "info" }); return; }
    sendAction(recomposeAction());
    return;
  }
  if (!st.start) { toast("Choisissez la case de départ sur le plateau.", { kind: "info" }); return; }
  if (!st.word.length) { toast("Choisissez les dés de votre mot sur la réglette.", { kind: "info" }); return; }
  sendAction(placeAction());
}

/** Passing ends the turn: asked first, as in Topword. */
export async function doPass(s) {
  const { myTurn, busy, st, rolled, emptyHanded, clearWord, sendAction } = s;
  if (!myTurn() || busy() || st.asking) return;
  st.asking = true;
  const ok = await confirmModal("Passer votre tour ?", rolled() || emptyHanded()
    ? "Vous ne posez aucun mot ce tour-ci ; vos dés lancés retournent en vrac (les fétiches restent)."
    : "Vous ne lancez pas vos dés et ne posez aucun mot ce tour-ci.", "Passer", { iconName: "pass" });
  st.asking = false;
  if (ok && myTurn()) { clearWord(false); sendAction({ type: "pass" }); }
}

/** Seed A6, "quel que soit le tour de jeu": an anagram of a word of the board, on one's turn. */
export function anagramForm(s) {
  const { st, busy, myTurn, sendAction } = s;
  // Kept for the turn: the rack's redraws (a die clicked, a view) never lose what is typed.
  const input = keptField(st, `turn:${st.game.turn}`, "boardAnagram", () => el("input", { type: "text", maxlength: "30", placeholder: "Anagramme d’un mot du plateau…", "aria-label": "Anagramme d’un mot du plateau", autocomplete: "off" }));
  const form = el("form", { class: "inline vp-announce-form vp-board-anagram" }, input,
    button("Annoncer l’anagramme", { kind: "small", type: "submit", disabled: busy() }));
  form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim() && myTurn()) sendAction({ type: "anagram", word: input.value.trim() }); });
  return form;
}

export function toggleFit(s) {
  const { st, renderBoard } = s;
  st.fit = !st.fit;
  st.centred = false;
  renderBoard();
}

export function showHelp(s) {
  showKeysHelp([
    ["R", "lancer ou relancer les dés (ceux marqués « garder » restent)"],
    ["1 à 9", "ajoute le dé n° de la réglette au mot (ou le retire)"],
    ["D", "change la direction du mot"],
    ["Entrée", "dépose le mot"],
    ["Échap", "efface le mot"],
    ["?", "affiche cette aide"],
  ], "Cliquez une case vide du plateau pour y commencer le mot ; recliquez-la pour changer de direction, ou cliquez une case dans l’alignement. Vous pouvez aussi glisser un dé sur une case. Un dé ^ ou ¨ se pose sur la dernière lettre du mot : E puis ^ donne Ê. Un joker du plateau se reprend en le cliquant, contre un de vos dés qui montre sa lettre. « Recomposer » déplace des dés déjà posés (+10).");
}
