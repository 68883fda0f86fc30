// Awalettres' table screen, the drawing: banner, chips, the felt with every player's cards and
// the middle of the table.
// Each function takes the screen object `s` first (panels.js).

import { el, button, replace } from "../../ui.js";
import { waitingText } from "../../tablekit.js";
import {
  WILD, SPELL_NAMES, endReason, cardNode, zoneNode as zoneNode_, centreNode as centreNode_, fromCaster,
} from "./cards.js";
import { STEP_LABELS } from "./common.js";

export function renderAll(s) {
  const { kit, renderBanner, renderChips, renderFelt, renderAction, renderPlayers, renderLog, renderGrenier, renderEnd } = s;
  kit.renderRole();
  renderBanner();
  renderChips();
  kit.renderInfo();
  renderFelt();
  renderAction();
  renderPlayers();
  renderLog();
  renderGrenier();
  renderEnd();
}

export function renderBanner(s) {
  const { kit, st, toAct, isBot, mustAct, seatName, banner, myBanner, otherBanner } = s;
  const shown = kit.renderBanner(() => {
    const g = st.game;
    const bots = toAct().length > 0 && toAct().every(isBot);
    if (mustAct()) return { kind: "you", ...myBanner(g) };
    return { kind: "wait", ...otherBanner(g, toAct().length ? toAct()[0] : null, toAct().map(seatName), bots) };
  }, { overSub: () => endReason(st.game, seatName) || null });
  if (shown) banner.classList.toggle("aw-banner-panic", st.game.step === "panic" && !st.game.over);
}

export function myBanner(s, g) {
  switch (g.step) {
    case "define": return { text: "WAYAMPOU : écrivez votre définition", sub: "Les définitions restent cachées jusqu’à ce que tout le monde ait écrit la sienne." };
    case "vote": return { text: "Votez pour la définition la plus crédible", sub: "La plus votée désigne le premier joueur (pas de vote pour la vôtre)." };
    case "give": return { text: "Vous avez tiré un sortilège !", sub: g.pending_spell && g.pending_spell.spell ? `C’est ${SPELL_NAMES[g.pending_spell.spell]} : gardez-le ou donnez-le.` : "Sans le regarder : le gardez-vous ou le donnez-vous à un adversaire ?" };
    case "panic": return { text: "PAS DE PANIQUE !", sub: "Tapez « pas de panique ! » avant la fin du compte à rebours, ou payez 5 graines au pot." };
    case "exchange": return { text: "ÉCHANGE : une de vos lettres contre une carte adverse", sub: "Cliquez une de vos lettres puis une carte d’un adversaire, ou renoncez." };
    case "trim": return { text: "Vous avez 8 cartes : remettez une lettre au grenier", sub: "Cliquez la lettre à remettre (elle repart à une place au hasard)." };
    case "marabout": return fromCaster(g)
      ? { text: "MARABOUTAGE : imposez une de vos cartes à un adversaire", sub: "Il devra vous la prendre dans son prochain mot et vous la payer." }
      : { text: "MARABOUTAGE : désignez une carte adverse", sub: "Son détenteur devra la jouer dans son prochain mot, et ses graines vous reviendront." };
    default:
      if (!g.can_play) return { text: "Aucun mot n’est possible : passez votre tour", sub: "Même en prenant des lettres aux autres, aucun mot ne se forme." };
      return { text: "À vous : posez un mot !", sub: "Cliquez des cartes (les vôtres ou celles des adversaires) ou tapez le mot. Au moins une de vos lettres." };
  }
}

export function otherBanner(s, g, actor, names, bots) {
  const { seatName } = s;
  const who = actor !== null ? seatName(actor) : "";
  switch (g.step) {
    case "define": return { text: "Chacun écrit sa définition de WAYAMPOU…", sub: names.length ? `En attente : ${names.join(", ")}.` : null };
    case "vote": return { text: "Vote pour la définition la plus crédible…", sub: names.length ? `En attente : ${names.join(", ")}.` : null };
    case "give": return { text: `${who} a tiré un sortilège`, sub: "Sans le regarder, il le garde ou le donne à un adversaire…" };
    case "panic": return { text: `PAS DE PANIQUE pour ${who} !`, sub: "Il doit crier « pas de panique ! » à temps, ou payer 5 graines au pot." };
    case "exchange": return { text: `${who} joue son ÉCHANGE…`, sub: null };
    case "trim": return { text: `${who} remet une lettre au grenier…`, sub: null };
    case "marabout": return { text: `${who} lance son MARABOUTAGE…`, sub: null };
    default: return { text: waitingText(names, bots), sub: bots ? "Il cherche le mot qui rapporte le plus de graines." : null };
  }
}

export function renderChips(s) {
  const { st, chipsBox } = s;
  const g = st.game;
  if (!g) return;
  const opts = g.options || {};
  replace(chipsBox,
    el("span", { class: ["aw-phase", `ph-${g.step}`] }, el("span", { class: "aw-phase-dot", "aria-hidden": "true" }), el("span", { text: STEP_LABELS[g.step] || g.step })),
    el("span", { class: "chip", text: `Tour ${Math.max(1, (g.turn || 0) + (g.over ? 0 : 1))}` }),
    opts.elephant ? el("span", { class: "chip", text: "Variante de l’éléphant : mots de 4 lettres" }) : null,
    opts.blind_spell === false ? el("span", { class: "chip", text: "Sortilèges regardés" }) : null);
}

// The table: opponents' zones, the middle (grenier, box, pot, last word), the player's zone.
export function renderFelt(s) {
  const { st, felt, seatOrder, seated, zoneNode, centreNode } = s;
  const g = st.game;
  if (!g || !Array.isArray(g.hands) || !g.hands.length || (g.step === "define" || g.step === "vote") && !g.hands.some((h) => h.length)) {
    replace(felt, el("div", { class: "aw-felt-empty" }, el("p", { text: g && (g.step === "define" || g.step === "vote") ? "Les cartes seront distribuées après le vote de WAYAMPOU." : "La partie n’a pas commencé." })));
    return;
  }
  const order = seatOrder();
  const mine = seated() ? order.pop() : null;
  replace(felt,
    el("div", { class: ["aw-opponents", `n${order.length}`] }, order.map((s) => zoneNode(s))),
    centreNode(),
    mine !== null ? zoneNode(mine) : null);
}

export function zoneNode(screen, s) {
  const { st, myWord, usedCount, clickable, isPicked, values, seatName, cardClicked, playing, toAct, seats, flagText, you } = screen;
  const g = st.game;
  const hand = g.hands[s] || [];
  const me = s === st.seat;
  const fresh = [...(st.fresh[s] || [])];
  const seen = {};
  const cards = hand.map((card) => {
    const k = seen[card] || 0;
    seen[card] = k + 1;
    const used = myWord() && k < usedCount(s, card);
    const fi = fresh.indexOf(card);
    const isFresh = fi >= 0 && k >= hand.filter((c) => c === card).length - fresh.filter((c) => c === card).length;
    if (isFresh) fresh.splice(fi, 1);
    const can = clickable(s, card);
    const picked = isPicked(s, card, k);
    const designated = fromCaster(g)
      ? (g.designations || []).some((list) => (list || []).some(([c, k]) => c === s && k === card))
      : (g.designations[s] || []).some(([, c]) => c === card);
    const extraClass = [used ? "used" : "", designated ? "designated" : "", isFresh ? "fresh" : "", picked ? "picked" : "", can ? "can" : ""].join(" ");
    if (!can) return cardNode(card, values(), { extraClass });
    const label = `${card === WILD ? "CONFUSION" : card} ${me ? "(à vous)" : `de ${seatName(s)}`}${used ? ", dans votre mot" : ""}${designated ? ", désignée par un MARABOUTAGE" : ""}`;
    return cardNode(card, values(), {
      as: "button", extraClass, label: false,
      props: { "aria-label": label, "aria-pressed": used || picked ? "true" : "false", onclick: () => cardClicked(s, card) },
    });
  });
  const active = playing() && toAct().includes(s);
  return zoneNode_(g, s, {
    seat: seats()[s], name: seatName(s), me, active, flag: active ? flagText(s) : null, cards, seatName, you,
  });
}

export function flagText(screen, s) {
  const { st, isBot } = screen;
  const step = st.game.step;
  if (isBot(s) && step === "word") return "réfléchit…";
  return { define: "écrit", vote: "vote", give: "sortilège", panic: "panique !", exchange: "échange", trim: "remet", marabout: "maraboute", word: "joue" }[step] || "joue";
}

export function centreNode(s) {
  const { st, seatName, you } = s;
  const lastSpell = [...(st.game.history || [])].reverse().find((e) => e.type === "spell");
  return centreNode_(st.game, { seatName, you, lastSpell: st.game.over ? null : lastSpell });
}
