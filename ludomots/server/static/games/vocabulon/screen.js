// The Vocabulon table screen: the board of three rings (pawns, reachable cells after a throw,
// the path chosen), the riddle read aloud with its sand-glass and the answer field, the panel
// of what the player must do now (write or change the secret word, throw, move, a VOCABULON
// cell's choice, an exchange to accept), the players with their letter cards (and, for one's
// own seat only, the secret word with its letters won), the sabot, the history and the end.
//
// The server is authoritative and filters every view: this screen never sees another player's
// secret word nor a riddle's answer before it is revealed. It only keeps what the player is
// preparing (the cell chosen, the exchange being composed, the words typed).

import { el, icon, button, replace, toast, prefersReducedMotion } from "../../ui.js";
import { SEAT_COLOURS, whoNode, avatarNode, waitingText, renderBanner as fillBanner } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { play as sound } from "../../sound.js";
import {
  GROUPS, drawBoard, letterCard, secretTiles, historyText, endText, entrySeat, coverage, pathTowards,
  riddleTries,
} from "./board.js";
import { actionPanel } from "./panel.js";
import { wordPopup } from "../../wordpopup.js";

const STEP_LABELS = {
  secret: "Les mots secrets", throw: "Lancer du dé", move: "Déplacement du pion", vocabulon: "Case VOCABULON",
  respond: "Échange proposé", offer: "Lettre demandée", pick: "Choix d’une carte-lettre", answer: "Énigme", others: "Énigme : les autres répondent", over: "Fin de la partie",
};

export function mount(main, { id, info }) {
  const kit = tableScreen({
    id, info, game: "vocabulon", title: "Vocabulon", prefix: "vc",
    log: { title: "Journal de la partie", className: "card table-log vc-log" },
    state: {
      selected: null, // the cell chosen to move to
      direction: null, // and the way there, when chosen from the list of destinations
      swap: {}, // the exchange being composed: {give, to, take}
      offer: {}, // asked for the missing letter: {give, take} being composed
      stepKey: null,
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const chipsBox = el("div", { class: "aw-chips vc-chips" });
  const boardBox = el("section", { class: "vc-board", "aria-label": "Le plateau" });
  const riddleBox = el("section", { class: "card vc-riddle", hidden: true, "aria-live": "polite", "aria-label": "L’énigme" });
  const actionBox = el("section", { class: "card aw-action vc-action", hidden: true, "aria-label": "Votre action" });
  const playersBox = el("section", { class: "card table-players vc-players", "aria-label": "Joueurs et cartes-lettre" });
  const sabotBox = el("section", { class: "card table-tracking vc-sabot", "aria-labelledby": "vc-sabot-title" });

  // The answer field is kept across renders: a view arriving never interrupts typing.
  const answerInput = el("input", { id: "vc-answer", type: "text", maxlength: "40", autocomplete: "off", autocapitalize: "none", spellcheck: "false", class: "vc-answer-input", placeholder: "Votre réponse…" });
  const answerForm = el("form", { class: "vc-answer-form" },
    el("label", { for: "vc-answer", class: "visually-hidden", text: "Votre réponse" }),
    el("div", { class: "aw-word-line" }, answerInput,
      button("Répondre", { kind: "primary", iconName: "send", type: "submit" }),
      button("Je ne sais pas", { kind: "ghost", iconName: "pass", onClick: () => answer("") })));
  answerForm.addEventListener("submit", (e) => { e.preventDefault(); if (answerInput.value.trim()) answer(answerInput.value.trim()); else answerInput.focus(); });

  const page = kit.layout(main, {
    pageClass: "table-page vc-page",
    column: [banner, chipsBox, kit.infoBox, kit.endBox, riddleBox, actionBox, boardBox],
    side: [playersBox, kit.logBox, sabotBox],
  });
  // The sand-glass: its sand follows the answering seat's deadline.
  const glassTimer = setInterval(() => paintGlass(), 250);

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    view: ({ events, initial, prevGame }) => applyView(events, initial, prevGame),
    turn: focusForStep,
    preview: (result) => { st.preview = result; renderAction(); },
    status: renderAction,
    error: (msg) => { page.dataset.error = msg.code || "error"; },
    sent: () => { delete page.dataset.error; renderAction(); },
    endModal: showEndModal,
  });
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  // ---- views -----------------------------------------------------------------------------

  /** The game's part of a new view: what the player was preparing, the news. */
  function applyView(events, initial, prev) {
    const g = st.game;
    // What the player was preparing no longer applies once the step moves on.
    const key = `${g.step}:${g.turn}:${(g.to_act || []).join(",")}`;
    if (key !== st.stepKey) {
      st.stepKey = key;
      st.selected = null;
      st.direction = null;
      st.swap = {};
      st.offer = {};
      st.preview = null;
      if (!(g.step === "answer" && prev && prev.step === "answer")) answerInput.value = "";
    }
    if (!initial) ingest(events);
  }

  function ingest(events) {
    for (const ev of events) {
      const d = ev.data || {};
      if (ev.type === "timeout") toast(`Temps écoulé pour ${you(d.seat)}.`, { kind: "info" });
      else if (ev.type === "answer" && d.seat === st.seat && d.word && !d.correct) {
        sound("error");
        toast(`« ${d.word} » : ce n’est pas le mot.`, { kind: "info" });
        answerInput.value = "";
      } else if (ev.type === "solution" && d.winner !== null && d.winner !== undefined) sound("play");
      else if (ev.type === "move") sound("tile");
    }
  }

  function focusForStep() {
    requestAnimationFrame(() => {
      if (document.querySelector("dialog[open]") || !mustAct()) return;
      const target = answering() ? riddleBox : actionBox;
      const box = target.getBoundingClientRect();
      if (box.bottom > window.innerHeight || box.top < 0) target.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
      if (answering()) answerInput.focus({ preventScroll: true });
      else actionBox.querySelector("input, .btn.primary")?.focus({ preventScroll: true });
    });
  }

  // ---- derived state ---------------------------------------------------------------------

  const answering = () => mustAct() && (st.game.step === "answer" || st.game.step === "others");
  const you = (i) => (i === st.seat ? "vous" : seatName(i));
  const You = (i) => (i === st.seat ? "Vous" : seatName(i));
  const held = (s) => ((st.game && st.game.held) || [])[s] || [];

  // ---- actions ---------------------------------------------------------------------------

  const send = (action) => kit.sendAction(action);

  function answer(word) {
    if (answering()) send({ type: "answer", word });
  }

  /** Ask the server whether a secret word would be accepted (its French message if not). */
  function previewWord(type, word) {
    clearTimeout(st.previewTimer);
    if (!word.trim()) { st.preview = null; renderAction(); return; }
    kit.previewLater(() => ({ type, word }), 150);
  }

  /** A first click chooses the cell (and shows its path), a second one on it moves there. */
  function selectCell(cell, direction = null) {
    if (!mustAct() || st.game.step !== "move") return;
    if (st.selected === cell && (direction === null || direction === st.direction)) { send({ type: "move", cell }); return; }
    st.direction = direction; // null from the board: the first way there is shown
    st.selected = cell;
    sound("tile");
    renderBoard();
    renderAction();
  }

  // ---- rendering -------------------------------------------------------------------------

  function renderAll() {
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

  function renderBanner() {
    kit.renderBanner(() => (mustAct() ? { kind: "you", ...myBanner(st.game) } : { kind: "wait", ...otherBanner(st.game, toAct().length ? toAct()[0] : null) }), {
      overSub: () => endText({ reason: st.game.winners.length ? "word" : "rounds", winners: st.game.winners }, seatName),
      waiting: "En attente des joueurs…",
    });
  }

  function myBanner(g) {
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

  function otherBanner(g, actor) {
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

  function renderChips() {
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

  function renderBoard() {
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

  function renderRiddle() {
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
    replace(riddleBox,
      el("div", { class: "vc-riddle-head" },
        letterCard(r.group, { extraClass: "big" }),
        el("div", { class: "vc-riddle-who" },
          el("h2", { class: "aw-action-title", text: `Énigme pour ${you(r.asked)}` }),
          el("p", { class: "muted small", text: `${You(r.reader)} ${r.reader === st.seat ? "lisez" : "lit"} la carte du compartiment ${r.group}${r.via === "vocabulon" ? " (choisie sur une case VOCABULON)" : ""}.` })),
        total ? el("div", { class: "vc-glass", title: "Le sablier", dataset: { total: String(total), seat: String(current) } },
          el("span", { class: "vc-glass-sand" }), el("span", { class: "vc-glass-count", dataset: { clockSeat: String(current) } })) : null),
      el("div", { class: "vc-slots", "aria-label": `${q.length} lettres, commence par ${q.initial}` }, slots),
      el("p", { class: "vc-clues" },
        el("span", { class: "tag", text: `Initiale ${q.initial}` }), el("span", { class: "tag", text: `${q.length} lettres` }),
        el("span", { class: "tag", text: q.class_title }),
        r.clue ? el("span", { class: "tag", text: `Indice : ${r.clue.name} ${r.clue.letter}` }) : null),
      el("blockquote", { class: "vc-definition", text: q.definition }),
      tries.length ? el("ul", { class: "vc-tries" }, tries.map((a) => el("li", {}, whoNode(a.seat, seatName(a.seat)), el("s", { text: a.word })))) : null,
      g.step === "others" ? el("p", { class: "muted small", text: `${seatName(r.asked)} n’a pas trouvé. Répondent encore, dans l’ordre : ${r.queue.map(seatName).join(", ")}.` }) : null,
      mine ? answerForm : el("p", { class: "vc-waiting muted", text: `${current === r.asked ? seatName(current) : `${seatName(current)} (les autres joueurs)`} réfléchit…` }));
    answerInput.disabled = busy();
    for (const b of answerForm.querySelectorAll("button")) b.disabled = busy();
    paintGlass();
    kit.tick();
  }

  function paintGlass() {
    const glass = riddleBox.querySelector(".vc-glass");
    const clock = st.table && st.table.clock;
    if (!glass || !clock || !Array.isArray(clock.deadlines)) return;
    const deadline = clock.deadlines[Number(glass.dataset.seat)];
    const total = Number(glass.dataset.total) * 1000;
    const left = deadline ? Math.max(0, deadline - (Date.now() + st.clockSkew)) : 0;
    glass.style.setProperty("--sand", String(deadline && total ? Math.min(1, left / total) : 0));
    glass.classList.toggle("low", Boolean(deadline) && left < 10000);
  }

  function renderAction() {
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

  function renderPlayers() {
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

  function renderSabot() {
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

  function renderLog() {
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
  function definitionLink(e) {
    const word = e.type === "answer" ? e.word : e.type === "solution" ? e.answer : null;
    if (!word) return null;
    return el("button", { type: "button", class: "word-link vc-log-def", text: "définition", "aria-label": `${word} : voir la définition`, onclick: () => wordPopup(word, "vocabulon") });
  }

  function resultTable() {
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

  function renderEnd() {
    kit.renderEnd((g) => ({ summary: `${endText({ reason: g.winners.length ? "word" : "rounds", winners: g.winners }, seatName)} Les mots secrets sont dévoilés.`, table: resultTable }));
  }

  function showEndModal() {
    kit.endModal({ reason: endText({ reason: st.game.winners.length ? "word" : "rounds", winners: st.game.winners }, seatName), table: resultTable });
  }

  return kit.cleanup(() => clearInterval(glassTimer));
}
