// Replay of an Awalettres game: every hand, sack and debt at each step, the word of each turn
// with the seeds it moved, and the spells as they were revealed (from the step's events).

import { el, icon, replace, setTitle, errorBlock, plural, signed, num, de } from "./ui.js";
import { recordUrl } from "./api.js";
import { wordPopup } from "./lexicon.js";
import { SEAT_COLOURS, seatLabel, whoNode, avatarNode } from "./tablekit.js";
import {
  WILD, SPELL_NAMES, endReason, cardNode, zoneNode, centreNode, outcomeChips, wordTiles, historyText,
} from "./awacards.js";
import { markCurrentStep, scrollToCurrentStep, bindReplayKeys } from "./replaykit.js";

// Events told under the step's own sentence (the action itself is told by `describe`).
const HISTORY = new Set(["first_player", "wayampou_result", "draw", "spell", "confusion_returned", "generosity",
  "spell_void", "marabout_void", "exchange", "marabout", "returned"]);
const ACTION_EVENT = { give: "spell", exchange: "exchange", marabout: "marabout", return: "returned" };

export function renderAwalettres(main, id, data, info) {
  const steps = Array.isArray(data.steps) ? data.steps : [];
  if (!steps.length) {
    replace(main, errorBlock("Revoir la partie", "Cette partie ne contient aucun coup.", []));
    return () => {};
  }
  const seats = data.seats || (info && info.seats) || [];
  const title = data.title || (info && info.title) || "Awalettres";
  setTitle(`Revoir · ${title}`);
  const seatName = (i) => seatLabel(seats, i);
  const gameOf = (step) => {
    const view = (step && step.view) || {};
    return view.game && typeof view.game === "object" ? view.game : view;
  };
  const last = steps.length - 1;
  let index = last;

  const felt = el("section", { class: "aw-felt", "aria-label": "La table à cette étape" });
  const counter = el("span", { class: "replay-counter", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: "0", max: String(last), value: String(index), class: "replay-slider", "aria-label": "Position dans la partie" });
  const navButton = (name, label, title, kind = "") => el("button", { type: "button", class: ["btn icon-only", kind], "aria-label": label, title }, icon(name));
  const btnFirst = navButton("first", "Début de la partie", "Début (Origine)");
  const btnPrev = navButton("prev", "Action précédente", "Action précédente (←)");
  const btnNext = navButton("next", "Action suivante", "Action suivante (→)", "primary");
  const btnLast = navButton("last", "Fin de la partie", "Fin (Fin)");
  const moveCard = el("section", { class: "card replay-move", "aria-live": "polite" });
  const scoresCard = el("section", { class: "card replay-scores" });
  const moveList = el("ol", { class: "log-list" });
  const listCard = el("section", { class: "card replay-list" },
    el("h2", { class: "card-title" }, icon("book"), el("span", { text: "Toute la partie" })),
    el("div", { class: "log-scroll" }, moveList));
  btnFirst.addEventListener("click", () => go(0));
  btnPrev.addEventListener("click", () => go(index - 1));
  btnNext.addEventListener("click", () => go(index + 1));
  btnLast.addEventListener("click", () => go(last));
  slider.addEventListener("input", () => go(Number(slider.value)));

  const winners = data.winners || [];
  const finalScores = data.scores || [];
  replace(main, el("div", { class: "page replay-page aw-page aw-replay" },
    el("header", { class: "page-head replay-head" },
      el("div", {},
        el("p", { class: "eyebrow", text: "Revoir la partie" }),
        el("h1", { text: `${title} : ${seats.map((_, i) => seatName(i)).join(", ")}` }),
        el("p", { class: "muted", text: winners.length
          ? `${winners.length > 1 ? "Victoire partagée" : "Victoire"} ${de(winners.map(seatName).join(" et "))} · ${finalScores.map(num).join(" / ")} graines`
          : "" })),
      el("div", { class: "row-actions" },
        el("a", { class: "btn", href: recordUrl(id), download: `awalettres-${id}.json` }, icon("download"), el("span", { text: "Télécharger (JSON)" })),
        el("a", { class: "btn ghost", href: `/table/${encodeURIComponent(id)}` }, icon("door"), el("span", { text: "Retour à la table" })))),
    el("div", { class: "replay-layout" },
      el("div", { class: "replay-main" }, felt,
        el("div", { class: "replay-controls", role: "group", "aria-label": "Navigation dans la partie" },
          btnFirst, btnPrev, slider, btnNext, btnLast, counter)),
      el("aside", { class: "replay-side" }, moveCard, scoresCard, listCard))));

  /** What step k did: a short line for the list, a sentence, the word played (if any). */
  function describe(k) {
    const step = steps[k];
    const a = step.action || {};
    const g = gameOf(step);
    const events = step.events || [];
    const name = seatName(step.seat);
    const ev = (type) => events.find((e) => e.type === type);
    const spell = ev("spell");
    const spellText = spell ? SPELL_NAMES[spell.data.spell] || spell.data.spell : "le sortilège";
    switch (a.type) {
      case "play": {
        const w = (g.played || [])[g.played.length - 1];
        return { short: w ? w.key : a.word, text: `${name} pose un mot`, word: w || null, points: w ? w.net : null };
      }
      case "pass": return { short: "passe", text: `${name} passe : aucun mot possible`, word: null, points: null };
      case "give":
        return a.target === step.seat
          ? { short: `garde ${spellText}`, text: `${name} garde le sortilège tiré : ${spellText}`, word: null, points: null }
          : { short: `donne ${spellText} à ${seatName(a.target)}`, text: `${name} donne le sortilège tiré à ${seatName(a.target)} : ${spellText}`, word: null, points: null };
      case "calm":
        return a.method === "shout"
          ? { short: "crie « pas de panique ! »", text: `${name} crie « pas de panique ! »`, word: null, points: null }
          : { short: "paie 5 graines au pot", text: `${name} paie 5 graines au pot pour calmer la panique`, word: null, points: -5 };
      case "exchange":
        return a.target === null || a.target === undefined
          ? { short: "renonce à l’ÉCHANGE", text: `${name} renonce à son ÉCHANGE`, word: null, points: null }
          : { short: `échange ${a.give} ⇄ ${a.take === WILD ? "CONFUSION" : a.take}`, text: `${name} échange son ${a.give} contre ${a.take === WILD ? "la CONFUSION" : `le ${a.take}`} de ${seatName(a.target)}`, word: null, points: null };
      case "marabout": return { short: `maraboute ${a.card === WILD ? "CONFUSION" : a.card}`, text: `${name} maraboute ${a.card === WILD ? "la CONFUSION" : `le ${a.card}`} de ${seatName(a.target)}`, word: null, points: null };
      case "return": return { short: `remet ${a.card} au grenier`, text: `${name} remet ${a.card} au grenier (retour à 7 cartes)`, word: null, points: null };
      case "define": return { short: "écrit sa définition", text: `${name} écrit sa définition de WAYAMPOU`, word: null, points: null };
      case "vote": return { short: "vote", text: `${name} vote pour une définition de WAYAMPOU`, word: null, points: null };
      default: return { short: a.type || "", text: a.type || "", word: null, points: null };
    }
  }

  /** What else the action caused, as the table's log says it: spells drawn and revealed,
   * a GÉNÉROSITÉ, a spell without effect, the end. */
  function notes(k) {
    const out = [];
    const told = ACTION_EVENT[(steps[k].action || {}).type];
    for (const e of steps[k].events || []) {
      const d = e.data || {};
      if (e.type === "game_over") out.push(`Fin de la partie. ${endReason({ current: d.seat, end_reason: d.reason }, seatName)}`);
      else if (HISTORY.has(e.type) && e.type !== told && !(e.type === "draw" && !d.spells)) {
        const seat = e.type === "wayampou_result" ? d.first : d.seat;
        out.push(`${seatName(seat)} ${historyText(e.type, d, seatName)}`);
      }
    }
    return out;
  }

  moveList.append(el("li", { class: "log-entry note" }, el("button", { type: "button", class: "step-link", dataset: { step: "0" }, onclick: () => go(0), text: "Début de la partie" })));
  steps.forEach((step, k) => {
    if (k === 0) return;
    const d = describe(k);
    moveList.append(el("li", { class: ["log-entry", d.word ? "" : "note"] },
      el("span", { class: "log-num", text: String(k) }),
      el("button", { type: "button", class: "step-link", dataset: { step: String(k) }, onclick: () => go(k) },
        whoNode(step.seat, seatName(step.seat)), el("span", { class: d.word ? "log-notation" : "muted small", text: d.short })),
      d.points !== null ? el("span", { class: ["log-score", d.points < 0 ? "neg" : d.points === 0 ? "zero" : ""], text: signed(d.points) }) : null));
  });

  function go(k) {
    index = Math.max(0, Math.min(last, k));
    paint();
  }

  function paint() {
    const step = steps[index];
    const g = gameOf(step);
    const hands = g.hands || [];
    const active = index > 0 ? step.seat : null;
    replace(felt,
      el("div", { class: ["aw-opponents", `n${hands.length}`] }, hands.map((hand, s) => zoneNode(g, s, {
        seat: seats[s], name: seatName(s), active: s === active,
        cards: hand.map((c) => cardNode(c, g.values || {})), seatName,
      }))),
      centreNode(g, { seatName }));
    slider.value = String(index);
    counter.textContent = index === 0 ? `Début · ${last} actions` : `Action ${index} / ${last}`;
    btnFirst.disabled = btnPrev.disabled = index === 0;
    btnNext.disabled = btnLast.disabled = index === last;

    if (index === 0) {
      replace(moveCard,
        el("h2", { class: "card-title" }, icon("play"), el("span", { text: "Début de la partie" })),
        el("p", { class: "muted", text: "Chacun tire 7 lettres, face visible." }),
        notes(0).map((t) => el("p", { class: "muted small", text: t })));
    } else {
      const d = describe(index);
      const parts = [
        el("h2", { class: "card-title" }, whoNode(step.seat, seatName(step.seat)), el("span", { class: "card-title-extra", text: `action ${index}` })),
        el("p", { class: "replay-played" }, el("span", { text: d.text }),
          d.points !== null && !d.word ? el("span", { class: "log-score neg", text: `${signed(d.points)} graines` }) : null),
      ];
      if (d.word) {
        const w = d.word;
        parts.push(el("p", { class: "replay-words" },
          el("button", { type: "button", class: "aw-last-word", "aria-label": `${w.key} : voir la définition`, onclick: () => wordPopup(w.key, "awalettres") },
            wordTiles(w.key, w.sources, w.wild, g.values || {}, { extraClass: "big" })),
          el("button", { type: "button", class: "word-link", text: w.key, "aria-label": `${w.key} : voir la définition`, onclick: () => wordPopup(w.key, "awalettres") })),
        el("p", { class: "aw-outcome" }, outcomeChips(w, seatName)));
      }
      for (const t of notes(index)) parts.push(el("p", { class: "muted small", text: t }));
      replace(moveCard, parts);
    }

    const scores = g.scores || [];
    const detail = g.score_detail || [];
    const over = g.over;
    replace(scoresCard,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: over ? "Scores finaux" : "Scores" }), el("span", { class: "card-title-extra", text: "en graines" })),
      el("ul", { class: "player-list compact aw-players" }, seats.map((s, i) => {
        const dd = detail[i] || { sack: 0, debts: 0, hand: 0 };
        return el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, active === i ? "active" : "", over && winners.includes(i) ? "winner" : ""] },
          avatarNode(s, seatName(i)),
          el("span", { class: "player-main" },
            el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
              over && winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null),
            el("span", { class: "player-sub aw-breakdown" },
              el("span", { text: `sac ${dd.sack}` }),
              dd.debts ? el("span", { class: "aw-b-debt", text: `dettes −${dd.debts}` }) : null,
              el("span", { class: "aw-b-hand", text: `main −${dd.hand}` }))),
          el("span", { class: "score-wrap" }, el("span", { class: ["player-score", (scores[i] || 0) < 0 ? "neg" : ""], text: num(scores[i] ?? 0) })));
      })),
      over && g.end_reason ? el("p", { class: "muted small", text: `${endReason(g, seatName)} (${plural(g.turn || 0, "tour")})` }) : null);

    markCurrentStep(moveList, index);
    scrollToCurrentStep(moveList);
  }

  const unbindKeys = bindReplayKeys(go, () => index, () => last);
  paint();
  return unbindKeys;
}
