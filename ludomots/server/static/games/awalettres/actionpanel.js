// Awalettres' table screen, the action panel: what the player to act may do at each step.
// Each function takes the screen object `s` first (panels.js).

import { el, icon, button, replace, focusKeeper, needsDrawing, forgetDrawn } from "../../ui.js";
import { SEAT_COLOURS } from "../../tablekit.js";
import { play as sound } from "../../sound.js";
import {
  WILD, SPELL_NAMES, SPELL_HELP, cardNode, spellNode, outcomeChips, fromCaster,
} from "./cards.js";

export function renderAction(s) {
  const { st, mustAct, actionBox, page } = s;
  const g = st.game;
  const show = Boolean(g && mustAct());
  actionBox.hidden = !show;
  page.classList.toggle("aw-acting", show);
  if (!show) { forgetDrawn(actionBox); return; }
  actionBox.className = `card aw-action step-${g.step}`;
  // The fields typed in (the word, the shout, the definition) live as long as the screen; a
  // panel redrawn around one (another player's definition arriving) gives its focus back.
  const refocus = focusKeeper(actionBox);
  drawStep(s, g.step);
  refocus();
}

function drawStep(s, step) {
  const { actionBox, renderBuilder, renderGive, renderPanic, renderExchange, renderTrim, renderMarabout, renderDefine, renderVote } = s;
  // The definition and the vote are asked of all at once: they are redrawn only when what they
  // show changes (needsDrawing); the other steps draw without a key.
  if (step !== "define" && step !== "vote") forgetDrawn(actionBox);
  switch (step) {
    case "word": return renderBuilder();
    case "give": return renderGive();
    case "panic": return renderPanic();
    case "exchange": return renderExchange();
    case "trim": return renderTrim();
    case "marabout": return renderMarabout();
    case "define": return renderDefine();
    case "vote": return renderVote();
    default: replace(actionBox); return undefined;
  }
}

export function panelHead(s, title, text) {
  return el("div", { class: "aw-action-head" }, el("h2", { class: "aw-action-title", text: title }), text ? el("p", { class: "muted small", text }) : null);
}

export function renderBuilder(s) {
  const { st, actionBox, panelHead, doPass, busy, wordForm, trayBox, previewLine, seatName, wordInput, clearBtn, playBtn, renderTray, renderPreview } = s;
  const g = st.game;
  if (!g.can_play) {
    replace(actionBox, panelHead("Aucun mot possible", "Personne ne vous donnerait de quoi former un mot avec au moins une de vos lettres."),
      el("div", { class: "aw-action-row" }, button("Passer mon tour", { kind: "primary", iconName: "pass", onClick: doPass, disabled: busy(), title: "P" })));
    return;
  }
  if (!actionBox.contains(wordForm)) {
    replace(actionBox, el("div", { class: "aw-builder-head" }), trayBox, wordForm, previewLine, el("div", { class: "aw-builder-note" }));
  }
  const desig = g.designations[st.seat] || [];
  replace(actionBox.querySelector(".aw-builder-head"),
    el("h2", { class: "aw-action-title", text: "Votre mot" }),
    el("span", { class: "muted small", text: g.options && g.options.elephant ? "Variante de l’éléphant : 4 lettres exactement." : "Bonus : 5 lettres +2, 6 lettres +3, 7 et plus +5." }));
  replace(actionBox.querySelector(".aw-builder-note"),
    desig.length ? el("p", { class: "aw-must" }, icon("flag"), el("span", { text: fromCaster(g)
      ? `MARABOUTAGE : vous devez prendre ${desig.map(([c, card]) => `${card === WILD ? "la CONFUSION" : `le ${card}`} de ${seatName(c)}`).join(", ")} dans votre mot.`
      : `MARABOUTAGE : vous devez jouer ${desig.map(([c, card]) => `${card === WILD ? "votre CONFUSION" : `votre ${card}`} (graines pour ${seatName(c)})`).join(", ")}.` })) : null);
  wordInput.disabled = busy();
  clearBtn.disabled = !st.build.length;
  const p = st.preview;
  playBtn.disabled = busy() || !st.build.length;
  playBtn.classList.toggle("looks-illegal", Boolean(p && !p.waiting && p.legal === false));
  renderTray();
  renderPreview();
}

export function renderTray(s) {
  const { values, trayBox, st, seatName, removeAt, busy } = s;
  const v = values();
  replace(trayBox, st.build.length ? st.build.map((b, i) => {
    const mineCard = b.seat === st.seat;
    return el("button", {
      type: "button", class: ["aw-slot", b.seat !== null ? `seat-${b.seat % SEAT_COLOURS}` : "missing"],
      "aria-label": `${b.letter}${b.wild ? " (CONFUSION)" : ""} ${b.seat === null ? "introuvable" : mineCard ? "à vous" : `de ${seatName(b.seat)}`} : retirer`,
      onclick: () => removeAt(i), disabled: busy(),
    },
    b.seat === null ? el("span", { class: "aw-card missing" }, el("span", { class: "aw-card-letter", text: b.letter }))
      : cardNode(b.wild ? WILD : b.letter, v, { label: false, extraClass: b.wild ? "as-letter" : "" }),
    b.wild ? el("span", { class: "aw-slot-as", text: `= ${b.letter}` }) : null,
    el("span", { class: "aw-slot-from", text: b.seat === null ? "?" : mineCard ? "à vous" : seatName(b.seat) }));
  }) : el("span", { class: "aw-tray-empty", text: "Cliquez des cartes sur la table, ou tapez le mot ci-dessous." }));
}

export function renderPreview(s) {
  const { myWord, previewLine, st, buildKey, you, playBtn } = s;
  if (!myWord()) { replace(previewLine); return; }
  const p = st.preview;
  if (!st.build.length) {
    previewLine.className = "aw-preview idle";
    replace(previewLine, el("span", { text: "Vos lettres vous rapportent leurs graines ; celles des autres, vous les leur payez." }));
  } else if (!p || p.waiting) {
    previewLine.className = "aw-preview";
    replace(previewLine, el("span", { class: "muted", text: "Calcul des graines…" }));
  } else if (p.legal) {
    previewLine.className = "aw-preview valid";
    replace(previewLine, icon("check"), el("strong", { class: "aw-preview-word", text: `« ${buildKey()} »` }), el("span", { class: "aw-outcome" }, outcomeChips(p, you)));
  } else {
    previewLine.className = "aw-preview invalid";
    replace(previewLine, icon("info"), el("span", { text: p.message || "Ce mot ne convient pas." }));
  }
  const illegal = Boolean(p && !p.waiting && p.legal === false);
  playBtn.classList.toggle("looks-illegal", illegal);
}

export function renderGive(s) {
  const { st, seatOrder, actionBox, panelHead, give, busy, seatName } = s;
  const g = st.game;
  const spell = g.pending_spell && g.pending_spell.spell;
  const others = seatOrder().filter((s) => s !== st.seat);
  replace(actionBox,
    el("div", { class: "aw-give" },
      spell ? spellNode(spell, "big") : el("span", { class: "aw-back spell big", "aria-hidden": "true" }, el("span", { text: "?" })),
      el("div", { class: "aw-give-body" },
        panelHead(spell ? SPELL_NAMES[spell] : "Un sortilège, face cachée", spell ? SPELL_HELP[spell] : "CONFUSION, MARABOUTAGE, ÉCHANGE, GÉNÉROSITÉ ou PAS DE PANIQUE : à vous de décider sans savoir."),
        el("div", { class: "aw-action-row" },
          button("Le garder", { kind: "primary", iconName: "accept", onClick: () => give(st.seat), disabled: busy(), title: "G", dataset: { target: String(st.seat) } }),
          others.map((s) => button(`Le donner à ${seatName(s)}`, { kind: `aw-give-btn seat-${s % SEAT_COLOURS}`, iconName: "send", onClick: () => give(s), disabled: busy(), title: String(s + 1), dataset: { target: String(s) } }))))));
}

export function renderPanic(s) {
  const { panicInput, busy, calm, actionBox, st, kit } = s;
  const form = el("form", { class: "aw-panic-form" },
    el("label", { for: "aw-panic", class: "aw-panic-label", text: "Criez-le (tapez-le) :" }),
    el("div", { class: "aw-word-line" }, panicInput, button("Crier", { kind: "primary", iconName: "send", type: "submit", disabled: busy() })));
  form.addEventListener("submit", (e) => { e.preventDefault(); calm("shout"); });
  panicInput.disabled = busy();
  replace(actionBox,
    el("div", { class: "aw-panic" },
      el("div", { class: "aw-panic-clock" }, el("span", { class: "aw-panic-count", dataset: { clockDue: String(st.seat) } }), el("span", { class: "muted small", text: "restantes" })),
      el("div", { class: "aw-panic-body" },
        el("p", { class: "aw-panic-title", text: "PAS DE PANIQUE !" }),
        form,
        el("div", { class: "aw-action-row" },
          button("Payer 5 graines au pot", { kind: "danger", iconName: "bag", onClick: () => calm("pay"), disabled: busy() })))));
  kit.tick();
}

export function renderExchange(s) {
  const { st, values, actionBox, panelHead, exchangeConfusion, seatName, busy, sendAction } = s;
  const p = st.pick;
  const v = values();
  const ready = p.give && p.target !== undefined && p.take;
  replace(actionBox,
    panelHead("ÉCHANGE", exchangeConfusion()
      ? "Une de vos cartes contre une carte d’un adversaire, sans graines (qui reçoit une CONFUSION la paie 5 graines)."
      : "Une de vos lettres contre une carte d’un adversaire, sans graines (une CONFUSION se paie 5 graines)."),
    el("div", { class: "aw-swap" },
      p.give ? cardNode(p.give, v) : el("span", { class: "aw-card placeholder", text: "?" }),
      el("span", { class: "aw-swap-arrow", "aria-hidden": "true" }, icon("swap")),
      p.take ? cardNode(p.take, v) : el("span", { class: "aw-card placeholder", text: "?" }),
      el("span", { class: "muted small", text: ready ? `Votre ${p.give === WILD ? "CONFUSION" : p.give} contre ${p.take === WILD ? "la CONFUSION" : `le ${p.take}`} de ${seatName(p.target)}` : "Cliquez une de vos cartes, puis une carte adverse." })),
    el("div", { class: "aw-action-row" },
      button("Échanger", { kind: "primary", iconName: "swap", disabled: !ready || busy(), onClick: () => sendAction({ type: "exchange", give: p.give, target: p.target, take: p.take }) }),
      button("Renoncer", { kind: "ghost", iconName: "close", disabled: busy(), title: "Échap", onClick: () => sendAction({ type: "exchange", give: "", target: null, take: "" }) })));
}

export function renderTrim(s) {
  const { st, actionBox, panelHead, values, busy, sendAction } = s;
  const card = st.pick.card;
  replace(actionBox,
    panelHead("Retour à 7 cartes", "Votre CONFUSION compte dans les 7 : une lettre retourne au grenier, à une place au hasard."),
    el("div", { class: "aw-action-row" },
      card ? cardNode(card, values()) : null,
      button(card ? `Remettre ${card} au grenier` : "Cliquez une de vos lettres", { kind: "primary", iconName: "undo", disabled: !card || busy(), onClick: () => sendAction({ type: "return", card }) })));
}

export function renderMarabout(s) {
  const { st, renderImposed, actionBox, panelHead, values, seatName, busy, sendAction } = s;
  const p = st.pick;
  if (fromCaster(st.game)) return renderImposed(p);
  replace(actionBox,
    panelHead("MARABOUTAGE", "La carte désignée devra être jouée dans le prochain mot de son détenteur ; ses graines vous reviendront. Si aucun mot n’est possible avec elle, sans effet."),
    el("div", { class: "aw-action-row" },
      p.card ? cardNode(p.card, values()) : null,
      button(p.card ? `Désigner ${p.card === WILD ? "la CONFUSION" : `le ${p.card}`} de ${seatName(p.target)}` : "Cliquez une carte adverse", {
        kind: "primary", iconName: "flag", disabled: !p.card || busy(), onClick: () => sendAction({ type: "marabout", target: p.target, card: p.card }),
      })));
}

/** MARABOUTAGE by the rule: a card of one's own hand, imposed on the opponent chosen. */
export function renderImposed(s, p) {
  const { st, seatOrder, actionBox, panelHead, values, seatName, busy, renderFelt, renderAction, sendAction } = s;
  const g = st.game;
  const targets = seatOrder().filter((s) => s !== st.seat && (g.hands[s] || []).length);
  const ready = p.card && p.target !== undefined;
  const what = p.card === WILD ? "votre CONFUSION" : `votre ${p.card}`;
  replace(actionBox,
    panelHead("MARABOUTAGE", "Cliquez une carte de votre jeu et choisissez l’adversaire : il devra vous la prendre dans son prochain mot et vous la payer (une CONFUSION : 3 graines du pot pour vous, 2 pour lui). Sans effet si aucun mot n’est possible avec elle."),
    el("div", { class: "aw-action-row" },
      p.card ? cardNode(p.card, values()) : el("span", { class: "aw-card placeholder", text: "?" }),
      el("span", { class: "muted small", text: "à" }),
      targets.map((s) => button(seatName(s), {
        kind: `aw-give-btn seat-${s % SEAT_COLOURS}${p.target === s ? " picked" : ""}`, disabled: busy(),
        dataset: { target: String(s) }, "aria-pressed": p.target === s ? "true" : "false",
        onClick: () => { st.pick = { ...st.pick, target: s }; sound("tile"); renderFelt(); renderAction(); },
      }))),
    el("div", { class: "aw-action-row" },
      button(ready ? `Imposer ${what} à ${seatName(p.target)}` : (p.card ? "Choisissez l’adversaire" : "Cliquez une de vos cartes"), {
        kind: "primary", iconName: "flag", disabled: !ready || busy(), onClick: () => sendAction({ type: "marabout", target: p.target, card: p.card }),
      })));
}

export function renderDefine(s) {
  const { defineArea, busy, sendAction, actionBox, panelHead } = s;
  if (!needsDrawing(actionBox, ["define", busy()])) return;
  const area = defineArea;
  const form = el("form", { class: "aw-define-form" }, el("label", { for: "aw-define", class: "visually-hidden", text: "Votre définition de WAYAMPOU" }), area,
    button("Envoyer ma définition", { kind: "primary", iconName: "send", type: "submit", disabled: busy() }));
  form.addEventListener("submit", (e) => { e.preventDefault(); if (area.value.trim()) sendAction({ type: "define", text: area.value.trim() }); });
  replace(actionBox, panelHead("Qu’est-ce qu’un WAYAMPOU ?", "Inventez une définition crédible : les autres voteront pour la plus convaincante."), form);
}

export function renderVote(s) {
  const { st, actionBox, panelHead, sendAction, busy } = s;
  const w = st.game.wayampou || {};
  if (!needsDrawing(actionBox, ["vote", w.definitions, w.my_index, busy()])) return;
  replace(actionBox, panelHead("La définition la plus crédible", "Elles sont anonymes ; la vôtre ne peut pas recevoir votre voix."),
    el("ol", { class: "aw-defs" }, (w.definitions || []).map((text, i) => el("li", { class: ["aw-def", i === w.my_index ? "mine" : ""] },
      el("span", { class: "aw-def-text", text }),
      i === w.my_index ? el("span", { class: "tag", text: "la vôtre" })
        : button("Voter", { kind: "small primary", onClick: () => sendAction({ type: "vote", choice: i }), disabled: busy() })))));
}
