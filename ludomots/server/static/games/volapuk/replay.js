// Replay of a Volapük game: the round board at every step, each player's dice as a spectator
// saw them (the rolls of the player at turn are public), the word of each turn with its points,
// the scores. The list keeps the words, the passes and the results of announcements; the
// slider and the arrows go through every action, rolls included.

import { el, replace, signed, num, plural } from "../../ui.js";
import { wordPopup } from "../../wordpopup.js";
import { SEAT_COLOURS, avatarNode } from "../../tablekit.js";
import { boardNode, lastCells, breakdownNode, playedText, END_REASONS, dieNode } from "./dice.js";
import { othersDice, announcedText } from "./panels.js";
import {
  openRecord, gameOf, replayPage, victoryText, stepTitle, scoresTitle, winTag,
} from "../../replaykit.js";

export function renderVolapuk(main, id, data, info) {
  const record = openRecord(main, data, info, "Volapük");
  if (!record) return () => {};
  const { steps, seats, winners, seatName } = record;
  const finalScores = data.scores || [];
  const boardBox = el("div", { class: "table-boardzone vp-boardzone" });
  // The list holds the words, passes and announcement results only (not the rolls).
  const replay = replayPage(main, record, {
    id, game: "volapuk", pageClass: "vp-page vp-replay", stage: boardBox, listTitle: "Les mots de la partie", draw,
    subtitle: winners.length ? `${victoryText(winners, seatName)} · ${finalScores.map(num).join(" / ")} points` : "",
  });

  /** What step k did: a short line, a sentence, the word entry (if any). */
  function describe(k) {
    const step = steps[k];
    const a = step.action || {};
    const g = gameOf(step);
    const name = seatName(step.seat);
    const played = g.played || [];
    const entry = played[played.length - 1];
    switch (a.type) {
      case "roll":
        return { short: "lance les dés", text: `${name} lance ses dés${a.keep && a.keep.length ? ` (en garde ${plural(a.keep.length, "dé")})` : ""}`, entry: null };
      case "place":
      case "recompose":
        return { short: entry ? playedText(entry).replace(/^pose /, "") : "pose", text: `${name} ${entry ? playedText(entry) : "pose un mot"}`, entry };
      case "pass": return { short: "passe", text: `${name} passe son tour`, entry: null };
      case "accent": return { short: "annonce un accent", text: `${name} annonce un accent`, entry: null };
      case "anagram": {
        // On his own turn (seed A6, "quel que soit le tour de jeu"): scored at once, logged.
        const own = entry && entry.type === "anagram" && played.length > (gameOf(steps[k - 1]).played || []).length ? entry : null;
        return own
          ? { short: `anagramme ${own.word}`, text: `${name} annonce l’anagramme ${own.word} de ${own.of}`, entry: null, anagram: own }
          : { short: "annonce un anagramme", text: `${name} annonce un anagramme`, entry: null };
      }
      case "define": return { short: "donne une définition", text: `${name} donne une définition`, entry: null };
      case "done": {
        // The last player done closes the announcements: their results are then logged.
        const before = gameOf(steps[k - 1]).played || [];
        const closed = entry && entry.type === "announced" && played.length > before.length ? entry : null;
        return closed
          ? { short: "résultats des annonces", text: `${name} termine ses annonces : résultats sur ${closed.text}`, entry: null, announced: closed }
          : { short: "termine ses annonces", text: `${name} termine ses annonces`, entry: null };
      }
      default: return { short: a.type || "", text: a.type || "", entry: null };
    }
  }

  steps.forEach((step, k) => {
    const type = step.action && step.action.type;
    if (k === 0 || !["place", "recompose", "pass", "done", "anagram"].includes(type)) return;
    const d = describe(k);
    if (type === "done" && !(d.announced && announcedText(d.announced, seatName))) return;
    if (type === "anagram" && !d.anagram) return;
    const points = d.entry ? d.entry.total : d.anagram ? d.anagram.points : null;
    replay.addStep(k, step.seat, d.short, {
      notation: !!d.entry, note: !d.entry,
      score: points !== null ? el("span", { class: ["log-score", points < 0 ? "neg" : ""], text: signed(points) }) : null,
    });
  });

  /** The board, the move card and the scores at step `index`. */
  function draw(index) {
    const step = steps[index];
    const g = gameOf(step);
    replace(boardBox, boardNode(g, { last: lastCells(g), label: "Le plateau à cette étape" }));

    if (index === 0) {
      replace(replay.moveCard, stepTitle(index, step.seat, seatName),
        el("p", { class: "muted", text: `Chacun prend un dé de chaque couleur et deux dés verts. ${seatName(g.first ?? 0)} commence ; la lettre Élue est ${g.elue}.` }),
        el("p", {}, dieNode({ colour: "jaune", face: g.elue }, { elue: g.elue, extraClass: "elue" })));
    } else {
      const d = describe(index);
      const parts = [
        stepTitle(index, step.seat, seatName),
        el("p", { class: "replay-played" }, el("span", { text: d.text }),
          d.entry ? el("span", { class: "replay-score", text: plural(d.entry.total, "point") }) : null),
      ];
      if (d.entry && d.entry.words && d.entry.words.length) {
        const main = d.entry.words[0];
        parts.push(el("p", { class: "replay-words" }, el("button", { type: "button", class: "word-link", text: main.text, "aria-label": `${main.text} : voir la définition`, onclick: () => wordPopup(main.text, "volapuk") })),
          breakdownNode(d.entry));
      }
      if (d.announced) parts.push(el("p", { class: "replay-announced" }, announcedText(d.announced, seatName)));
      if (step.action && step.action.type === "roll") parts.push(othersDice(g, step.seat, g.elue));
      replace(replay.moveCard, parts);
    }

    const scores = g.scores || [];
    const over = g.over;
    replace(replay.scoresCard, scoresTitle(over, el("span", { class: "card-title-extra", text: `lettre Élue ${g.elue}` })),
      el("ul", { class: "player-list compact" }, seats.map((s, i) => el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, index > 0 && step.seat === i ? "active" : "", over && winners.includes(i) ? "winner" : ""] },
        avatarNode(s, seatName(i)),
        el("span", { class: "player-main" },
          el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
            over && winners.includes(i) ? winTag() : null),
          othersDice(g, i, g.elue)),
        el("span", { class: "score-wrap" }, el("span", { class: "player-score", text: num(scores[i] ?? 0) }))))),
      over && g.end_reason ? el("p", { class: "muted small", text: END_REASONS[g.end_reason] || "" }) : null);
  }

  return replay.start();
}
