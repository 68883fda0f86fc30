// Awalettres' table screen, building a word: cards taken from every hand, wild cards, the tray,
// the live preview.
// Each function takes the screen object `s` first (panels.js).

import { el, button, modal } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { WILD, foldWord, assignWord, fromCaster } from "./cards.js";

export function syncInput(s) {
  const { wordInput, buildKey } = s;
  wordInput.value = buildKey();
}

/** Typing: the letters typed, with the cards already chosen kept where the letter did not
 * change, and the usual choice (own letters first) for the rest. */
export function typed(s) {
  const { wordInput, st, renderPreview, hands, takenCards, changed } = s;
  const key = foldWord(wordInput.value);
  if (key === null) {
    st.preview = { legal: false, message: "Un mot ne contient que des lettres." };
    renderPreview();
    return;
  }
  const pinned = {};
  st.build.forEach((b, i) => { if (b.seat !== null && key[i] === b.letter) pinned[i] = { seat: b.seat, wild: b.wild }; });
  st.build = assignWord(st.seat, key, hands(), pinned, takenCards());
  changed(false);
}

/** The caster's cards a MARABOUTAGE makes the player take ([caster, card]; none when the
 * option designates his own cards). */
export function takenCards(s) {
  const { st } = s;
  const g = st.game;
  return fromCaster(g) ? (g.designations[st.seat] || []) : [];
}

/** After a new view: the same letters, re-assigned where a card has gone. */
export function refreshBuild(s) {
  const { st, buildKey, hands, takenCards, requestPreview } = s;
  const pinned = {};
  st.build.forEach((b, i) => { if (b.seat !== null) pinned[i] = { seat: b.seat, wild: b.wild }; });
  st.build = assignWord(st.seat, buildKey(), hands(), pinned, takenCards());
  requestPreview();
}

export function clearWord(s, render = true) {
  const { st, wordInput, renderFelt, renderAction } = s;
  st.build = [];
  st.preview = null;
  st.previewSeq += 1;
  clearTimeout(st.previewTimer);
  wordInput.value = "";
  if (render) { renderFelt(); renderAction(); }
}

export function changed(s, sync = true) {
  const { syncInput, requestPreview, renderFelt, renderAction } = s;
  if (sync) syncInput();
  requestPreview();
  renderFelt();
  renderAction();
}

export async function addCard(s, seat, card) {
  const { st, askWildLetter, myWord, usedCount, changed } = s;
  if (card === WILD) {
    if (st.wildAsking) return;
    st.wildAsking = true;
    const letter = await askWildLetter(seat);
    st.wildAsking = false;
    if (!letter || !myWord() || usedCount(seat, WILD) >= 1) return;
    st.build.push({ letter, seat, wild: true });
  } else {
    st.build.push({ letter: card, seat, wild: false });
  }
  sound("tile");
  changed();
}

export function removeAt(s, i) {
  const { st, changed } = s;
  st.build.splice(i, 1);
  sound("lift");
  changed();
}

export function askWildLetter(s, seat) {
  const { st, seatName } = s;
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
  let m = null;
  const grid = el("div", { class: "aw-letter-grid", role: "group", "aria-label": "Lettres" },
    letters.map((l) => el("button", { type: "button", class: "aw-letter-btn", text: l, onclick: () => m.close(l) })));
  const onKey = (e) => {
    const l = e.key.length === 1 ? e.key.toUpperCase() : "";
    if (/^[A-Z]$/.test(l)) { e.preventDefault(); m.close(l); }
  };
  m = modal({
    title: "Quelle lettre la CONFUSION remplace-t-elle ?",
    className: "aw-wild-modal",
    content: el("div", {},
      el("p", { class: "muted", text: seat === st.seat
        ? "Votre CONFUSION ne vous rapporte rien (0 graine), mais vous en débarrasse : elle coûte 5 graines si elle reste en main."
        : `La CONFUSION de ${seatName(seat)} vous coûte 5 graines, payées à son détenteur.` }),
      grid),
  });
  m.dialog.addEventListener("keydown", onKey);
  return m.result;
}

export function requestPreview(s) {
  const { st, myWord, playAction, kit } = s;
  clearTimeout(st.previewTimer);
  if (!myWord() || !st.build.length) { st.preview = null; return; }
  const missing = st.build.find((b) => b.seat === null);
  if (missing) {
    st.preview = { legal: false, message: `Personne n’a de ${missing.letter} (ni de CONFUSION) pour ce mot.` };
    return;
  }
  if (st.build.length < 2) { st.preview = { legal: false, message: "Un mot a au moins 2 lettres." }; return; }
  st.preview = { waiting: true };
  const action = playAction();
  kit.previewLater(() => action, 110);
}

export function playAction(s) {
  const { buildKey, st } = s;
  return {
    type: "play",
    word: buildKey(),
    sources: st.build.map((b) => b.seat),
    wild: st.build.map((b, i) => (b.wild ? i : -1)).filter((i) => i >= 0),
  };
}
