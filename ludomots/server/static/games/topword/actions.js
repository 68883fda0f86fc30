// Topword's table screen, the actions: play, pass, exchange, challenge, accept, shuffle.
// Each function takes the screen object `s` first (panels.js).

import { el, button, replace, toast, modal, confirmModal } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { tileNode, tileLabel } from "./board.js";

export function submitPlacement(s) {
  const { st, isMyTurn, finalWindow, canAccept, sendAction, tilesPayload } = s;
  if (!st.placed.size) {
    toast("Posez d’abord des lettres sur le plateau.", { kind: "info" });
    return;
  }
  if (!isMyTurn()) {
    toast(finalWindow() && canAccept() ? "Acceptez ou contestez d’abord le dernier mot." : "Ce n’est pas votre tour.", { kind: "info" });
    return;
  }
  if (st.pendingAction) return;
  sendAction({ type: "place", tiles: tilesPayload() }, "place");
}

export async function doPass(s) {
  const { isMyTurn, st, clearPlacement, sendAction } = s;
  if (!isMyTurn() || st.pendingAction) return;
  const ok = await confirmModal("Passer votre tour ?", "Vous ne posez aucun mot ce tour-ci. Vous pourrez rejouer au tour suivant.", "Passer", { iconName: "pass" });
  if (ok && isMyTurn()) {
    clearPlacement();
    sendAction({ type: "pass", exchange: null }, "pass");
  }
}

export async function doExchange(s) {
  const { isMyTurn, st, clearPlacement, sendAction } = s;
  if (!isMyTurn() || st.pendingAction) return;
  if (!st.game.bag) { toast("Le sac est vide : on ne peut plus échanger."); return; }
  let chosen = null;
  const choices = el("div", { class: "exchange-rack", role: "radiogroup", "aria-label": "Lettre à échanger" });
  const confirm = { disabled: true };
  const paint = () => {
    replace(choices, st.rack.map((t) => el("button", {
      type: "button", class: ["rack-tile", chosen === t.id ? "selected" : ""], role: "radio",
      "aria-checked": chosen === t.id ? "true" : "false", "aria-label": `Échanger ${tileLabel(t.letter)}`,
      onclick: () => { chosen = t.id; paint(); m.dialog.querySelector(".modal-actions .primary").disabled = false; },
    }, tileNode(t.letter, { badge: false }))));
  };
  const m = modal({
    title: "Échanger une lettre",
    content: el("div", {},
      el("p", { text: "Choisissez la lettre à remettre dans le sac. Vous en tirez une autre et votre tour est passé." }),
      choices),
    actions: [{ label: "Annuler", value: false }, { label: "Échanger et passer", value: true, kind: "primary", iconName: "swap" }],
  });
  paint();
  m.dialog.querySelector(".modal-actions .primary").disabled = confirm.disabled;
  const ok = await m.result;
  const tile = st.rack.find((t) => t.id === chosen);
  if (ok && tile && isMyTurn()) {
    clearPlacement();
    sendAction({ type: "pass", exchange: tile.letter }, "exchange");
  }
}

export function doChallenge(s) {
  const { canChallenge, sendAction } = s;
  if (!canChallenge()) return;
  sendAction({ type: "challenge" }, "challenge");
}

export function doAccept(s) {
  const { canAccept, sendAction } = s;
  if (!canAccept()) return;
  sendAction({ type: "accept" }, "accept");
}

export function shuffleRack(s) {
  const { st, renderRack } = s;
  const free = st.rack.filter((t) => ![...st.placed.values()].includes(t.id));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j], free[i]];
  }
  const placedTiles = st.rack.filter((t) => [...st.placed.values()].includes(t.id));
  st.rack = [...free, ...placedTiles];
  sound("shuffle");
  renderRack(true);
}
