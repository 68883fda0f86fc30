// The Vocabulon table screen: the board of three rings (pawns, reachable cells after a throw,
// the path chosen), the riddle read aloud with its sand-glass and the answer field, the panel
// of what the player must do now (write or change the secret word, throw, move, a VOCABULON
// cell's choice, an exchange to accept), the players with their letter cards (and, for one's
// own seat only, the secret word with its letters won), the sabot, the history and the end.
//
// The server is authoritative and filters every view: this screen never sees another player's
// secret word nor a riddle's answer before it is revealed. It only keeps what the player is
// preparing (the cell chosen, the exchange being composed, the words typed).

import { el, icon, button, replace, setTitle, toast, prefersReducedMotion } from "./ui.js";
import { TableSocket, tokens } from "./socket.js";
import {
  SEAT_COLOURS, seatLabel, whoNode, avatarNode, renderConnChip, renderRoleChip, joinPanel, overText, waitingText,
  renderBanner as fillBanner, endLinks, showEndModal as tableEndModal, startClocks,
} from "./tablekit.js";
import { play as sound } from "./sound.js";
import {
  GROUPS, drawBoard, letterCard, secretTiles, historyText, endText, entrySeat, coverage, pathTowards,
} from "./vocaboard.js";
import { actionPanel } from "./vocapanel.js";

const STEP_LABELS = {
  secret: "Les mots secrets", throw: "Lancer du dé", move: "Déplacement du pion", vocabulon: "Case VOCABULON",
  respond: "Échange proposé", pick: "Choix d’une carte-lettre", answer: "Énigme", others: "Énigme : les autres répondent", over: "Fin de la partie",
};

export function mount(main, { id, info }) {
  const title = info.title || "Vocabulon";
  setTitle(title);
  const saved = tokens.get(id);
  const st = {
    token: saved ? saved.token : null, seat: null, table: null, game: null, conn: "connecting",
    selected: null, // the cell chosen to move to
    direction: null, // and the way there, when chosen from the list of destinations
    swap: {}, // the exchange being composed: {give, to, take}
    preview: null, previewSeq: 0, previewTimer: null,
    pending: null, actionSeq: 0, clockSkew: 0, endAnnounced: false, stepKey: null,
  };
  let alive = true;

  // ---- skeleton --------------------------------------------------------------------------

  const connChip = el("span", { class: "conn-chip", role: "status" });
  const roleChip = el("span", { class: "chip role-chip" });
  const banner = el("div", { class: "tw-banner", role: "status", "aria-live": "polite" });
  const chipsBox = el("div", { class: "aw-chips vc-chips" });
  const infoBox = el("div", { class: "tw-info" });
  const endBox = el("section", { class: "card tw-end vc-end", hidden: true, "aria-labelledby": "vc-end-title" });
  const boardBox = el("section", { class: "vc-board", "aria-label": "Le plateau" });
  const riddleBox = el("section", { class: "card vc-riddle", hidden: true, "aria-live": "polite", "aria-label": "L’énigme" });
  const actionBox = el("section", { class: "card aw-action vc-action", hidden: true, "aria-label": "Votre action" });
  const playersBox = el("section", { class: "card tw-players vc-players", "aria-label": "Joueurs et cartes-lettre" });
  const sabotBox = el("section", { class: "card tw-tracking vc-sabot", "aria-labelledby": "vc-sabot-title" });
  const logList = el("ol", { class: "log-list" });
  const logBox = el("section", { class: "card tw-log vc-log", "aria-labelledby": "vc-log-title" },
    el("h2", { class: "card-title", id: "vc-log-title" }, icon("book"), el("span", { text: "Journal de la partie" })),
    el("div", { class: "log-scroll" }, logList));

  // The answer field is kept across renders: a view arriving never interrupts typing.
  const answerInput = el("input", { id: "vc-answer", type: "text", maxlength: "40", autocomplete: "off", autocapitalize: "none", spellcheck: "false", class: "vc-answer-input", placeholder: "Votre réponse…" });
  const answerForm = el("form", { class: "vc-answer-form" },
    el("label", { for: "vc-answer", class: "visually-hidden", text: "Votre réponse" }),
    el("div", { class: "aw-word-line" }, answerInput,
      button("Répondre", { kind: "primary", iconName: "send", type: "submit" }),
      button("Je ne sais pas", { kind: "ghost", iconName: "pass", onClick: () => answer("") })));
  answerForm.addEventListener("submit", (e) => { e.preventDefault(); if (answerInput.value.trim()) answer(answerInput.value.trim()); else answerInput.focus(); });

  const head = el("header", { class: "tw-head" },
    el("div", { class: "tw-head-title" }, el("h1", { text: title }), roleChip, connChip),
    el("nav", { class: "tw-links", "aria-label": "Liens de la table" },
      el("a", { class: "btn ghost small", href: "/regles/vocabulon", target: "_blank", rel: "noopener" }, icon("book"), el("span", { text: "Règles" })),
      el("a", { class: "btn ghost small", href: "/lexique", target: "_blank", rel: "noopener" }, icon("search"), el("span", { text: "Dictionnaire" }))));
  const page = el("div", { class: "tw-page vc-page" }, head,
    el("div", { class: "tw-layout" },
      el("div", { class: "tw-main" }, banner, chipsBox, infoBox, endBox, riddleBox, actionBox, boardBox),
      el("aside", { class: "tw-side" }, playersBox, logBox, sabotBox)));
  replace(main, page);
  const clocks = startClocks(page, () => ({ table: st.table, skew: st.clockSkew, playing: playing() }),
    () => (toAct().length ? toAct()[0] : null));
  // The sand-glass: its sand follows the answering seat's deadline.
  const glassTimer = setInterval(() => paintGlass(), 250);

  // ---- connection ------------------------------------------------------------------------

  const socket = new TableSocket(id, {
    token: st.token,
    onMessage: handleMessage,
    onStatus: (status) => { st.conn = status; renderConnChip(connChip, status); renderAction(); },
  });
  socket.connect();
  renderConnChip(connChip, st.conn);
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  function handleMessage(msg) {
    if (!alive) return;
    if (msg.type === "welcome") {
      if (msg.seat !== undefined) st.seat = msg.seat;
      applyView(msg.view, [], true);
    } else if (msg.type === "update") {
      applyView(msg.view, Array.isArray(msg.events) ? msg.events : [], false);
    } else if (msg.type === "preview") {
      if (msg.id === st.previewSeq) { st.preview = msg.result || null; renderAction(); }
    } else if (msg.type === "error") {
      const message = msg.message || "Action refusée.";
      if (typeof msg.id === "number") {
        if (msg.id === st.previewSeq) { st.preview = { legal: false, message }; renderAction(); }
        return;
      }
      if (msg.code === "bad_token") { tokens.remove(id); st.token = null; st.seat = null; }
      st.pending = null;
      sound("error");
      toast(message, { kind: "error" });
      page.dataset.error = msg.code || "error";
      renderAll();
    }
  }

  // ---- views -----------------------------------------------------------------------------

  function applyView(view, events, initial) {
    if (!view || !view.game || !view.table) return;
    const prev = st.game;
    const wasMine = mustAct();
    st.table = view.table;
    st.game = view.game;
    if (view.table.you !== undefined) st.seat = view.table.you;
    const clock = view.table.clock;
    if (clock && clock.now) st.clockSkew = clock.now - Date.now();
    const g = st.game;
    page.dataset.actions = String(view.table.actions ?? "");
    page.dataset.step = String(g.step || "");
    page.dataset.mine = mustAct() ? "true" : "false";
    if (!initial) st.pending = null;
    // What the player was preparing no longer applies once the step moves on.
    const key = `${g.step}:${g.turn}:${(g.to_act || []).join(",")}`;
    if (key !== st.stepKey) {
      st.stepKey = key;
      st.selected = null;
      st.direction = null;
      st.swap = {};
      st.preview = null;
      if (!(g.step === "answer" && prev && prev.step === "answer")) answerInput.value = "";
    }
    if (!initial) ingest(events);
    renderAll();
    if (mustAct() && (initial || !wasMine)) {
      if (!initial) sound("turn");
      focusForStep();
    }
    if (g.over && !st.endAnnounced) {
      st.endAnnounced = true;
      if (prev && !prev.over) {
        sound("end");
        setTimeout(() => { if (alive) showEndModal(); }, prefersReducedMotion() ? 0 : 500);
      }
    }
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

  const seats = () => (st.table && Array.isArray(st.table.seats) ? st.table.seats : []);
  const seated = () => st.seat !== null && st.seat !== undefined;
  const toAct = () => (st.game ? st.game.to_act || [] : []);
  const playing = () => Boolean(st.table && st.table.status === "playing" && st.game && !st.game.over);
  const mustAct = () => seated() && playing() && toAct().includes(st.seat);
  const answering = () => mustAct() && (st.game.step === "answer" || st.game.step === "others");
  const seatName = (i) => seatLabel(seats(), i);
  const isBot = (i) => Boolean(seats()[i] && seats()[i].kind === "bot");
  const busy = () => Boolean(st.pending) || st.conn !== "open";
  const you = (i) => (i === st.seat ? "vous" : seatName(i));
  const You = (i) => (i === st.seat ? "Vous" : seatName(i));
  const held = (s) => ((st.game && st.game.held) || [])[s] || [];

  // ---- actions ---------------------------------------------------------------------------

  function send(action) {
    if (st.pending) return false;
    st.actionSeq += 1;
    if (!socket.send({ type: "action", id: `a${st.actionSeq}`, action })) {
      toast("Connexion perdue : reconnexion en cours, réessayez dans un instant.");
      return false;
    }
    st.pending = action;
    delete page.dataset.error;
    renderAction();
    return true;
  }

  function answer(word) {
    if (answering()) send({ type: "answer", word });
  }

  /** Ask the server whether a secret word would be accepted (its French message if not). */
  function previewWord(type, word) {
    clearTimeout(st.previewTimer);
    if (!word.trim()) { st.preview = null; renderAction(); return; }
    st.previewTimer = setTimeout(() => {
      st.previewSeq += 1;
      socket.send({ type: "preview", id: st.previewSeq, action: { type, word } });
    }, 150);
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
    renderRoleChip(roleChip, seated() ? st.seat : null, seated() ? seatName(st.seat) : "");
    renderBanner();
    renderChips();
    replace(infoBox, st.table ? joinPanel({ id, table: st.table, seated: seated(), seatName, socket, onJoined: (res) => { st.token = res.token; st.seat = res.seat; } }) : null);
    renderBoard();
    renderRiddle();
    renderAction();
    renderPlayers();
    renderSabot();
    renderLog();
    renderEnd();
  }

  function renderBanner() {
    const t = st.table;
    const g = st.game;
    if (!t || !g) return;
    let kind = "wait";
    let text;
    let sub = null;
    const actor = toAct().length ? toAct()[0] : null;
    if (t.status === "broken") { kind = "error"; text = "Partie suspendue : son historique est incohérent."; }
    else if (g.over || t.status === "over") { kind = "over"; text = overText(g.winners || [], st.seat, seatName); sub = endText({ reason: g.winners.length ? "word" : "rounds", winners: g.winners }, seatName); }
    else if (t.status === "waiting") { text = "En attente des joueurs…"; }
    else if (mustAct()) { kind = "you"; ({ text, sub } = myBanner(g)); }
    else ({ text, sub } = otherBanner(g, actor));
    setTitle(kind === "you" ? `À vous ! · ${title}` : title);
    fillBanner(banner, { kind, text, sub });
    clocks.tick();
  }

  function myBanner(g) {
    const r = g.riddle;
    switch (g.step) {
      case "secret": return { text: "Écrivez votre mot secret", sub: `${g.secret_lengths[st.seat]} lettres, dans le dictionnaire, sans verbe conjugué. Personne d’autre ne le verra.` };
      case "throw": return { text: "À vous : lancez le dé !", sub: g.blocked.length ? "Une lettre de votre mot ne peut plus être gagnée : vous pouvez changer de mot secret." : "Le chiffre du dé donne le nombre de cases et la longueur du mot à deviner." };
      case "move": return { text: `Dé : ${g.face}. Choisissez votre case`, sub: `Avancez de ${g.steps} cases ; le mot à deviner aura ${g.length} lettres.` };
      case "vocabulon": return { text: "Case VOCABULON !", sub: "Choisissez la carte-lettre à gagner, ou proposez un échange à un joueur." };
      case "pick": return { text: "Échange refusé : choisissez une carte-lettre", sub: "L’énigme portera sur le compartiment choisi." };
      case "respond": return { text: `${seatName(g.exchange.from)} vous propose un échange`, sub: `Sa carte ${g.exchange.give} contre votre carte ${g.exchange.take}.` };
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
      (r.answers || []).length ? el("ul", { class: "vc-tries" }, r.answers.map((a) => el("li", {}, whoNode(a.seat, seatName(a.seat)), el("s", { text: a.word })))) : null,
      g.step === "others" ? el("p", { class: "muted small", text: `${seatName(r.asked)} n’a pas trouvé. Répondent encore, dans l’ordre : ${r.queue.map(seatName).join(", ")}.` }) : null,
      mine ? answerForm : el("p", { class: "vc-waiting muted", text: `${current === r.asked ? seatName(current) : `${seatName(current)} (les autres joueurs)`} réfléchit…` }));
    answerInput.disabled = busy();
    for (const b of answerForm.querySelectorAll("button")) b.disabled = busy();
    paintGlass();
    clocks.tick();
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
        el("span", { class: "log-move", text: historyText(e, seatName) }));
    });
    replace(logList, items.length ? items : el("li", { class: "log-empty muted", text: "La partie n’a pas commencé." }));
    const scroller = logList.parentElement;
    requestAnimationFrame(() => { scroller.scrollTop = scroller.scrollHeight; });
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
    const g = st.game;
    if (!g || !g.over) { endBox.hidden = true; return; }
    endBox.hidden = false;
    replace(endBox,
      el("h2", { class: "card-title", id: "vc-end-title" }, icon("trophy"), el("span", { text: "Fin de la partie" })),
      el("p", { class: "muted", text: `${endText({ reason: g.winners.length ? "word" : "rounds", winners: g.winners }, seatName)} Les mots secrets sont dévoilés.` }),
      resultTable(), endLinks(id, "vocabulon"));
  }

  function showEndModal() {
    tableEndModal({
      winners: st.game.winners || [], seat: seated() ? st.seat : null, seatName,
      content: el("div", {}, el("p", { class: "muted", text: endText({ reason: st.game.winners.length ? "word" : "rounds", winners: st.game.winners }, seatName) }), resultTable(), endLinks(id, "vocabulon")),
    });
  }

  return () => {
    alive = false;
    socket.close();
    clocks.stop();
    clearInterval(glassTimer);
    clearTimeout(st.previewTimer);
    for (const d of document.querySelectorAll("dialog.modal")) d.close();
  };
}
