// Vocabulon's table screen, the drawing: banner, chips, board, riddle and sand-glass, action
// panel, players, sabot, log and the end of the game.
// Each function takes the screen object `s` first (panels.js).

import { el, icon, button, replace, focusKeeper } from "../../ui.js";
import { SEAT_COLOURS, whoNode, avatarNode, waitingText } from "../../tablekit.js";
import {
  GROUPS, drawBoard, letterCard, secretTiles, historyText, endText, entrySeat, coverage, pathTowards, riddleTries,
} from "./board.js";
import { actionPanel } from "./panel.js";
import { wordPopup } from "../../wordpopup.js";
import { STEP_LABELS } from "./common.js";

export function renderAll(s) {
  const { kit, renderBanner, renderChips, renderBoard, renderRiddle, renderAction, renderPlayers, renderSabot, renderLog, renderEnd } = s;
  kit.renderRole();
  renderBanner();
  renderChips();
  kit.renderInfo();
  renderBoard();
  renderRiddle();
  renderAction();
  renderPlayers();
  renderSabot();
  renderLog();
  renderEnd();
}

export function renderBanner(s) {
  const { kit, mustAct, st, toAct, seatName, myBanner, otherBanner } = s;
  kit.renderBanner(() => (mustAct() ? { kind: "you", ...myBanner(st.game) } : { kind: "wait", ...otherBanner(st.game, toAct().length ? toAct()[0] : null) }), {
    overSub: () => endText({ reason: st.game.winners.length ? "word" : "rounds", winners: st.game.winners }, seatName),
    waiting: "En attente des joueurs…",
  });
}

export function myBanner(s, g) {
  const { st, seatName } = s;
  const r = g.riddle;
  switch (g.step) {
    case "secret": return { text: "Écrivez votre mot secret", sub: `${g.secret_lengths[st.seat]} lettres, dans le dictionnaire, sans verbe conjugué. Personne d’autre ne le verra.` };
    case "throw": return { text: "À vous : lancez le dé !", sub: g.blocked.length && !g.change_asked ? "Une lettre de votre mot ne peut plus être gagnée : vous pouvez changer de mot secret, si personne ne veut vous l’échanger." : "Le chiffre du dé donne le nombre de cases et la longueur du mot à deviner." };
    case "move": return { text: `Dé : ${g.face}. Choisissez votre case`, sub: `Avancez de ${g.steps} cases ; le mot à deviner aura ${g.length} lettres.` };
    case "vocabulon": return { text: "Case VOCABULON !", sub: "Choisissez la carte-lettre à gagner, ou proposez un échange à un joueur." };
    case "pick": return { text: "Échange refusé : choisissez une carte-lettre", sub: "L’énigme portera sur le compartiment choisi." };
    case "respond": return { text: `${seatName(g.exchange.from)} vous propose un échange`, sub: `Sa carte ${g.exchange.give} contre votre carte ${g.exchange.take}.${g.exchange.offer ? " Si vous refusez, vous gardez votre mot secret ce tour-ci." : ""}` };
    case "offer": return { text: `${seatName(g.request.seat)} vous demande une carte ${g.request.groups.join(", ")}`, sub: "Il ne peut plus la gagner dans le sabot : échangez-la contre une de ses cartes, ou refusez (il changera alors de mot si personne ne la lui échange)." };
    case "answer": return { text: "Devinez le mot avant la fin du sablier !", sub: `Carte-lettre ${r.group} en jeu. Vous pouvez proposer plusieurs réponses.` };
    case "others": return { text: "À vous de répondre !", sub: `${seatName(r.asked)} n’a pas trouvé : si vous connaissez le mot, la carte ${r.group} est à vous.` };
    default: return { text: "À vous de jouer", sub: null };
  }
}

export function otherBanner(s, g, actor) {
  const { seatName, toAct, isBot } = s;
  const who = actor !== null ? seatName(actor) : "";
  const bots = toAct().length > 0 && toAct().every(isBot);
  switch (g.step) {
    case "secret": return { text: "Chacun écrit son mot secret…", sub: `En attente : ${toAct().map(seatName).join(", ")}.` };
    case "answer": return { text: `${who} cherche le mot…`, sub: `Carte-lettre ${g.riddle.group} en jeu.` };
    case "others": return { text: `${who} tente sa chance…`, sub: "Les autres joueurs répondent chacun à leur tour." };
    case "respond": return { text: `${who} étudie l’échange proposé…`, sub: null };
    case "offer": return { text: `${seatName(g.request.seat)} demande une carte ${g.request.groups.join(", ")}…`, sub: `${who} décide s’il la lui échange.` };
    default: return { text: waitingText(toAct().map(seatName), bots), sub: null };
  }
}

export function renderChips(s) {
  const { st, chipsBox } = s;
  const g = st.game;
  if (!g) return;
  const o = g.options || {};
  replace(chipsBox,
    el("span", { class: ["aw-phase", `ph-${g.step}`] }, el("span", { class: "aw-phase-dot", "aria-hidden": "true" }), el("span", { text: STEP_LABELS[g.step] || g.step })),
    g.turn ? el("span", { class: "chip", text: `Tour ${g.turn}` }) : null,
    el("span", { class: "chip", text: `Sablier ${o.sandglass_seconds ? `${o.sandglass_seconds} s` : "sans limite"}` }),
    o.deck === "facile" ? el("span", { class: "chip", text: "Cartes faciles" }) : null,
    o.theme ? el("span", { class: "chip", text: `Thème : ${o.theme}` }) : null);
}

export function renderBoard(s) {
  const { st, mustAct, seated, boardBox, seatName, playing, busy, selectCell } = s;
  const g = st.game;
  if (!g) return;
  const moving = mustAct() && g.step === "move";
  const reach = moving ? g.reachable : [];
  const chosen = reach.find((r) => r.cell === st.selected);
  const mine = seated() && g.secret ? Object.keys(g.missing || {}) : [];
  replace(boardBox, el("div", { class: ["vc-board-frame", moving ? "moving" : ""] },
    drawBoard({
      positions: g.positions, seatName, reachable: reach.map((r) => r.cell), selected: st.selected,
      path: chosen ? pathTowards(chosen, st.direction) : [], need: mine, face: g.face, active: playing() ? g.current : null,
      onCell: moving && !busy() ? selectCell : null,
    })),
  el("p", { class: "vc-legend muted small" },
    el("span", { class: "vc-key ring-0" }), "anneau bleu ", el("span", { class: "vc-key ring-1" }), "jaune ", el("span", { class: "vc-key ring-2" }), "rouge ",
    el("span", { class: "vc-key voc" }), "VOCABULON (changement d’anneau)",
    mine.length ? [" · ", el("span", { class: "vc-key need" }), "lettres de votre mot"] : null));
}

export function renderRiddle(s) {
  const { st, riddleBox, answering, you, You, seatName, answerForm, answerInput, busy, paintGlass, kit } = s;
  const g = st.game;
  const r = g && g.riddle;
  riddleBox.hidden = !r;
  if (!r) return;
  const q = r.question;
  const tries = riddleTries(g.history);
  const current = g.step === "answer" ? r.asked : (r.queue || [])[0];
  const mine = answering();
  riddleBox.className = ["card", "vc-riddle", mine ? "mine" : ""].join(" ");
  const total = g.step === "answer" ? g.options.sandglass_seconds : g.options.others_seconds;
  const slots = Array.from({ length: q.length }, (_, i) => el("span", { class: ["vc-slot", i === 0 ? "given" : ""], text: i === 0 ? q.initial : r.clue && ((r.clue.kind === "deuxieme" && i === 1) || (r.clue.kind === "derniere" && i === q.length - 1)) ? r.clue.letter : "" }));
  const refocus = focusKeeper(riddleBox); // the answer field keeps its focus and caret
  replace(riddleBox,
    el("div", { class: "vc-riddle-head" },
      letterCard(r.group, { extraClass: "big" }),
      el("div", { class: "vc-riddle-who" },
        el("h2", { class: "aw-action-title", text: `Énigme pour ${you(r.asked)}` }),
        el("p", { class: "muted small", text: `${You(r.reader)} ${r.reader === st.seat ? "lisez" : "lit"} la carte du compartiment ${r.group}${r.via === "vocabulon" ? " (choisie sur une case VOCABULON)" : ""}.` })),
      total ? el("div", { class: "vc-glass", title: "Le sablier", dataset: { total: String(total), seat: String(current) } },
        el("span", { class: "vc-glass-sand" }), el("span", { class: "vc-glass-count", dataset: { clockDue: String(current) } })) : null),
    el("div", { class: "vc-slots", "aria-label": `${q.length} lettres, commence par ${q.initial}` }, slots),
    el("p", { class: "vc-clues" },
      el("span", { class: "tag", text: `Initiale ${q.initial}` }), el("span", { class: "tag", text: `${q.length} lettres` }),
      el("span", { class: "tag", text: q.class_title }),
      r.clue ? el("span", { class: "tag", text: `Indice : ${r.clue.name} ${r.clue.letter}` }) : null),
    el("blockquote", { class: "vc-definition", text: q.definition }),
    tries.length ? el("ul", { class: "vc-tries" }, tries.map((a) => el("li", {}, whoNode(a.seat, seatName(a.seat)), el("s", { text: a.word })))) : null,
    g.step === "others" ? el("p", { class: "muted small", text: `${seatName(r.asked)} n’a pas trouvé. Répondent encore, dans l’ordre : ${r.queue.map(seatName).join(", ")}.` }) : null,
    mine ? answerForm : el("p", { class: "vc-waiting muted", text: `${current === r.asked ? seatName(current) : `${seatName(current)} (les autres joueurs)`} réfléchit…` }));
  refocus();
  answerInput.disabled = busy();
  for (const b of answerForm.querySelectorAll("button")) b.disabled = busy();
  paintGlass();
  kit.tick();
}

export function paintGlass(s) {
  const { riddleBox, st } = s;
  const glass = riddleBox.querySelector(".vc-glass");
  const clock = st.table && st.table.clock;
  if (!glass || !clock || !Array.isArray(clock.deadlines)) return;
  const deadline = clock.deadlines[Number(glass.dataset.seat)];
  const total = Number(glass.dataset.total) * 1000;
  const left = deadline ? Math.max(0, deadline - (Date.now() + st.clockSkew)) : 0;
  glass.style.setProperty("--sand", String(deadline && total ? Math.min(1, left / total) : 0));
  glass.classList.toggle("low", Boolean(deadline) && left < 10000);
}

export function renderAction(s) {
  const { st, mustAct, answering, actionBox, page, seatName, busy, send, previewWord, selectCell, renderBoard, renderAction } = s;
  const g = st.game;
  const show = Boolean(g && mustAct() && !answering());
  actionBox.hidden = !show;
  page.classList.toggle("aw-acting", Boolean(g && mustAct()));
  if (!show) return;
  actionBox.className = `card aw-action vc-action step-${g.step}`;
  actionPanel(actionBox, {
    g, st, seatName, busy: busy(), send, previewWord, selectCell,
    redraw: () => { renderBoard(); renderAction(); },
  });
}

export function renderPlayers(s) {
  const { st, playersBox, seats, toAct, playing, held, seatName } = s;
  const g = st.game;
  if (!g || !st.table) return;
  replace(playersBox,
    el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Joueurs" }), el("span", { class: "card-title-extra", text: "cartes-lettre gagnées" })),
    el("ul", { class: "player-list vc-player-list" }, seats().map((s, i) => {
      const active = toAct().includes(i) && playing();
      const winner = g.over && (g.winners || []).includes(i);
      const own = i === st.seat && g.secret;
      const shown = own ? g.secret : (g.public_secrets || [])[i];
      const cards = held(i);
      return el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, active ? "active" : "", i === st.seat ? "me" : "", winner ? "winner" : ""], dataset: { seat: String(i) }, "aria-current": active ? "true" : undefined },
        avatarNode(s, seatName(i)),
        el("span", { class: "player-main" },
          el("span", { class: "player-name" },
            el("span", { class: "vc-pawn-badge", title: `Pion n° ${i + 1}`, "aria-label": `pion ${i + 1}`, text: String(i + 1) }),
            el("span", { class: "name-text", text: seatName(i) }),
            i === st.seat ? el("span", { class: "tag you-tag", text: "vous" }) : null,
            winner ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null,
            active ? el("span", { class: "player-clock", dataset: { clockSeat: String(i) } }) : null),
          el("span", { class: "vc-held" }, cards.length ? cards.map((c) => letterCard(c, { extraClass: "small" })) : el("span", { class: "muted small", text: "aucune carte" })),
          shown
            ? el("span", { class: "vc-secret-line" }, el("span", { class: "muted small", text: own && !(g.public_secrets || [])[i] ? "Votre mot secret :" : "Mot secret :" }), secretTiles(shown, cards))
            : el("span", { class: "muted small", text: (g.written || [])[i] ? `Mot secret de ${g.secret_lengths[i]} lettres` : "écrit son mot secret…" }),
          (g.former_secrets[i] || []).length ? el("span", { class: "muted small", text: `Ancien mot : ${g.former_secrets[i].join(", ")}` }) : null),
        el("span", { class: "score-wrap" }, el("span", { class: "player-score", "aria-label": `${g.scores[i]} cartes-lettre`, text: String(g.scores[i] ?? 0) })));
    })));
}

export function renderSabot(s) {
  const { st, sabotBox } = s;
  const g = st.game;
  if (!g) return;
  const sabot = g.sabot || {};
  const need = g.missing || {};
  replace(sabotBox,
    el("h2", { class: "card-title", id: "vc-sabot-title" }, icon("bag"), el("span", { text: "Cartes-lettre dans le sabot" }),
      el("span", { class: "card-title-extra", text: String(Object.values(sabot).reduce((a, b) => a + b, 0)) })),
    el("ul", { class: "vc-sabot-grid" }, GROUPS.map((gr) => el("li", { class: ["vc-sabot-cell", sabot[gr] ? "" : "gone", need[gr] ? "need" : ""], "aria-label": `${gr} : ${sabot[gr] || 0}` },
      el("span", { class: "vc-sabot-group", text: gr }), el("span", { class: "vc-dots", "aria-hidden": "true" }, [0, 1, 2].map((k) => el("span", { class: ["vc-dot", k < (sabot[gr] || 0) ? "on" : ""] })))))));
}

export function renderLog(s) {
  const { st, seatName, definitionLink, kit } = s;
  const g = st.game;
  if (!g) return;
  const items = (g.history || []).map((e) => {
    const seat = entrySeat(e);
    // The sentence names its players (by name: the verbs are in the third person); the
    // seat's colour marks whose entry it is, one's own entries are tinted.
    const coloured = seat !== null && seat !== undefined;
    return el("li", { class: ["log-entry", "note", `vc-log-${e.type}`, coloured ? `vc-by seat-${seat % SEAT_COLOURS}` : "", coloured && seat === st.seat ? "mine" : "", e.type === "answer" && !e.correct ? "wrong" : ""] },
      el("span", { class: "log-move", text: historyText(e, seatName) }), definitionLink(e));
  });
  kit.showLog(items, "La partie n’a pas commencé.");
}

/** The word an answer or a riddle's solution names, with its definitions a click away. */
export function definitionLink(s, e) {
  const word = e.type === "answer" ? e.word : e.type === "solution" ? e.answer : null;
  if (!word) return null;
  return el("button", { type: "button", class: "word-link vc-log-def", text: "définition", "aria-label": `${word} : voir la définition`, onclick: () => wordPopup(word, "vocabulon") });
}

export function resultTable(s) {
  const { st, seats, held, seatName } = s;
  const g = st.game;
  const winners = g.winners || [];
  return el("table", { class: "result-table vc-result" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", text: "Mot secret" }), el("th", { scope: "col", text: "Cartes-lettre" }))),
    el("tbody", {}, seats().map((_, i) => {
      const word = (g.public_secrets || [])[i];
      const cover = word ? coverage(word, held(i)) : [];
      return el("tr", { class: winners.includes(i) ? "winner" : "", dataset: { seat: String(i) } },
        el("th", { scope: "row" }, el("span", { class: "result-who" }, whoNode(i, seatName(i)), winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
        el("td", { class: "vc-result-word" }, word ? [secretTiles(word, held(i)), el("span", { class: "muted small", text: ` ${cover.filter((c) => c.won).length}/${cover.length}` })] : "—"),
        el("td", {}, el("span", { class: "vc-held" }, held(i).map((c) => letterCard(c, { extraClass: "small" })))));
    })));
}

export function renderEnd(s) {
  const { kit, seatName, resultTable } = s;
  kit.renderEnd((g) => ({ summary: `${endText({ reason: g.winners.length ? "word" : "rounds", winners: g.winners }, seatName)} Les mots secrets sont dévoilés.`, table: resultTable }));
}

export function showEndModal(s) {
  const { kit, st, seatName, resultTable } = s;
  kit.endModal({ reason: endText({ reason: st.game.winners.length ? "word" : "rounds", winners: st.game.winners }, seatName), table: resultTable });
}
