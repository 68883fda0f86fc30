// Replay of a Typo game: the four rows at every step, the action of each step, the scores.

import { el, icon, replace, signed, num } from "../../ui.js";
import { wordPopup } from "../../wordpopup.js";
import { rowNode, partLabel } from "./cards.js";
import { SEAT_COLOURS, avatarNode } from "../../tablekit.js";
import {
  openRecord, gameOf, replayPage, victoryText, stepTitle, scoresTitle, winTag,
} from "../../replaykit.js";

// ---- Typo: the four rows, the scores and the action of each step -------------------------------

export function renderTypo(main, id, data, info) {
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
