// Volapük's table screen, preparing a word: dice laid on the board, signs, jokers, the preview.
// Each function takes the screen object `s` first (panels.js).

import { toast } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { JOKERS, SIGN_ACCENTS, faceText, dice } from "./dice.js";
import { askJokerLetter } from "./panels.js";

export function clearWord(s, render = true) {
  const { st, changed } = s;
  st.word = [];
  st.swap = null;
  if (st.rec) st.rec = { moves: [], laid: [], pick: null };
  st.preview = null;
  st.previewSeq += 1;
  clearTimeout(st.previewTimer);
  if (render) { st.start = null; changed(); }
}

export function changed(s) {
  const { requestPreview, renderBoard, renderRack, renderPreview } = s;
  requestPreview();
  renderBoard();
  renderRack();
  renderPreview();
}

export function placeAction(screen) {
  const { st, inWord } = screen;
  const s = st.start || [0, 0];
  return {
    type: "place", row: s[0], col: s[1], direction: st.dir,
    // an accent sign die comes right after the letter die it is set on (E then ^ = Ê)
    dice: st.word.flatMap((w) => (w.sign !== undefined ? [w.i, w.sign] : [w.i])),
    letters: st.word.flatMap((w) => (w.sign !== undefined ? [w.letter || "", ""] : [w.letter || ""])),
    fetishes: [...st.fetish].filter((i) => !inWord(i) && !(st.swap && st.swap.i === i)).sort((a, b) => a - b),
    swap: st.swap ? [st.swap.r, st.swap.c, st.swap.i] : [],
  };
}

export function recomposeAction(s) {
  const { st } = s;
  const laid = st.rec.laid;
  return {
    type: "recompose", moves: st.rec.moves.flat(), dice: laid.map((x) => x.i),
    cells: laid.flatMap((x) => [x.r, x.c]), letters: laid.map((x) => x.letter || ""),
    fetishes: [...st.fetish].filter((i) => !laid.some((x) => x.i === i)).sort((a, b) => a - b),
  };
}

export function requestPreview(s) {
  const { st, canPlace, ready, recomposeAction, placeAction, kit } = s;
  clearTimeout(st.previewTimer);
  if (!canPlace() || !ready()) { st.preview = null; return; }
  st.preview = { waiting: true };
  const action = st.rec ? recomposeAction() : placeAction();
  kit.previewLater(() => action, 120);
}

/** An accent sign die clicked while composing: set on the last letter die of the word (the
 * engine takes it right after that die, on its cell), or a French reason why not. */
export function addSign(s, i, face) {
  const { st, myDie, changed } = s;
  const last = st.word[st.word.length - 1];
  const mark = face === "^" ? "l’accent circonflexe" : "le tréma";
  if (!last) { toast(`Posez d’abord la lettre qui prend ${mark} : le signe se pose sur la dernière lettre du mot.`, { kind: "info" }); return; }
  if (last.sign !== undefined) { toast("Cette lettre porte déjà un signe d’accent.", { kind: "info" }); return; }
  const d = myDie(last.i) || {};
  const letter = JOKERS.has(d.face) ? last.letter : d.face;
  const accented = (SIGN_ACCENTS[face] || {})[letter];
  if (!accented) {
    toast(letter && letter.length === 1 && /^[A-Z]$/.test(letter)
      ? `La lettre ${letter} ne prend pas ${mark} : le signe se pose sur la dernière lettre du mot.`
      : `Un signe d’accent se pose sur une lettre seule sans accent, juste après elle (pas sur ${faceText(d.face, last.letter) || "ce dé"}).`, { kind: "info" });
    return;
  }
  last.sign = i;
  st.fetish.delete(i);
  sound("tile");
  changed();
}

/** A click on a simple joker of the board (seed C1): take it back against a die of the rack
 * showing its letter, which goes on its cell; the joker must be used at once, so it joins
 * the word now (its letter asked; clicked in the rack it leaves the word and comes back at
 * its end, to change its place). Clicked again, or the die given: undone. */
export async function jokerClicked(s, r, c, t) {
  const { canPlace, busy, st, cancelSwap, rack, inWord, changed } = s;
  if (!canPlace() || busy() || st.asking) return;
  if (st.swap) {
    const here = st.swap.r === r && st.swap.c === c;
    cancelSwap();
    if (!here) toast("Un seul joker repris par coup : l’échange précédent est annulé.", { kind: "info" });
    return;
  }
  const give = rack().findIndex((d, i) => d.face !== null && d.face !== undefined && faceText(d.face) === t.letter && !inWord(i));
  if (give < 0) { toast(`Pour reprendre ce joker, donnez un dé qui montre ${t.letter} : vous n’en avez pas.`, { kind: "info" }); return; }
  st.asking = true;
  const letter = await askJokerLetter("?");
  st.asking = false;
  if (!letter || !canPlace()) return;
  const joker = rack().length;
  st.swap = { r, c, i: give, joker };
  st.fetish.delete(give);
  st.word.push({ i: joker, letter });
  toast(`Joker repris contre votre ${t.letter} : il doit servir dans ce mot.`, { kind: "info" });
  sound("tile");
  changed();
}

export function cancelSwap(s) {
  const { st, changed } = s;
  if (!st.swap) return;
  const joker = st.swap.joker;
  st.word = st.word.filter((w) => w.i !== joker);
  st.swap = null;
  sound("lift");
  changed();
}
