// Replay of a finished game: step through every position (first/previous/next/last, a slider,
// the keyboard), with the move played and, for Topword, the expert's best move at that turn.
// Typo's rows are drawn here too; Awalettres' table is in awareplay.js, Vocabulon's board in
// vocareplay.js, Volapük's in volapukreplay.js.

import { el, icon, button, replace, setTitle, loading, errorBlock, plural, signed, num } from "./ui.js";
import { getReplay, getTable, recordUrl } from "./api.js";
import { createBoard, tileLabel } from "./board.js";
import { wordPopup } from "./lexicon.js";
import { rowNode, partLabel } from "./typo.js";
import { renderAwalettres } from "./awareplay.js";
import { renderVolapuk } from "./volapukreplay.js";
import { renderVocabulon } from "./vocareplay.js";
import { SEAT_COLOURS, avatarNode } from "./tablekit.js";
import { MOVES, openRecord, gameOf, replayPage, victoryText, stepTitle, scoresTitle, winTag } from "./replaykit.js";

const END_REASONS = {
  out_of_tiles: "Un joueur a posé toutes ses lettres.",
  all_passed: "Tous les joueurs ont passé leur tour, le sac étant vide.",
  blocked: "Plus personne ne peut former de mot.",
};

export async function render(main, { id }) {
  setTitle("Revoir la partie");
  replace(main, loading("Préparation du film de la partie…"));
  let data;
  let info = null;
  try {
    [data, info] = await Promise.all([getReplay(id), getTable(id).catch(() => null)]);
  } catch (err) {
    replace(main, errorBlock("Revoir la partie", err.message || "Cette partie ne peut pas être revue.",
      [el("a", { class: "btn primary", href: `/table/${encodeURIComponent(id)}`, text: "Retour à la table" }),
        el("a", { class: "btn", href: "/", text: "Accueil" })]));
    return () => {};
  }
  if (data.game === "typo") return renderTypo(main, id, data, info);
  if (data.game === "awalettres") return renderAwalettres(main, id, data, info);
  if (data.game === "volapuk") return renderVolapuk(main, id, data, info);
  if (data.game === "vocabulon") return renderVocabulon(main, id, data, info);
  if (data.game && data.game !== "topword") {
    replace(main, errorBlock("Revoir la partie", "Le film des parties de ce jeu n’est pas encore disponible dans le navigateur.",
      [el("a", { class: "btn primary", href: recordUrl(id), download: `partie-${id}.json`, text: "Télécharger la partie (JSON)" })]));
    return () => {};
  }
  return renderTopword(main, id, data, info);
}

// ---- Topword: the board, the move with the expert's best one, the scores ----------------------

function renderTopword(main, id, data, info) {
  const record = openRecord(main, data, info, "Topword");
  if (!record) return () => {};
  const { steps, seats, winners, seatName } = record;
  const analysis = Array.isArray(data.analysis) ? data.analysis : [];
  const finalScores = data.scores || [];
  let showBest = false;

  const board = createBoard({ label: "Plateau de la partie rejouée" });
  const replay = replayPage(main, record, {
    id, game: "topword", stage: el("div", { class: "tw-boardzone" }, board.root), listTitle: "Tous les coups",
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

// ---- Typo: the four rows, the scores and the action of each step -------------------------------

function renderTypo(main, id, data, info) {
  const record = openRecord(main, data, info, "Typo");
  if (!record) return () => {};
  const { steps, seats, winners, seatName } = record;
  const finalScores = data.scores || [];
  const rowsBox = el("div", { class: "ty-felt", role: "group", "aria-label": "Les quatre rangées" });
  const partBox = el("div", { class: "ty-part" });
  const replay = replayPage(main, record, {
    id, game: "typo", pageClass: "ty-page", stage: [partBox, rowsBox], listTitle: "Toute la partie", draw,
    subtitle: winners.length ? `${victoryText(winners, seatName)} · ${finalScores.map(num).join(" / ")}` : "",
  });

  function describe(k) {
    const step = steps[k];
    const a = step.action || {};
    const g = gameOf(step);
    const name = seatName(step.seat);
    if (a.type === "choose") return { short: `choisit ${a.card}`, text: `${name} choisit sa carte en secret : ${a.card}`, word: null, points: null };
    if (a.type === "place") {
      const where = `${a.side === "left" ? "à gauche" : "à droite"} de la rangée ${Number(a.row) + 1}`;
      return { short: a.word, text: `${name} pose sa carte ${where} et annonce`, word: a.word, points: null };
    }
    if (a.type === "fail") {
      const p = (g.played || []).filter((x) => x.type === "failed" && x.seat === step.seat).pop();
      const pts = p ? p.points : null;
      const refused = p && p.refused;
      return {
        short: refused ? `défausse la rangée ${Number(a.row) + 1}` : `ne peut pas placer : rangée ${Number(a.row) + 1}`,
        text: refused ? `${name} défausse la rangée ${Number(a.row) + 1} après le refus de son mot`
          : `${name} ne peut pas placer sa carte : la rangée ${Number(a.row) + 1}${p ? ` (${p.discarded})` : ""} est défaussée`,
        word: null, points: pts !== null ? -pts : null,
      };
    }
    if (a.type === "vote") return { short: a.doubt ? "doute" : "fait confiance", text: `${name} ${a.doubt ? "doute du mot" : "fait confiance"}`, word: null, points: null };
    return { short: a.type || "", text: a.type || "", word: null, points: null };
  }

  // The list of actions (the card choices are left out: they say little).
  steps.forEach((step, k) => {
    if (k === 0 || !step.action || step.action.type === "choose") return;
    const d = describe(k);
    replay.addStep(k, step.seat, d.short, {
      notation: !!d.word, score: d.points !== null ? el("span", { class: "log-score neg", text: signed(d.points) }) : null,
    });
  });

  /** The part, the four rows, the move card and the scores at step `index`. */
  function draw(index) {
    const step = steps[index];
    const g = gameOf(step);
    const prev = index > 0 ? gameOf(steps[index - 1]) : null;
    const longest = new Set(g.longest_rows || []);
    replace(rowsBox, (g.rows || []).map((row, i) => {
      const before = prev && prev.rows ? prev.rows[i] : row;
      const changed = before !== row;
      let fresh = null;
      if (changed && row.length === before.length + 1) fresh = row.endsWith(before) ? (j) => j === 0 : (j) => j === row.length - 1;
      const node = rowNode(row, { index: i, longest: longest.has(i), highlight: fresh });
      if (changed) node.classList.add("targeted");
      return node;
    }));
    replace(partBox,
      el("span", { class: ["ty-part-chip", g.part === 2 ? "part-2" : "part-1"] },
        el("span", { class: "ty-part-arrow", "aria-hidden": "true", text: g.part === 2 ? "Z→A" : "A→Z" }),
        el("span", { text: partLabel(g.part) })),
      el("span", { class: "chip", text: `Tour ${g.round ?? 1}` }),
      el("span", { class: "chip ty-holder-chip" }, icon("book"), el("span", { text: `Dictionnaire : ${seatName(g.holder ?? 0)}` })));

    if (index === 0) {
      replace(replay.moveCard, stepTitle(index, step.seat, seatName),
        el("p", { class: "muted", text: `Quatre cartes commencent les rangées ; ${seatName(g.holder ?? 0)} reçoit le dictionnaire.` }));
    } else {
      const d = describe(index);
      const parts = [
        stepTitle(index, step.seat, seatName),
        el("p", { class: "replay-played" }, el("span", { text: d.text }),
          d.points !== null ? el("span", { class: "log-score neg", text: `${signed(d.points)} ${Math.abs(d.points) > 1 ? "points" : "point"}` }) : null),
      ];
      if (d.word) {
        parts.push(el("p", { class: "replay-words" }, el("span", { class: "word-chip" },
          el("button", { type: "button", class: "word-link ty-replay-word", text: d.word, "aria-label": `${d.word} : voir la définition`, onclick: () => wordPopup(d.word, "typo") }))));
      }
      if (g.revealed && step.action && step.action.type !== "choose") {
        parts.push(el("p", { class: "replay-rack" }, el("span", { class: "muted small", text: "Cartes du tour : " }),
          el("span", { class: "mini-rack" }, g.revealed.map((c, s) => el("span", { class: ["mini-tile", `seat-${s % SEAT_COLOURS}`], title: seatName(s), text: c })))));
      }
      replace(replay.moveCard, parts);
    }

    const scores = g.scores || [];
    const over = g.over;
    replace(replay.scoresCard, scoresTitle(over),
      el("ul", { class: "player-list compact ty-players" }, seats.map((s, i) => el("li", {
        class: ["player", `seat-${i % SEAT_COLOURS}`, step.seat === i && index > 0 ? "active" : "", over && winners.includes(i) ? "winner" : ""],
      },
      avatarNode(s, seatName(i)),
      el("span", { class: "player-main" },
        el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
          g.holder === i ? el("span", { class: "ty-dict", title: "Détient le dictionnaire" }, icon("book")) : null,
          over && winners.includes(i) ? winTag() : null),
        el("span", { class: "player-sub" },
          el("span", { class: "ty-hand-size", title: "Cartes en main" }, el("span", { class: "ty-mini-back", "aria-hidden": "true" }), el("span", { text: String((g.hand_sizes || [])[i] ?? 0) })),
          el("span", { class: "ty-breakdown" },
            g.lost && g.lost[i] ? el("span", { class: "lost", text: signed(-g.lost[i]) }) : null,
            g.bonus && g.bonus[i] ? el("span", { class: "bonus", text: `bonus ${signed(g.bonus[i])}` }) : null))),
      el("span", { class: "score-wrap" }, el("span", { class: ["player-score", (scores[i] || 0) < 0 ? "neg" : ""], text: num(scores[i] ?? 0) }))))));
  }

  return replay.start();
}
