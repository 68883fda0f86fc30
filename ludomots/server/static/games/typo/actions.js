// Typo's table screen, the actions: picking and confirming a card, choosing a row end, announcing
// a word or failing to, voting; the live preview asked for.
// Each function takes the screen object `s` first (panels.js).

import { el, toast, modal, plural } from "../../ui.js";
import { play as sound } from "../../sound.js";

export function pick(s, letter) {
  const { mustChoose, st, renderHand } = s;
  if (!mustChoose()) return;
  st.picked = letter;
  sound("tile");
  renderHand();
}

export function confirmChoice(s, letter = s.st.picked) {
  const { st, mustChoose, sendAction } = s;
  if (!mustChoose() || !letter) return;
  st.picked = letter;
  if (sendAction({ type: "choose", card: letter })) sound("play");
}

export function selectTarget(s, row, side) {
  const { myResolve, st, placedRow, myCard, wordInput, renderRows, renderResolve, requestPreview } = s;
  if (!myResolve() || st.pendingAction) return;
  st.failing = false;
  st.target = { row, side };
  const g = st.game;
  // The letters the word must contain are shown, never typed for the player: typing the
  // whole word over a pre-filled « ho » gave « HOHOMME ».
  const made = placedRow(g.rows[row], myCard(), side).toLocaleUpperCase("fr-FR");
  wordInput.placeholder = `Un mot avec ${made}…`;
  st.prefill = made;
  sound("tile");
  renderRows();
  renderResolve();
  requestPreview();
  wordInput.focus();
  const end = wordInput.value.length;
  wordInput.setSelectionRange(end, end);
}

export function requestPreview(s) {
  const { st, myResolve, renderPreview, wordInput, kit } = s;
  clearTimeout(st.previewTimer);
  if (!st.target || !myResolve()) { st.preview = null; renderPreview(); return; }
  const word = wordInput.value.trim();
  if (!word) { st.preview = null; renderPreview(); return; }
  st.preview = { waiting: true };
  const { row, side } = st.target;  // the target may change or clear before the timer fires
  kit.previewLater(() => ({ type: "place", row, side, word }), 120);
  renderPreview();
}

export function announce(s) {
  const { myResolve, st, wordInput, sendAction } = s;
  if (!myResolve()) return;
  if (!st.target) { toast("Choisissez d’abord une rangée et un côté (cliquez sur une extrémité).", { kind: "info" }); return; }
  const word = wordInput.value.trim();
  if (!word) { toast("Tapez le mot que vous annoncez.", { kind: "info" }); wordInput.focus(); return; }
  sendAction({ type: "place", row: st.target.row, side: st.target.side, word });
}

export function startFailing(s) {
  const { myResolve, st, confirmFail, renderAll, rowsBox } = s;
  if (!myResolve() || st.pendingAction) return;
  const longest = st.game.longest_rows || [];
  if (longest.length === 1) {
    confirmFail(longest[0]);
    return;
  }
  st.failing = true;
  st.target = null;
  renderAll();
  requestAnimationFrame(() => { const b = rowsBox.querySelector(".ty-discard-btn"); if (b) b.focus(); });
}

export async function confirmFail(s, row) {
  const { st, myDiscard, myCard, myResolve, sendAction } = s;
  const g = st.game;
  const n = g.rows[row].length + (myDiscard() ? 2 : 0);
  const m = modal({
    title: myDiscard() ? "Défausser cette rangée ?" : "Vous ne pouvez pas placer votre carte ?",
    content: el("div", { class: "ty-fail-modal" },
      el("p", { text: `La rangée ${row + 1} (${g.rows[row]}) part à la défausse et votre ${myCard()} commence une nouvelle rangée.` }),
      el("p", { class: "ty-fail-cost" }, "Vous perdez ", el("strong", { text: plural(n, "point") }), " et prenez le dictionnaire.")),
    actions: [{ label: "Annuler", value: false }, { label: "Défausser la rangée", value: true, kind: "danger", iconName: "close", autofocus: true }],
  });
  st.failModal = m;
  const ok = await m.result;
  if (st.failModal === m) st.failModal = null;
  if (ok && (myResolve() || myDiscard())) {
    st.failing = false;
    sendAction({ type: "fail", row });
  }
}

export function vote(s, doubt) {
  const { mustVote, sendAction } = s;
  if (!mustVote()) return;
  sendAction({ type: "vote", doubt });
}

export function focusPicked(s) {
  const { handBox } = s;
  requestAnimationFrame(() => { const b = handBox.querySelector(".ty-hand-card.picked"); if (b) b.focus(); });
}
