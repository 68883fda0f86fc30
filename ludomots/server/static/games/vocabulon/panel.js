// The Vocabulon action panel: what the player to act does now, step by step (write the secret
// word, throw the die or change a word that can no longer be completed, choose the cell, a
// VOCABULON cell's letter card or exchange, answer an exchange). The riddle's answer field is
// in the riddle card (vocabulon.js). Errors come from the server in French and are shown as
// they are; nothing is decided here.

import { el, icon, button, replace, focusKeeper } from "../../ui.js";
import { SEAT_COLOURS } from "../../tablekit.js";
import {
  GROUPS, letterCard, describePath, pathDirection, pathTowards, cellName, foldWord, RINGS, ringOf,
} from "./board.js";

const DIRECTION_TITLES = { horaire: "Dans le sens horaire", inverse: "Dans le sens inverse" };

function head(title, text) {
  return el("div", { class: "aw-action-head" }, el("h2", { class: "aw-action-title", text: title }), text ? el("p", { class: "muted small", text }) : null);
}

/** The word fields live as long as the screen, so a view arriving never loses what is typed. */
function wordInput(st, key, placeholder) {
  st.inputs = st.inputs || {};
  if (!st.inputs[key]) {
    st.inputs[key] = el("input", { id: `vc-${key}`, type: "text", maxlength: "12", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", class: "vc-word-input", placeholder });
  }
  return st.inputs[key];
}

function previewLine(st, word) {
  const p = st.preview;
  if (!word.trim() || !p) return el("p", { class: "aw-preview idle vc-preview", text: "Le dictionnaire vérifie le mot pendant que vous l’écrivez." });
  if (p.legal) return el("p", { class: "aw-preview valid vc-preview" }, icon("check"), el("span", { text: `« ${p.word || word.trim()} » convient.` }));
  return el("p", { class: "aw-preview invalid vc-preview" }, icon("info"), el("span", { text: p.message || "Ce mot ne convient pas." }));
}

/** A form for a secret word (the first one, or the new one); `type` is the action's type. */
function secretForm(ctx, type, length, label, submitLabel) {
  const { st, busy, send, previewWord } = ctx;
  const input = wordInput(st, type, `${length} lettres`);
  input.maxLength = length + 4;
  input.oninput = () => previewWord(type, input.value);
  input.disabled = busy;
  const form = el("form", { class: "vc-secret-form" },
    el("label", { for: input.id, class: "vc-secret-label", text: label }),
    el("div", { class: "aw-word-line" }, input,
      el("span", { class: "vc-count muted small", text: `${foldWord(input.value).replace(/[^A-Z]/g, "").length}/${length}` }),
      button(submitLabel, { kind: "primary", iconName: "check", type: "submit", disabled: busy })),
    previewLine(st, input.value));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (input.value.trim()) send({ type, word: input.value.trim() }); else input.focus();
  });
  return form;
}

/** Fill `box` with the panel of the current step. */
export function actionPanel(box, ctx) {
  const refocus = focusKeeper(box); // the word field keeps its focus and caret
  const panel = PANELS[ctx.g.step];
  replace(box, panel ? panel(ctx) : null);
  refocus();
}

const PANELS = {
  secret(ctx) {
    const n = ctx.g.secret_lengths[ctx.st.seat];
    return [head("Votre mot secret", `Choisissez un mot de ${n} lettres (un pluriel est accepté ; ni verbe conjugué, ni nom propre). Il reste caché jusqu’à la fin de la partie.`),
      secretForm(ctx, "secret", n, `Mot de ${n} lettres`, "Écrire mon mot secret")];
  },

  throw(ctx) {
    const { g, busy, send } = ctx;
    const parts = [el("div", { class: "aw-action-row vc-throw-row" },
      button("Lancer le dé", { kind: "primary big vc-throw", iconName: "play", onClick: () => send({ type: "throw" }), disabled: busy }),
      el("span", { class: "muted small", text: g.options.die === "1-6" ? "Dé de 1 à 6 : le pion avance du chiffre, le mot a deux lettres de plus." : "Dé de 3 à 8 : autant de cases, et un mot d’autant de lettres." }))];
    if (g.blocked.length && g.change_asked) {
      parts.push(el("p", { class: "muted small", text: "Un joueur voulait vous échanger la lettre qui vous manque : vous gardez votre mot ce tour-ci." }));
    } else if (g.blocked.length) {
      const n = g.secret_lengths[ctx.st.seat] + 2;
      parts.push(el("div", { class: "vc-change" },
        head("Changer de mot secret", `Les cartes ${g.blocked.join(", ")} de votre mot sont toutes gagnées par d’autres. Les joueurs qui en ont une seront d’abord invités à vous l’échanger ; si aucun ne le veut, vous prendrez ce mot de ${n} lettres, qui sera connu de tous.`),
        secretForm(ctx, "change_secret", n, `Nouveau mot de ${n} lettres`, "Changer de mot")));
    }
    return parts;
  },

  move(ctx) {
    const { g, st, busy, send, selectCell } = ctx;
    const chosen = g.reachable.find((r) => r.cell === st.selected);
    const need = g.missing || {};
    // Destinations grouped by the way the pawn leaves its cell.
    const groups = {};
    for (const r of g.reachable) {
      const dirs = new Set(r.paths.map(pathDirection));
      for (const d of dirs) (groups[d] = groups[d] || []).push(r);
    }
    // A cell reachable both ways is listed under each: the one clicked is the way shown.
    const path = chosen ? pathTowards(chosen, st.direction) : null;
    const picked = (cell, dir) => cell === st.selected && pathDirection(path) === dir;
    const stake = (r) => (r.group ? (g.sabot[r.group] ? `carte ${r.group}${need[r.group] ? " : dans votre mot !" : ""}` : `plus de carte ${r.group}`) : "au choix");
    return [
      head(`Dé : ${g.face} — avancez de ${g.steps} cases`, "Cliquez une case en surbrillance sur le plateau ou ci-dessous, puis confirmez."),
      el("div", { class: "vc-dests" }, Object.entries(groups).map(([dir, list]) => el("div", { class: "vc-dest-group" },
        el("span", { class: "vc-dest-title", text: DIRECTION_TITLES[dir] || `Par la case VOCABULON vers l’${dir}` }),
        el("div", { class: "vc-dest-list" }, list.map((r) => el("button", {
          type: "button", class: ["vc-dest", `ring-${ringOf(r.cell)}`, picked(r.cell, dir) ? "selected" : "", r.group && need[r.group] ? "need" : ""],
          dataset: { cell: String(r.cell), direction: dir }, "aria-pressed": picked(r.cell, dir) ? "true" : "false", disabled: busy,
          onclick: () => selectCell(r.cell, dir),
        }, el("strong", { text: r.group || "★ VOCABULON" }), el("span", { class: "small", text: `anneau ${RINGS[ringOf(r.cell)]} · ${stake(r)}` }))))))),
      chosen ? el("div", { class: "vc-chosen" },
        el("p", {}, el("strong", { text: cellName(chosen.cell) }), el("span", { class: "muted small", text: ` — ${describePath(path)}.` })),
        el("p", { class: "muted small", text: chosen.group ? (g.sabot[chosen.group] ? `Énigme du compartiment ${chosen.group} : un mot de ${g.length} lettres.` : `Les trois cartes ${chosen.group} sont gagnées : pas d’énigme, le tour passe.`) : "Case VOCABULON : vous choisirez la carte-lettre à gagner, ou un échange." }),
        button(`Aller en ${chosen.group || "VOCABULON"}`, { kind: "primary vc-go", iconName: "arrow", disabled: busy, onClick: () => send({ type: "move", cell: chosen.cell }) }))
        : null,
    ];
  },

  vocabulon(ctx) { return vocabulonPanel(ctx, true); },
  offer(ctx) { return offerPanel(ctx); },
  pick(ctx) { return vocabulonPanel(ctx, false); },

  respond(ctx) {
    const { g, busy, send, seatName } = ctx;
    const x = g.exchange;
    return [head(`${seatName(x.from)} vous propose un échange`, x.offer ? "Il veut bien vous échanger la lettre qui vous manque. Si vous refusez, vous gardez votre mot secret ce tour-ci." : "Le refuser l’oblige à choisir une carte-lettre dans le sabot."),
      el("div", { class: "vc-swap" }, el("span", { class: "muted small", text: "Vous recevez" }), letterCard(x.give, { extraClass: "big" }),
        el("span", { class: "aw-swap-arrow", "aria-hidden": "true" }, icon("swap")),
        el("span", { class: "muted small", text: "Vous donnez" }), letterCard(x.take, { extraClass: "big" })),
      el("div", { class: "aw-action-row" },
        button("Accepter l’échange", { kind: "primary", iconName: "accept", disabled: busy, onClick: () => send({ type: "respond", accept: true }) }),
        button("Refuser", { kind: "danger", iconName: "close", disabled: busy, onClick: () => send({ type: "respond", accept: false }) }))];
  },
};

/** Asked for the letter another player misses: one of my cards of that group for one of his. */
function offerPanel(ctx) {
  const { g, st, busy, send, seatName } = ctx;
  const r = g.request;
  const mine = r.groups.filter((gr) => (g.held[st.seat] || []).includes(gr));
  const his = [...new Set(g.held[r.seat] || [])];
  const x = st.offer || {};
  const give = mine.includes(x.give) ? x.give : mine[0];
  const ready = give && x.take && x.take !== give;
  const choose = (take) => { st.offer = { give, take }; ctx.redraw(); };
  return [head(`${seatName(r.seat)} vous demande une carte ${r.groups.join(", ")}`, "Il ne peut plus la gagner dans le sabot. Échangez-la contre une de ses cartes, ou refusez : si personne ne la lui échange, il changera de mot secret."),
    el("div", { class: "vc-swap-pick" },
      el("span", { class: "muted small", text: "Je donne :" }),
      mine.map((c) => letterCard(c, { as: "button", extraClass: ["vc-give", give === c ? "picked" : ""].join(" "), props: { disabled: busy, "aria-pressed": give === c ? "true" : "false", "aria-label": `Donner ma carte ${c}`, onclick: () => { st.offer = { ...x, give: c }; ctx.redraw(); } } }))),
    el("div", { class: "vc-swap-pick" },
      el("span", { class: "muted small", text: `Contre sa carte :` }),
      his.map((c) => letterCard(c, { as: "button", extraClass: ["vc-take", x.take === c ? "picked" : ""].join(" "), props: { disabled: busy || c === give, "aria-pressed": x.take === c ? "true" : "false", "aria-label": `Prendre sa carte ${c}`, onclick: () => choose(c) } }))),
    el("div", { class: "aw-action-row" },
      button(ready ? `Proposer mon ${give} contre son ${x.take}` : "Proposer l’échange", { kind: "primary", iconName: "swap", disabled: busy || !ready, onClick: () => send({ type: "offer", give, take: x.take }) }),
      button("Refuser", { kind: "danger", iconName: "close", disabled: busy, onClick: () => send({ type: "offer", give: "", take: "" }) }))];
}

function vocabulonPanel(ctx, canSwap) {
  const { g, st, busy, send, seatName, redraw } = ctx;
  const need = g.missing || {};
  const picks = el("div", { class: "vc-pick-grid", role: "group", "aria-label": "Cartes-lettre du sabot" }, GROUPS.map((gr) => {
    const n = g.sabot[gr] || 0;
    return letterCard(gr, { as: "button", count: n, extraClass: ["vc-pick", need[gr] ? "need" : ""].join(" "), props: {
      disabled: busy || !n, title: n ? `Jouer pour une carte ${gr} (${n} dans le sabot)` : `Plus de carte ${gr}`,
      "aria-label": `Carte ${gr}${need[gr] ? ", dans votre mot" : ""}${n ? "" : " : épuisée"}`, onclick: () => send({ type: "pick", group: gr }),
    } });
  }));
  const parts = [head(canSwap ? "Case VOCABULON : quelle carte-lettre voulez-vous gagner ?" : "Choisissez une carte-lettre",
    `L’énigme portera sur un mot de ${g.length} lettres du compartiment choisi.`), picks];
  if (!canSwap) return parts;
  const mine = [...new Set(g.held[st.seat] || [])];
  const others = g.held.map((cards, s) => [s, [...new Set(cards)]]).filter(([s, cards]) => s !== st.seat && cards.length);
  if (!mine.length || !others.length) {
    parts.push(el("p", { class: "muted small", text: mine.length ? "Aucun autre joueur n’a de carte-lettre à échanger." : "Vous n’avez pas encore de carte-lettre à échanger." }));
    return parts;
  }
  const x = st.swap;
  const choose = (patch) => { Object.assign(st.swap, patch); redraw(); };
  const ready = x.give && x.take && x.to !== undefined && x.give !== x.take;
  parts.push(el("div", { class: "vc-exchange" },
    head("Ou proposez un échange", "Une de vos cartes contre celle d’un autre joueur ; s’il refuse, vous choisirez une carte du sabot."),
    el("div", { class: "vc-swap-pick" },
      el("span", { class: "muted small", text: "Je donne :" }),
      mine.map((c) => letterCard(c, { as: "button", extraClass: ["vc-give", x.give === c ? "picked" : ""].join(" "), props: { disabled: busy, "aria-pressed": x.give === c ? "true" : "false", "aria-label": `Donner ma carte ${c}`, onclick: () => choose({ give: c }) } }))),
    others.map(([s, cards]) => el("div", { class: "vc-swap-pick" },
      el("span", { class: `log-who seat-${s % SEAT_COLOURS}` }, el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: `Je prends à ${seatName(s)} :` })),
      cards.map((c) => letterCard(c, { as: "button", extraClass: ["vc-take", x.to === s && x.take === c ? "picked" : ""].join(" "), props: { disabled: busy, "aria-pressed": x.to === s && x.take === c ? "true" : "false", "aria-label": `Prendre la carte ${c} de ${seatName(s)}`, onclick: () => choose({ to: s, take: c }) } })))),
    el("div", { class: "aw-action-row" },
      button(ready ? `Proposer mon ${x.give} contre le ${x.take} de ${seatName(x.to)}` : "Proposer l’échange", {
        kind: "primary", iconName: "swap", disabled: busy || !ready,
        onClick: () => send({ type: "propose", seat: x.to, give: x.give, take: x.take }),
      }))));
  return parts;
}
