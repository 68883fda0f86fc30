// Replay of a Vocabulon game: the board, the riddle and every player's letter cards at each
// step, what the step did (the history entries it added), and, the game being over, each
// player's secret word of that moment with the letters won so far.

import { el, icon, replace } from "../../ui.js";
import { SEAT_COLOURS, whoNode, avatarNode } from "../../tablekit.js";
import {
  drawBoard, letterCard, secretTiles, historyText, questionText, cellName, riddleTries,
} from "./board.js";
import { openRecord, gameOf, replayPage, victoryText, stepTitle, winTag } from "../../replaykit.js";

const ACTION_SHORT = {
  secret: () => "écrit son mot secret", change_secret: (a, g) => (g.request ? "demande la lettre qui lui manque" : `change de mot : « ${a.word} »`), throw: (a, g) => (g.face ? `lance le dé : ${g.face}` : "lance le dé"),
  move: (a) => `va en ${cellName(a.cell)}`, pick: (a) => `choisit la carte ${a.group}`, propose: (a) => `propose ${a.give} contre ${a.take}`,
  respond: (a) => (a.accept ? "accepte l’échange" : "refuse l’échange"),
  offer: (a) => (a.give ? `propose sa carte ${a.give} contre ${a.take}` : "refuse d’échanger sa carte"), answer: (a) => (a.word ? `répond « ${a.word} »` : "ne sait pas"),
};

export function renderVocabulon(main, id, data, info) {
  const record = openRecord(main, data, info, "Vocabulon");
  if (!record) return () => {};
  const { steps, seats, last, winners, seatName } = record;
  const final = gameOf(steps[last]);

  // The secret word each player had at each step: the final one, or the "old" word of a
  // change made later (the game is over: every word is public now).
  const finalHistory = final.history || [];
  function secretAt(seat, historyLength) {
    const later = finalHistory.slice(historyLength).find((e) => e.type === "secret_changed" && e.seat === seat);
    return later ? later.old : (final.public_secrets || [])[seat] || null;
  }

  const boardBox = el("section", { class: "vc-board", "aria-label": "Le plateau à cette étape" });
  const riddleBox = el("section", { class: "card vc-riddle", hidden: true });
  const replay = replayPage(main, record, {
    id, game: "vocabulon", pageClass: "vc-page vc-replay", stage: [boardBox, riddleBox], listTitle: "Toute la partie", draw,
    subtitle: winners.length ? victoryText(winners, seatName) : "Pas de vainqueur",
  });

  /** The history entries step k added (what the action caused). */
  function added(k) {
    const now = gameOf(steps[k]).history || [];
    const before = k > 0 ? (gameOf(steps[k - 1]).history || []).length : 0;
    return now.slice(before);
  }

  steps.forEach((step, k) => {
    if (k === 0) return;
    const a = step.action || {};
    const short = (ACTION_SHORT[a.type] || (() => a.type || ""))(a, gameOf(step));
    replay.addStep(k, step.seat, short, { notation: false, note: true });
  });

  /** The board, the riddle, what the step did and every player's cards at step `index`. */
  function draw(index) {
    const step = steps[index];
    const g = gameOf(step);
    const historyLength = (g.history || []).length;
    replace(boardBox, el("div", { class: "vc-board-frame" }, drawBoard({ positions: g.positions || [], seatName, face: g.face, active: g.over ? null : g.current })));
    const r = g.riddle;
    riddleBox.hidden = !r;
    if (r) {
      const tries = riddleTries(g.history);
      replace(riddleBox, el("div", { class: "vc-riddle-head" }, letterCard(r.group, { extraClass: "big" }),
        el("div", { class: "vc-riddle-who" }, el("h2", { class: "aw-action-title", text: `Énigme pour ${seatName(r.asked)}` }),
          el("p", { class: "muted small", text: `${questionText(r.question)}, lue par ${seatName(r.reader)}` }))),
      el("blockquote", { class: "vc-definition", text: r.question.definition }),
      tries.length ? el("ul", { class: "vc-tries" }, tries.map((a) => el("li", {}, whoNode(a.seat, seatName(a.seat)), el("s", { text: a.word })))) : null);
    }

    const told = added(index);
    replace(replay.moveCard, stepTitle(index, step.seat, seatName),
      told.length ? told.map((e) => el("p", { class: "replay-played" }, el("span", { text: historyText(e, seatName) })))
        : el("p", { class: "muted", text: index === 0 ? "Chaque joueur écrit son mot secret." : "" }));

    const heldAll = g.held || [];
    replace(replay.scoresCard,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: g.over ? "Fin de la partie" : "Joueurs" }), el("span", { class: "card-title-extra", text: "cartes-lettre" })),
      el("ul", { class: "player-list compact vc-player-list" }, seats.map((s, i) => {
        const word = secretAt(i, historyLength);
        const won = g.over && winners.includes(i);
        return el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, !g.over && g.current === i && index > 0 ? "active" : "", won ? "winner" : ""], dataset: { seat: String(i) } },
          avatarNode(s, seatName(i)),
          el("span", { class: "player-main" },
            el("span", { class: "player-name" }, el("span", { class: "vc-pawn-badge", "aria-label": `pion ${i + 1}`, text: String(i + 1) }),
              el("span", { class: "name-text", text: seatName(i) }), won ? winTag() : null),
            word ? el("span", { class: "vc-secret-line" }, el("span", { class: "muted small", text: "Mot secret :" }), secretTiles(word, heldAll[i] || [])) : null,
            el("span", { class: "vc-held" }, (heldAll[i] || []).map((c) => letterCard(c, { extraClass: "small" })))),
          el("span", { class: "score-wrap" }, el("span", { class: "player-score", text: String((heldAll[i] || []).length) })));
      })));
  }

  return replay.start();
}
