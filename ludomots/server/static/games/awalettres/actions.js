// Awalettres' table screen, the actions: playing the word, passing, giving a spell, calming,
// exchanging a confusion, the cards one may click.
// Each function takes the screen object `s` first (panels.js).

import { toast } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { WILD, fromCaster } from "./cards.js";

export function submitWord(s) {
  const { myWord, st, wordInput, sendAction, playAction } = s;
  if (!myWord()) return;
  if (!st.build.length) { toast("Cliquez des cartes ou tapez un mot.", { kind: "info" }); wordInput.focus(); return; }
  const missing = st.build.find((b) => b.seat === null);
  if (missing) { toast(`Personne n’a de ${missing.letter} (ni de CONFUSION) pour ce mot.`); sound("error"); return; }
  sendAction(playAction());
}

export function doPass(s) {
  const { myWord, sendAction } = s;
  if (myWord()) sendAction({ type: "pass" });
}

export function give(s, target) {
  const { myStep, sendAction } = s;
  if (myStep("give")) sendAction({ type: "give", target });
}

export function calm(s, method) {
  const { myStep, sendAction, panicInput } = s;
  if (!myStep("panic")) return;
  if (method === "shout") sendAction({ type: "calm", method, phrase: panicInput.value });
  else sendAction({ type: "calm", method: "pay", phrase: "" });
}

export function cardClicked(s, seat, card) {
  const { st, mustAct, busy, usedCount, hands, removeAt, addCard, exchangeConfusion, renderFelt, renderAction } = s;
  const g = st.game;
  if (!mustAct() || busy()) return;
  if (g.step === "word") {
    if (usedCount(seat, card) >= (hands()[seat] || []).filter((c) => c === card).length) {
      // Every copy is already in the word: the click takes the last one back.
      for (let i = st.build.length - 1; i >= 0; i--) {
        const b = st.build[i];
        if (b.seat === seat && (b.wild ? WILD : b.letter) === card) { removeAt(i); return; }
      }
      return;
    }
    addCard(seat, card);
    return;
  }
  if (g.step === "exchange") {
    if (seat === st.seat) { if (card !== WILD || exchangeConfusion()) st.pick.give = card; } else st.pick = { ...st.pick, target: seat, take: card };
  } else if (g.step === "trim") {
    if (seat !== st.seat || card === WILD) return;
    st.pick = { card };
  } else if (g.step === "marabout") {
    if (fromCaster(g)) {
      // A card of one's own hand; a card of an opponent chooses him as the target.
      st.pick = seat === st.seat ? { ...st.pick, card } : { ...st.pick, target: seat };
    } else {
      if (seat === st.seat) return;
      st.pick = { target: seat, card };
    }
  } else {
    return;
  }
  sound("tile");
  renderFelt();
  renderAction();
}

/** Whether a card of `seat` can be clicked now. */
export function clickable(s, seat, card) {
  const { mustAct, busy, st, exchangeConfusion } = s;
  if (!mustAct() || busy()) return false;
  const step = st.game.step;
  if (step === "word") return true;
  if (step === "exchange") return seat !== st.seat || card !== WILD || exchangeConfusion();
  if (step === "trim") return seat === st.seat && card !== WILD;
  if (step === "marabout") return fromCaster(st.game) || seat !== st.seat;
  return false;
}

/** Whether an ÉCHANGE may give one's own CONFUSION (the rule; an option may forbid it). */
export function exchangeConfusion(s) {
  const { st } = s;
  return ((st.game && st.game.options) || {}).exchange_confusion !== false;
}

export function isPicked(s, seat, card, occurrence) {
  const { st } = s;
  const p = st.pick;
  if (occurrence !== 0) return false;
  const step = st.game && st.game.step;
  if (step === "exchange") return (seat === st.seat && p.give === card) || (seat === p.target && p.take === card);
  if (step === "trim") return seat === st.seat && p.card === card;
  if (step === "marabout") return fromCaster(st.game) ? seat === st.seat && p.card === card : seat === p.target && p.card === card;
  return false;
}
