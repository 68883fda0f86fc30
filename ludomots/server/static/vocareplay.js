// Replay of a Vocabulon game: the board, the riddle and every player's letter cards at each
// step, what the step did (the history entries it added), and, the game being over, each
// player's secret word of that moment with the letters won so far.

import { el, icon, replace, setTitle, errorBlock, de } from "./ui.js";
import { recordUrl } from "./api.js";
import { SEAT_COLOURS, seatLabel, whoNode, avatarNode } from "./tablekit.js";
import { drawBoard, letterCard, secretTiles, historyText, questionText, cellName } from "./vocaboard.js";
import { markCurrentStep, scrollToCurrentStep, bindReplayKeys } from "./replaykit.js";

const ACTION_SHORT = {
  secret: () => "écrit son mot secret", change_secret: (a) => `change de mot : « ${a.word} »`, throw: (a, g) => (g.face ? `lance le dé : ${g.face}` : "lance le dé"),
  move: (a) => `va en ${cellName(a.cell)}`, pick: (a) => `choisit la carte ${a.group}`, propose: (a) => `propose ${a.give} contre ${a.take}`,
  respond: (a) => (a.accept ? "accepte l’échange" : "refuse l’échange"), answer: (a) => (a.word ? `répond « ${a.word} »` : "ne sait pas"),
};

export function renderVocabulon(main, id, data, info) {
  const steps = Array.isArray(data.steps) ? data.steps : [];
  if (!steps.length) {
    replace(main, errorBlock("Revoir la partie", "Cette partie ne contient aucun coup.", []));
    return () => {};
  }
  const seats = data.seats || (info && info.seats) || [];
  const title = data.title || "Vocabulon";
  setTitle(`Revoir · ${title}`);
  const seatName = (i) => seatLabel(seats, i);
  const gameOf = (step) => {
    const view = (step && step.view) || {};
    return view.game && typeof view.game === "object" ? view.game : view;
  };
  const last = steps.length - 1;
  const final = gameOf(steps[last]);
  let index = last;

  // The secret word each player had at each step: the final one, or the "old" word of a
  // change made later (the game is over: every word is public now).
  const finalHistory = final.history || [];
  function secretAt(seat, historyLength) {
    const later = finalHistory.slice(historyLength).find((e) => e.type === "secret_changed" && e.seat === seat);
    return later ? later.old : (final.public_secrets || [])[seat] || null;
  }

  const boardBox = el("section", { class: "vc-board", "aria-label": "Le plateau à cette étape" });
  const riddleBox = el("section", { class: "card vc-riddle", hidden: true });
  const counter = el("span", { class: "replay-counter", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: "0", max: String(last), value: String(index), class: "replay-slider", "aria-label": "Position dans la partie" });
  const navButton = (name, label, tip, kind = "") => el("button", { type: "button", class: ["btn icon-only", kind], "aria-label": label, title: tip }, icon(name));
  const btnFirst = navButton("first", "Début de la partie", "Début (Origine)");
  const btnPrev = navButton("prev", "Action précédente", "Action précédente (←)");
  const btnNext = navButton("next", "Action suivante", "Action suivante (→)", "primary");
  const btnLast = navButton("last", "Fin de la partie", "Fin (Fin)");
  const moveCard = el("section", { class: "card replay-move", "aria-live": "polite" });
  const playersCard = el("section", { class: "card replay-scores" });
  const moveList = el("ol", { class: "log-list" });
  btnFirst.addEventListener("click", () => go(0));
  btnPrev.addEventListener("click", () => go(index - 1));
  btnNext.addEventListener("click", () => go(index + 1));
  btnLast.addEventListener("click", () => go(last));
  slider.addEventListener("input", () => go(Number(slider.value)));

  const winners = data.winners || [];
  replace(main, el("div", { class: "page replay-page vc-page vc-replay" },
    el("header", { class: "page-head replay-head" },
      el("div", {},
        el("p", { class: "eyebrow", text: "Revoir la partie" }),
        el("h1", { text: `${title} : ${seats.map((_, i) => seatName(i)).join(", ")}` }),
        el("p", { class: "muted", text: winners.length ? `${winners.length > 1 ? "Victoire partagée" : "Victoire"} ${de(winners.map(seatName).join(" et "))}` : "Pas de vainqueur" })),
      el("div", { class: "row-actions" },
        el("a", { class: "btn", href: recordUrl(id), download: `vocabulon-${id}.json` }, icon("download"), el("span", { text: "Télécharger (JSON)" })),
        el("a", { class: "btn ghost", href: `/table/${encodeURIComponent(id)}` }, icon("door"), el("span", { text: "Retour à la table" })))),
    el("div", { class: "replay-layout" },
      el("div", { class: "replay-main" }, boardBox, riddleBox,
        el("div", { class: "replay-controls", role: "group", "aria-label": "Navigation dans la partie" }, btnFirst, btnPrev, slider, btnNext, btnLast, counter)),
      el("aside", { class: "replay-side" }, moveCard, playersCard,
        el("section", { class: "card replay-list" }, el("h2", { class: "card-title" }, icon("book"), el("span", { text: "Toute la partie" })),
          el("div", { class: "log-scroll" }, moveList))))));

  /** The history entries step k added (what the action caused). */
  function added(k) {
    const now = gameOf(steps[k]).history || [];
    const before = k > 0 ? (gameOf(steps[k - 1]).history || []).length : 0;
    return now.slice(before);
  }

  moveList.append(el("li", { class: "log-entry note" }, el("button", { type: "button", class: "step-link", dataset: { step: "0" }, onclick: () => go(0), text: "Début de la partie" })));
  steps.forEach((step, k) => {
    if (k === 0) return;
    const a = step.action || {};
    const short = (ACTION_SHORT[a.type] || (() => a.type || ""))(a, gameOf(step));
    moveList.append(el("li", { class: "log-entry note" },
      el("span", { class: "log-num", text: String(k) }),
      el("button", { type: "button", class: "step-link", dataset: { step: String(k) }, onclick: () => go(k) },
        whoNode(step.seat, seatName(step.seat)), el("span", { class: "muted small", text: short }))));
  });

  function go(k) {
    index = Math.max(0, Math.min(last, k));
    paint();
  }

  function paint() {
    const step = steps[index];
    const g = gameOf(step);
    const historyLength = (g.history || []).length;
    replace(boardBox, el("div", { class: "vc-board-frame" }, drawBoard({ positions: g.positions || [], seatName, face: g.face, active: g.over ? null : g.current })));
    const r = g.riddle;
    riddleBox.hidden = !r;
    if (r) {
      replace(riddleBox, el("div", { class: "vc-riddle-head" }, letterCard(r.group, { extraClass: "big" }),
        el("div", { class: "vc-riddle-who" }, el("h2", { class: "aw-action-title", text: `Énigme pour ${seatName(r.asked)}` }),
          el("p", { class: "muted small", text: `${questionText(r.question)}, lue par ${seatName(r.reader)}` }))),
      el("blockquote", { class: "vc-definition", text: r.question.definition }),
      (r.answers || []).length ? el("ul", { class: "vc-tries" }, r.answers.map((a) => el("li", {}, whoNode(a.seat, seatName(a.seat)), el("s", { text: a.word })))) : null);
    }
    slider.value = String(index);
    counter.textContent = index === 0 ? `Début · ${last} actions` : `Action ${index} / ${last}`;
    btnFirst.disabled = btnPrev.disabled = index === 0;
    btnNext.disabled = btnLast.disabled = index === last;

    const told = added(index);
    replace(moveCard,
      index === 0
        ? el("h2", { class: "card-title" }, icon("play"), el("span", { text: "Début de la partie" }))
        : el("h2", { class: "card-title" }, whoNode(step.seat, seatName(step.seat)), el("span", { class: "card-title-extra", text: `action ${index}` })),
      told.length ? told.map((e) => el("p", { class: "replay-played" }, el("span", { text: historyText(e, seatName) })))
        : el("p", { class: "muted", text: index === 0 ? "Chaque joueur écrit son mot secret." : "" }));

    const heldAll = g.held || [];
    replace(playersCard,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: g.over ? "Fin de la partie" : "Joueurs" }), el("span", { class: "card-title-extra", text: "cartes-lettre" })),
      el("ul", { class: "player-list compact vc-player-list" }, seats.map((s, i) => {
        const word = secretAt(i, historyLength);
        const won = g.over && winners.includes(i);
        return el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, !g.over && g.current === i && index > 0 ? "active" : "", won ? "winner" : ""], dataset: { seat: String(i) } },
          avatarNode(s, seatName(i)),
          el("span", { class: "player-main" },
            el("span", { class: "player-name" }, el("span", { class: "vc-pawn-badge", "aria-label": `pion ${i + 1}`, text: String(i + 1) }),
              el("span", { class: "name-text", text: seatName(i) }), won ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null),
            word ? el("span", { class: "vc-secret-line" }, el("span", { class: "muted small", text: "Mot secret :" }), secretTiles(word, heldAll[i] || [])) : null,
            el("span", { class: "vc-held" }, (heldAll[i] || []).map((c) => letterCard(c, { extraClass: "small" })))),
          el("span", { class: "score-wrap" }, el("span", { class: "player-score", text: String((heldAll[i] || []).length) })));
      })));

    markCurrentStep(moveList, index);
    scrollToCurrentStep(moveList);
  }

  const unbindKeys = bindReplayKeys(go, () => index, () => last);
  paint();
  return unbindKeys;
}
