// Replay of a Volapük game: the round board at every step, each player's dice as a spectator
// saw them (the rolls of the player at turn are public), the word of each turn with its points,
// the scores. The list keeps the words and passes; the slider and the arrows go through every
// action, rolls included.

import { el, icon, replace, setTitle, errorBlock, signed, num, de, plural } from "./ui.js";
import { recordUrl } from "./api.js";
import { wordPopup } from "./lexicon.js";
import { SEAT_COLOURS, seatLabel, whoNode, avatarNode } from "./tablekit.js";
import { boardNode, lastCells, outcomeChips, playedText, END_REASONS, dieNode } from "./volapukdice.js";
import { othersDice } from "./volapukpanels.js";
import { markCurrentStep, bindReplayKeys } from "./replaykit.js";

export function renderVolapuk(main, id, data, info) {
  const steps = Array.isArray(data.steps) ? data.steps : [];
  if (!steps.length) {
    replace(main, errorBlock("Revoir la partie", "Cette partie ne contient aucun coup.", []));
    return () => {};
  }
  const seats = data.seats || (info && info.seats) || [];
  const title = data.title || (info && info.title) || "Volapük";
  setTitle(`Revoir · ${title}`);
  const seatName = (i) => seatLabel(seats, i);
  const gameOf = (step) => {
    const view = (step && step.view) || {};
    return view.game && typeof view.game === "object" ? view.game : view;
  };
  const last = steps.length - 1;
  let index = last;

  const boardBox = el("div", { class: "tw-boardzone vp-boardzone" });
  const counter = el("span", { class: "replay-counter", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: "0", max: String(last), value: String(index), class: "replay-slider", "aria-label": "Position dans la partie" });
  const nav = (name, label, tip, kind = "") => el("button", { type: "button", class: ["btn icon-only", kind], "aria-label": label, title: tip }, icon(name));
  const btnFirst = nav("first", "Début de la partie", "Début (Origine)");
  const btnPrev = nav("prev", "Action précédente", "Action précédente (←)");
  const btnNext = nav("next", "Action suivante", "Action suivante (→)", "primary");
  const btnLast = nav("last", "Fin de la partie", "Fin (Fin)");
  const moveCard = el("section", { class: "card replay-move", "aria-live": "polite" });
  const scoresCard = el("section", { class: "card replay-scores" });
  const moveList = el("ol", { class: "log-list" });
  const listCard = el("section", { class: "card replay-list" },
    el("h2", { class: "card-title" }, icon("book"), el("span", { text: "Les mots de la partie" })),
    el("div", { class: "log-scroll" }, moveList));
  btnFirst.addEventListener("click", () => go(0));
  btnPrev.addEventListener("click", () => go(index - 1));
  btnNext.addEventListener("click", () => go(index + 1));
  btnLast.addEventListener("click", () => go(last));
  slider.addEventListener("input", () => go(Number(slider.value)));

  const winners = data.winners || [];
  const finalScores = data.scores || [];
  replace(main, el("div", { class: "page replay-page vp-page vp-replay" },
    el("header", { class: "page-head replay-head" },
      el("div", {},
        el("p", { class: "eyebrow", text: "Revoir la partie" }),
        el("h1", { text: `${title} : ${seats.map((_, i) => seatName(i)).join(", ")}` }),
        el("p", { class: "muted", text: winners.length
          ? `${winners.length > 1 ? "Victoire partagée" : "Victoire"} ${de(winners.map(seatName).join(" et "))} · ${finalScores.map(num).join(" / ")} points`
          : "" })),
      el("div", { class: "row-actions" },
        el("a", { class: "btn", href: recordUrl(id), download: `volapuk-${id}.json` }, icon("download"), el("span", { text: "Télécharger (JSON)" })),
        el("a", { class: "btn ghost", href: `/table/${encodeURIComponent(id)}` }, icon("door"), el("span", { text: "Retour à la table" })))),
    el("div", { class: "replay-layout" },
      el("div", { class: "replay-main" }, boardBox,
        el("div", { class: "replay-controls", role: "group", "aria-label": "Navigation dans la partie" },
          btnFirst, btnPrev, slider, btnNext, btnLast, counter)),
      el("aside", { class: "replay-side" }, moveCard, scoresCard, listCard))));

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
      case "anagram": return { short: "annonce un anagramme", text: `${name} annonce un anagramme`, entry: null };
      case "define": return { short: "donne une définition", text: `${name} donne une définition`, entry: null };
      case "done": return { short: "termine ses annonces", text: `${name} termine ses annonces`, entry: null };
      default: return { short: a.type || "", text: a.type || "", entry: null };
    }
  }

  moveList.append(el("li", { class: "log-entry note" }, el("button", { type: "button", class: "step-link", dataset: { step: "0" }, onclick: () => go(0), text: "Début de la partie" })));
  steps.forEach((step, k) => {
    const type = step.action && step.action.type;
    if (k === 0 || !["place", "recompose", "pass"].includes(type)) return;
    const d = describe(k);
    moveList.append(el("li", { class: ["log-entry", d.entry ? "" : "note"] },
      el("span", { class: "log-num", text: String(k) }),
      el("button", { type: "button", class: "step-link", dataset: { step: String(k) }, onclick: () => go(k) },
        whoNode(step.seat, seatName(step.seat)), el("span", { class: d.entry ? "log-notation" : "muted small", text: d.short })),
      d.entry ? el("span", { class: ["log-score", d.entry.total < 0 ? "neg" : ""], text: signed(d.entry.total) }) : null));
  });

  function go(k) {
    index = Math.max(0, Math.min(last, k));
    paint();
  }

  function paint() {
    const step = steps[index];
    const g = gameOf(step);
    replace(boardBox, boardNode(g, { last: lastCells(g), label: "Le plateau à cette étape" }));
    slider.value = String(index);
    counter.textContent = index === 0 ? `Début · ${last} actions` : `Action ${index} / ${last}`;
    btnFirst.disabled = btnPrev.disabled = index === 0;
    btnNext.disabled = btnLast.disabled = index === last;

    if (index === 0) {
      replace(moveCard,
        el("h2", { class: "card-title" }, icon("play"), el("span", { text: "Début de la partie" })),
        el("p", { class: "muted", text: `Chacun prend un dé de chaque couleur et deux dés verts. ${seatName(g.first ?? 0)} commence ; la lettre Élue est ${g.elue}.` }),
        el("p", {}, dieNode({ colour: "jaune", face: g.elue }, { elue: g.elue, extraClass: "elue" })));
    } else {
      const d = describe(index);
      const parts = [
        el("h2", { class: "card-title" }, whoNode(step.seat, seatName(step.seat)), el("span", { class: "card-title-extra", text: `action ${index}` })),
        el("p", { class: "replay-played" }, el("span", { text: d.text }),
          d.entry ? el("span", { class: "replay-score", text: plural(d.entry.total, "point") }) : null),
      ];
      if (d.entry && d.entry.words && d.entry.words.length) {
        const main = d.entry.words[0];
        parts.push(el("p", { class: "replay-words" }, el("button", { type: "button", class: "word-link", text: main.text, "aria-label": `${main.text} : voir la définition`, onclick: () => wordPopup(main.text, "volapuk") })),
          el("p", { class: "preview-words" }, outcomeChips(d.entry)));
      }
      if (step.action && step.action.type === "roll") parts.push(othersDice(g, step.seat, g.elue));
      replace(moveCard, parts);
    }

    const scores = g.scores || [];
    const over = g.over;
    replace(scoresCard,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: over ? "Scores finaux" : "Scores" }),
        el("span", { class: "card-title-extra", text: `lettre Élue ${g.elue}` })),
      el("ul", { class: "player-list compact" }, seats.map((s, i) => el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, index > 0 && step.seat === i ? "active" : "", over && winners.includes(i) ? "winner" : ""] },
        avatarNode(s, seatName(i)),
        el("span", { class: "player-main" },
          el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
            over && winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null),
          othersDice(g, i, g.elue)),
        el("span", { class: "score-wrap" }, el("span", { class: "player-score", text: num(scores[i] ?? 0) }))))),
      over && g.end_reason ? el("p", { class: "muted small", text: END_REASONS[g.end_reason] || "" }) : null);

    markCurrentStep(moveList, index);
  }

  const unbindKeys = bindReplayKeys(go, () => index, () => last);
  paint();
  return unbindKeys;
}
