// Replay of a Topword game: the board at every step, the move played with the expert's best
// move at that turn, the scores.

import { el, icon, button, replace, plural, signed, num } from "../../ui.js";
import { createBoard, tileLabel } from "./board.js";
import { wordPopup } from "../../wordpopup.js";
import { SEAT_COLOURS, avatarNode } from "../../tablekit.js";
import {
  MOVES, openRecord, gameOf, replayPage, victoryText, stepTitle, scoresTitle, winTag,
} from "../../replaykit.js";
import { END_REASONS } from "./texts.js";

// ---- Topword: the board, the move with the expert's best one, the scores ----------------------

export function renderTopword(main, id, data, info) {
  const record = openRecord(main, data, info, "Topword");
  if (!record) return () => {};
  const { steps, seats, winners, seatName } = record;
  const analysis = Array.isArray(data.analysis) ? data.analysis : [];
  const finalScores = data.scores || [];
  let showBest = false;

  const board = createBoard({ label: "Plateau de la partie rejouée" });
  const replay = replayPage(main, record, {
    id, game: "topword", stage: el("div", { class: "table-boardzone" }, board.root), listTitle: "Tous les coups",
    draw, words: MOVES, versus: " contre ", onGo: () => { showBest = false; },
    subtitle: winners.length ? `${victoryText(winners, seatName)} · ${finalScores.map(num).join(" – ")}` : "",
  });
  steps.forEach((step, k) => {
    if (k === 0) return;
    const d = describe(k);
    replay.addStep(k, step.seat, d.short, { score: el("span", { class: "log-score", text: d.score !== null ? signed(d.score) : "" }) });
  });

  function describe(k) {
    const step = steps[k];
    const action = step.action || {};
    const g = gameOf(step);
    const lastAct = g.last || {};
    const played = analysis[k] && analysis[k].played;
    if (action.type === "place" || action.type === "play") {
      const notation = (lastAct.type === "play" && lastAct.seat === step.seat && lastAct.notation)
        || (played && played.notation) || action.move || (action.tiles || []).join(" ");
      const score = lastAct.type === "play" && lastAct.seat === step.seat ? lastAct.score : (played ? played.score : null);
      const words = lastAct.type === "play" && lastAct.seat === step.seat ? (lastAct.words || []) : (played && played.words ? played.words.map((w) => ({ word: w })) : []);
      return { kind: "play", short: notation, score, words, text: `${seatName(step.seat)} joue ${notation}` };
    }
    if (action.type === "pass") {
      return { kind: "pass", short: action.exchange ? "passe et échange" : "passe", score: 0, words: [], text: action.exchange ? `${seatName(step.seat)} passe et échange une lettre` : `${seatName(step.seat)} passe son tour` };
    }
    if (action.type === "challenge") {
      const upheld = lastAct.type === "taken_back";
      return { kind: "challenge", short: upheld ? "conteste : mot retiré" : "conteste : mot valable", score: null, words: [], text: upheld ? `${seatName(step.seat)} conteste : le mot est refusé et retiré` : `${seatName(step.seat)} conteste : le mot est valable` };
    }
    if (action.type === "accept") {
      return { kind: "accept", short: "accepte le dernier mot", score: null, words: [], text: `${seatName(step.seat)} accepte le dernier mot` };
    }
    return { kind: "other", short: action.type || "", score: null, words: [], text: action.type || "" };
  }

  /** The board (or the expert's move on the previous one), the move card and the scores at step `index`. */
  function draw(index) {
    const step = steps[index];
    const g = gameOf(step);
    const a = analysis[index];
    let boardState = g.board;
    let placed = new Map();
    let lastCells = new Set(g.last && g.last.type === "play" && Array.isArray(g.last.cells) ? g.last.cells : []);
    if (showBest && a && a.tiles && a.tiles.length && index > 0) {
      boardState = gameOf(steps[index - 1]).board;
      placed = new Map(a.tiles.map((t) => { const [cell, letter] = t.split(":"); return [cell, letter]; }));
      lastCells = new Set();
    }
    board.update({ board: boardState, last: lastCells, placed });
    board.root.classList.toggle("showing-best", showBest);

    // The move and its analysis.
    if (index === 0) {
      replace(replay.moveCard, stepTitle(index, step.seat, seatName, MOVES),
        el("p", { class: "muted", text: `Chaque joueur tire 7 lettres. ${seatName(firstToPlay())} commence.` }));
    } else {
      const d = describe(index);
      const parts = [
        stepTitle(index, step.seat, seatName, MOVES),
        el("p", { class: "replay-played" },
          el("span", { class: "replay-notation", text: d.kind === "play" ? d.short : d.text }),
          d.score !== null && d.kind === "play" ? el("span", { class: "replay-score", text: plural(d.score, "point") }) : null),
      ];
      if (d.words.length) {
        parts.push(el("p", { class: "replay-words" }, d.words.map((w) => el("span", { class: "word-chip" },
          el("button", { type: "button", class: "word-link", text: w.word, "aria-label": `${w.word} : voir la définition`, onclick: () => wordPopup(w.word, data.game || "topword") }),
          w.score !== undefined ? el("span", { class: "pts", text: String(w.score) }) : null))));
      }
      if (a && a.rack) {
        parts.push(el("p", { class: "replay-rack" }, el("span", { class: "muted small", text: "Chevalet : " }),
          el("span", { class: "mini-rack" }, a.rack.map((t) => el("span", { class: "mini-tile", text: tileLabel(t) })))));
      }
      if (a && a.move) {
        const perfect = !a.missed;
        parts.push(el("div", { class: ["analysis", perfect ? "perfect" : ""] },
          el("p", { class: "analysis-title" }, icon(perfect ? "trophy" : "robot"),
            el("strong", { text: perfect ? "Le meilleur coup possible !" : "Le meilleur coup selon l’expert" })),
          perfect ? null : el("p", { class: "analysis-move" },
            el("span", { class: "replay-notation", text: a.move }),
            el("span", { class: "replay-score", text: plural(a.score, "point") })),
          perfect ? null : el("p", { class: "muted small", text: `${plural(a.missed, "point")} de plus que le coup joué · ${a.words && a.words.length ? `mots : ${a.words.join(", ")}` : ""}` }),
          perfect ? null : button(showBest ? "Revenir au coup joué" : "Voir sur le plateau", {
            kind: "small", iconName: "eye", onClick: () => { showBest = !showBest; replay.redraw(); },
            "aria-pressed": showBest ? "true" : "false",
          })));
      } else if (a && a.move === null) {
        parts.push(el("p", { class: "muted small", text: "Aucun mot n’était possible avec ce chevalet." }));
      }
      replace(replay.moveCard, parts);
    }

    // Scores at this step.
    const scores = g.scores || [];
    const over = g.over;
    replace(replay.scoresCard,
      scoresTitle(over, el("span", { class: "card-title-extra" }, icon("bag"), el("span", { text: `${g.bag ?? 0} dans le sac` }))),
      el("ul", { class: "player-list compact" }, seats.map((s, i) => el("li", {
        class: ["player", `seat-${i % SEAT_COLOURS}`, step.seat === i && index > 0 ? "active" : "", over && winners.includes(i) ? "winner" : ""],
      },
      avatarNode(s, seatName(i)),
      el("span", { class: "player-main" }, el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
        over && winners.includes(i) ? winTag() : null),
      over && g.penalties && g.penalties[i] ? el("span", { class: "player-sub muted small", text: `pénalité ${signed(-g.penalties[i])}` }) : null),
      el("span", { class: "score-wrap" }, el("span", { class: "player-score", text: num(scores[i] ?? 0) }))))),
      over && g.end_reason ? el("p", { class: "muted small", text: END_REASONS[g.end_reason] || "" }) : null);
  }

  function firstToPlay() {
    const g = gameOf(steps[0]);
    return g.turn ?? 0;
  }

  return replay.start();
}
