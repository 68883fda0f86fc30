// Awalettres' table screen, the side panels: players and scores, the grenier, the log, the end
// of the game and the keyboard help.
// Each function takes the screen object `s` first (panels.js).

import { el, icon, button, replace, signed, num, countTo } from "../../ui.js";
import { whoNode, playerItem, showKeysHelp } from "../../tablekit.js";
import { wordPopup } from "../../wordpopup.js";
import {
  WILD, SPELL_NAMES, endReason, seeds, wordTiles, debtsText, paymentsText, historyText,
} from "./cards.js";

export function renderPlayers(s) {
  const { st, seats, toAct, playing, seatName, playersBox } = s;
  const g = st.game;
  if (!g || !st.table) return;
  const scores = g.scores || [];
  const detail = g.score_detail || [];
  const prev = st.scoresShown;
  const list = el("ul", { class: "player-list aw-player-list" }, seats().map((s, i) => {
    const active = toAct().includes(i) && playing();
    const winner = g.over && (g.winners || []).includes(i);
    const d = detail[i] || { sack: 0, debts: 0, hand: 0, credits: 0 };
    const shown = prev ? prev[i] ?? 0 : scores[i] ?? 0;
    const scoreEl = el("span", { class: ["player-score", (scores[i] || 0) < 0 ? "neg" : ""], "aria-label": seeds(scores[i] ?? 0), dataset: { value: String(shown) }, text: num(shown) });
    if (prev && prev[i] !== scores[i]) requestAnimationFrame(() => countTo(scoreEl, scores[i] ?? 0));
    const debts = (g.debts || [])[i] || [];
    return playerItem({
      seat: s, index: i, name: seatName(i), me: i === st.seat, active, winner,
      details: [
        el("span", { class: "player-sub aw-breakdown", title: "Score = graines du sac − dettes − graines des cartes en main" },
          el("span", { class: "aw-b-sack", text: `sac ${d.sack}` }),
          d.debts ? el("span", { class: "aw-b-debt", text: `dettes −${d.debts}` }) : null,
          d.credits ? el("span", { class: "aw-b-sack", text: `créances +${d.credits}` }) : null,
          el("span", { class: "aw-b-hand", text: `main −${d.hand}` })),
        debts.length ? el("span", { class: "aw-owes", text: `doit ${debtsText(debts, seatName)}` }) : null],
      score: scoreEl,
    });
  }));
  st.scoresShown = [...scores];
  replace(playersBox,
    el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Scores" }),
      el("span", { class: "card-title-extra", text: "en graines" })),
    list);
}

/** The words (`played`) and the other public events (`history`) in the order they came: a
 * word opens its turn, the spells drawn after it come next. */
export function logItems(s) {
  const { st } = s;
  const g = st.game;
  const words = (g.played || []).map((p, k) => ({ kind: "word", turn: p.turn ?? k + 1, order: 0, seq: k, p }));
  const rest = (g.history || []).map((h, k) => ({ ...h, kind: h.type, order: 1, seq: k }));
  return [...words, ...rest].sort((a, b) => (a.turn - b.turn) || (a.order - b.order) || (a.seq - b.seq));
}

export function renderLog(s) {
  const { st, logItems, you, seatName, values, kit } = s;
  if (!st.game) return;
  const items = logItems().map((e) => {
    if (e.kind === "word") {
      const p = e.p;
      const paid = paymentsText(p.payments, you);
      return el("li", { class: "log-entry aw-log-word" }, whoNode(p.seat, seatName(p.seat)),
        el("span", { class: "log-move" },
          el("span", { class: "log-line" },
            el("button", { type: "button", class: "word-link", text: p.key, "aria-label": `${p.key} : voir la définition`, onclick: () => wordPopup(p.key, "awalettres") }),
            wordTiles(p.key, p.sources, p.wild, values())),
          el("span", { class: "muted small", text: `${p.timeout ? "temps écoulé, mot joué d’office · " : ""}récolte ${p.collected}${p.bonus ? `, bonus ${p.bonus}` : ""}${paid ? ` · paie ${paid}` : ""}` })),
        el("span", { class: ["log-score", p.net < 0 ? "neg" : p.net === 0 ? "zero" : ""], text: signed(p.net) }));
    }
    if (e.kind === "game_over") {
      return el("li", { class: "log-entry note strong" }, icon("trophy"), el("span", { class: "log-move", text: `Fin de la partie. ${endReason({ current: e.seat, end_reason: e.reason }, seatName)}` }));
    }
    const seat = e.kind === "wayampou_result" ? e.first : e.seat;
    return el("li", { class: ["log-entry", "note", `aw-log-${e.kind}`] },
      seat !== undefined && seat !== null ? whoNode(seat, seatName(seat)) : null,
      // What the clock played (issue 19) says so first.
      el("span", { class: e.timeout ? "log-move log-timeout" : "log-move", text: e.timeout ? `: temps écoulé — ${historyText(e.kind, e, seatName)}` : historyText(e.kind, e, seatName) }));
  });
  kit.showLog(items, "Aucun mot pour l’instant.");
}

export function renderGrenier(s) {
  const { st, values, grenierBox } = s;
  const g = st.game;
  if (!g) return;
  const letters = g.grenier_letters || {};
  const v = values();
  replace(grenierBox,
    el("h2", { class: "card-title", id: "aw-grenier-title" }, icon("eye"), el("span", { text: "Lettres encore au grenier" }),
      el("span", { class: "card-title-extra", text: String(Object.values(letters).reduce((a, b) => a + b, 0)) })),
    el("ul", { class: "unseen-grid" }, Object.keys(v).sort().map((l) => {
      const n = letters[l] || 0;
      return el("li", { class: ["unseen", n ? "" : "gone", `v${v[l]}`], "aria-label": `${l} : ${n}` },
        el("span", { class: "unseen-letter", text: l }), el("span", { class: "unseen-count", text: `${n} · ${v[l]}g` }));
    })),
    (g.spell_discard || []).length ? el("p", { class: "muted small aw-discard", text: `Sortilèges joués : ${g.spell_discard.map((s) => SPELL_NAMES[s] || s).join(", ")}.` }) : null);
}

export function resultTable(s) {
  const { st, seats, seatName } = s;
  const g = st.game;
  const detail = g.score_detail || [];
  const scores = g.scores || [];
  const winners = g.winners || [];
  const credits = detail.some((d) => d.credits);
  const order = seats().map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return el("table", { class: "result-table aw-result" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", class: "num", text: "Graines" }),
      el("th", { scope: "col", class: "num", text: "Dettes" }),
      credits ? el("th", { scope: "col", class: "num", text: "Créances" }) : null,
      el("th", { scope: "col", class: "num", text: "Lettres restantes" }), el("th", { scope: "col", class: "num", text: "Total" }))),
    el("tbody", {}, order.map((i) => {
      const d = detail[i] || { sack: 0, debts: 0, hand: 0, credits: 0 };
      const left = (g.hands || [])[i] || [];
      return el("tr", { class: winners.includes(i) ? "winner" : "", dataset: { seat: String(i) } },
        el("th", { scope: "row" }, el("span", { class: "result-who" }, whoNode(i, seatName(i)),
          winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
        el("td", { class: "num sack", text: String(d.sack) }),
        el("td", { class: "num penalty", text: d.debts ? signed(-d.debts) : "0" }),
        credits ? el("td", { class: "num bonus", text: d.credits ? signed(d.credits) : "0" }) : null,
        el("td", { class: "num penalty" }, el("span", { text: d.hand ? signed(-d.hand) : "0" }),
          left.length ? el("span", { class: "muted small aw-left", text: ` (${left.map((c) => (c === WILD ? "CONFUSION" : c)).join(" ")})` }) : null),
        el("td", { class: "num total", text: num(scores[i] ?? 0) }));
    })));
}

export function renderEnd(s) {
  const { kit, seatName, resultTable } = s;
  kit.renderEnd((g) => ({ summary: `${endReason(g, seatName)} Score : graines du sac − dettes − graines des lettres restantes (une CONFUSION coûte 5).`, table: resultTable }));
}

export function showEndModal(s) {
  const { kit, st, seatName, resultTable } = s;
  kit.endModal({ reason: endReason(st.game, seatName), table: resultTable });
}

export function showHelp(s) {
  showKeysHelp([
    ["Lettres A–Z", "tapent votre mot (vos lettres d’abord, puis celles des autres)"],
    ["Clic sur une carte", "l’ajoute au mot ; un 2e clic la retire"],
    ["Retour arrière", "retire la dernière carte du mot"],
    ["Entrée", "pose le mot"],
    ["Échap", "efface le mot (pendant un ÉCHANGE : y renoncer)"],
    ["G / 1 à 6", "sortilège tiré : le garder, ou le donner au joueur n°"],
    ["P", "passer quand aucun mot n’est possible ; en panique, aller au champ à taper"],
    ["?", "affiche cette aide"],
  ], "Une CONFUSION cliquée demande la lettre qu’elle remplace.");
}
