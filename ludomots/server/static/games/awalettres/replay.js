// Replay of an Awalettres game: every hand, sack and debt at each step, the word of each turn
// with the seeds it moved, and the spells as they were revealed (from the step's events).

import { el, replace, plural, signed, num } from "../../ui.js";
import { wordPopup } from "../../wordpopup.js";
import { SEAT_COLOURS, avatarNode } from "../../tablekit.js";
import {
  WILD, SPELL_NAMES, endReason, cardNode, zoneNode, centreNode, outcomeChips, wordTiles, historyText, fromCaster,
} from "./cards.js";
import {
  openRecord, gameOf, replayPage, victoryText, stepTitle, scoresTitle, winTag,
} from "../../replaykit.js";

// Events told under the step's own sentence (the action itself is told by `describe`).
const HISTORY = new Set(["first_player", "wayampou_result", "draw", "spell", "confusion_returned", "generosity",
  "spell_void", "marabout_void", "exchange", "marabout", "returned"]);
const ACTION_EVENT = { give: "spell", exchange: "exchange", marabout: "marabout", return: "returned" };

export function renderAwalettres(main, id, data, info) {
  const record = openRecord(main, data, info, "Awalettres");
  if (!record) return () => {};
  const { steps, seats, winners, seatName } = record;
  const finalScores = data.scores || [];
  const felt = el("section", { class: "aw-felt", "aria-label": "La table à cette étape" });
  const replay = replayPage(main, record, {
    id, game: "awalettres", pageClass: "aw-page aw-replay", stage: felt, listTitle: "Toute la partie", draw,
    subtitle: winners.length ? `${victoryText(winners, seatName)} · ${finalScores.map(num).join(" / ")} graines` : "",
  });

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
      case "marabout": return fromCaster(g)
        ? { short: `impose ${a.card === WILD ? "CONFUSION" : a.card}`, text: `${name} impose ${a.card === WILD ? "sa CONFUSION" : `son ${a.card}`} à ${seatName(a.target)} (MARABOUTAGE)`, word: null, points: null }
        : { short: `maraboute ${a.card === WILD ? "CONFUSION" : a.card}`, text: `${name} maraboute ${a.card === WILD ? "la CONFUSION" : `le ${a.card}`} de ${seatName(a.target)}`, word: null, points: null };
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

  steps.forEach((step, k) => {
    if (k === 0) return;
    const d = describe(k);
    replay.addStep(k, step.seat, d.short, {
      notation: !!d.word, note: !d.word,
      score: d.points !== null ? el("span", { class: ["log-score", d.points < 0 ? "neg" : d.points === 0 ? "zero" : ""], text: signed(d.points) }) : null,
    });
  });

  /** The table, the move card and the scores at step `index`. */
  function draw(index) {
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

    if (index === 0) {
      replace(replay.moveCard, stepTitle(index, step.seat, seatName),
        el("p", { class: "muted", text: "Chacun tire 7 lettres, face visible." }),
        notes(0).map((t) => el("p", { class: "muted small", text: t })));
    } else {
      const d = describe(index);
      const parts = [
        stepTitle(index, step.seat, seatName),
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
      replace(replay.moveCard, parts);
    }

    const scores = g.scores || [];
    const detail = g.score_detail || [];
    const over = g.over;
    replace(replay.scoresCard, scoresTitle(over, el("span", { class: "card-title-extra", text: "en graines" })),
      el("ul", { class: "player-list compact aw-players" }, seats.map((s, i) => {
        const dd = detail[i] || { sack: 0, debts: 0, hand: 0 };
        return el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, active === i ? "active" : "", over && winners.includes(i) ? "winner" : ""] },
          avatarNode(s, seatName(i)),
          el("span", { class: "player-main" },
            el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
              over && winners.includes(i) ? winTag() : null),
            el("span", { class: "player-sub aw-breakdown" },
              el("span", { text: `sac ${dd.sack}` }),
              dd.debts ? el("span", { class: "aw-b-debt", text: `dettes −${dd.debts}` }) : null,
              el("span", { class: "aw-b-hand", text: `main −${dd.hand}` }))),
          el("span", { class: "score-wrap" }, el("span", { class: ["player-score", (scores[i] || 0) < 0 ? "neg" : ""], text: num(scores[i] ?? 0) })));
      })),
      over && g.end_reason ? el("p", { class: "muted small", text: `${endReason(g, seatName)} (${plural(g.turn || 0, "tour")})` }) : null);
  }

  return replay.start();
}
