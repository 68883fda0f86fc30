// The Typo table screen: the four rows of cards, your hand, the hidden choice of a card, the
// resolution of the revealed cards (row, side and word, or "Je ne peux pas"), the vote on an
// announced word, scores (points lost, bonuses), the dictionary holder, the log of words, the end.
//
// The server is authoritative: this screen only keeps what the player is preparing (the card
// picked in the hand, the row end chosen, the word being typed) and redraws from every view.

import { el, icon, button, replace, toast, modal, plural, signed, num, de } from "../../ui.js";
import { SEAT_COLOURS, whoNode, playerItem, waitingText, showKeysHelp } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { DECK, cardNode, partLabel } from "./cards.js";
import { play as sound } from "../../sound.js";
import { wordPopup } from "../../wordpopup.js";

const ROW_COUNT = 4;

const LETTERS = Object.keys(DECK).sort();
const SIDE_LABELS = { left: "à gauche", right: "à droite" };

export function mount(main, { id, info }) {
  const kit = tableScreen({
    id, info, game: "typo", title: "Typo", prefix: "ty", help: showHelp, myClockFirst: true,
    log: { title: "Mots annoncés", className: "card table-log" },
    state: {
      picked: null, // letter picked in the hand (before confirming the choice)
      target: null, // {row, side} chosen to place my card
      failing: false, // "Je ne peux pas": choosing the longest row to discard
      prefill: "",
      failModal: null, // the open « Vous ne pouvez pas placer votre carte ? », closed when time is up
      log: [],
      flash: null, // the last verdict / failure, shown over the rows for a while
      lastResolver: null,
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, banner, sendAction } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const partBox = el("div", { class: "ty-part" });
  const stage = el("section", { class: "ty-stage", "aria-label": "Cartes révélées" });
  const rowsBox = el("section", { class: "ty-table", "aria-label": "Les quatre rangées" });
  const resolveBox = el("section", { class: "card ty-resolve", "aria-label": "Poser votre carte", hidden: true });
  const handBox = el("section", { class: "ty-handzone", "aria-label": "Votre main" });
  const playersBox = el("section", { class: "card table-players", "aria-label": "Joueurs et scores" });
  const unseenBox = el("section", { class: "card table-tracking", "aria-labelledby": "ty-unseen-title" });

  // The word form (kept across renders so typing is never interrupted).
  const wordInput = el("input", {
    id: "ty-word", type: "text", maxlength: "40", autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", class: "ty-word-input", placeholder: "Votre mot", "aria-describedby": "ty-preview",
  });
  const previewLine = el("div", { class: "ty-preview", id: "ty-preview", "aria-live": "polite" });
  const announceBtn = button("Annoncer", { kind: "primary", iconName: "check", type: "submit" });
  const cannotBtn = button("Je ne peux pas", { kind: "danger", iconName: "close", onClick: () => {
    if (st.failing) { st.failing = false; renderAll(); } else startFailing();
  } });
  const wordForm = el("form", { class: "ty-word-form" },
    el("label", { for: "ty-word", class: "ty-word-label", text: "Mot annoncé" }),
    el("div", { class: "inline ty-word-line" }, wordInput, announceBtn));
  // The word is written in capitals, as the cards and the rows (what was typed in lower case
  // showed as « taXQWZ » in the log); the caret stays where it was.
  wordInput.addEventListener("input", () => {
    const { selectionStart: a, selectionEnd: b } = wordInput;
    const upper = wordInput.value.toLocaleUpperCase("fr-FR");
    if (upper !== wordInput.value && upper.length === wordInput.value.length) {
      wordInput.value = upper;
      wordInput.setSelectionRange(a, b);
    }
    requestPreview();
  });
  wordInput.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); st.target = null; wordInput.value = ""; wordInput.blur(); renderAll(); }
  });
  wordForm.addEventListener("submit", (e) => { e.preventDefault(); announce(); });

  kit.layout(main, {
    pageClass: "table-page ty-page",
    column: [banner, partBox, kit.infoBox, kit.endBox, stage, rowsBox, resolveBox, handBox],
    side: [playersBox, kit.logBox, unseenBox],
  });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    view: ({ events, initial }) => applyView(events, initial),
    preview: (result) => { st.preview = result; renderPreview(); },
    status: () => { renderResolve(); renderHand(); },
    sent: () => { renderResolve(); renderHand(); },
    endModal: showEndModal,
    prompt: () => (mustChoose() ? handBox : myResolve() && !resolveBox.hidden ? resolveBox : null),
  });
  banner.replaceChildren(el("span", { class: "banner-text", text: "Connexion à la table…" }));

  // ---- views -----------------------------------------------------------------------------

  /** The game's part of a new view: the log, and what the player was preparing. */
  function applyView(events, initial) {
    if (initial) seedLog();
    ingest(events);

    const g = st.game;
    // What the player was preparing no longer applies once the step moves on (the time ran
    // out: the question « Vous ne pouvez pas placer votre carte ? » is no longer asked).
    if (st.failModal && !myResolve() && !myDiscard()) { st.failModal.close(false); st.failModal = null; }
    if (!myResolve()) { st.target = null; st.failing = false; st.preview = null; wordInput.value = ""; st.prefill = ""; wordInput.placeholder = "Votre mot"; }
    if (g.step !== "discard" && !myResolve()) st.failing = false;
    if (!mustChoose() || !(g.hand || []).includes(st.picked)) st.picked = null;
    if (st.target && myResolve()) requestPreview();
    if (myResolve() && st.lastResolver !== `${g.round}:${g.queue.length}`) {
      st.lastResolver = `${g.round}:${g.queue.length}`;
      // After the redraw: the first end of a row takes the focus.
      requestAnimationFrame(() => {
        const first = rowsBox.querySelector(".ty-zone");
        if (first && !document.querySelector("dialog[open]") && document.activeElement !== wordInput) first.focus({ preventScroll: true });
      });
    }
  }

  /** On arrival, the words of the current round (earlier ones are not in the view). */
  function seedLog() {
    const g = st.game;
    st.log = [];
    if (g.round > 1 || g.part > 1) st.log.push({ kind: "note", text: "Les tours précédents ne sont pas listés." });
    for (const p of g.played || []) {
      if (p.type === "placed") {
        st.log.push({ kind: "word", seat: p.seat, word: p.word, row: p.row, side: p.side, card: p.card, status: p.bonus ? "valid" : "ok", bonus: p.bonus || 0 });
      } else if (p.type === "failed") {
        if (p.refused && p.word) st.log.push({ kind: "word", seat: p.seat, word: p.word, card: p.card, status: "refused" });
        st.log.push({ kind: "fail", seat: p.seat, card: p.card, row: p.row, points: p.points, discarded: p.discarded, refused: p.refused });
      }
    }
    if (g.pending) st.log.push({ kind: "word", seat: g.pending.seat, word: g.pending.word, row: g.pending.row, side: g.pending.side, card: g.pending.card, status: "pending" });
  }

  function lastWordOf(seat) {
    for (let i = st.log.length - 1; i >= 0; i--) {
      const e = st.log[i];
      if (e.kind === "word" && e.seat === seat) return e;
    }
    return null;
  }

  function ingest(events) {
    const challenge = st.game.options && st.game.options.referee === "challenge";
    for (const ev of events) {
      const d = ev.data || {};
      switch (ev.type) {
        case "place":
          st.log.push({ kind: "word", seat: d.seat, word: d.word, row: d.row, side: d.side, card: d.card, status: challenge ? "pending" : "ok" });
          st.flash = null;
          sound("play");
          break;
        case "votes": {
          const e = lastWordOf(d.seat);
          if (e) { e.doubters = d.doubters || []; if (!d.challenged) e.status = "ok"; }
          if (!d.challenged) st.flash = { kind: "trusted", seat: d.seat, word: e ? e.word : "", doubters: d.doubters || [] };
          break;
        }
        case "verdict": {
          const e = lastWordOf(d.seat);
          if (e) { e.status = d.valid ? "valid" : "refused"; e.bonus = d.bonus || 0; }
          st.flash = { kind: d.valid ? "valid" : "refused", seat: d.seat, word: d.word, bonus: d.bonus || 0, doubters: e ? e.doubters || [] : [] };
          sound(d.valid ? "play" : "error");
          break;
        }
        case "fail":
          st.log.push({ kind: "fail", seat: d.seat, card: d.card, row: d.row, points: d.points, discarded: d.discarded, refused: d.refused });
          st.flash = { kind: "fail", seat: d.seat, card: d.card, row: d.row, points: d.points, discarded: d.discarded, refused: d.refused, word: d.word };
          break;
        case "reveal":
          st.log.push({ kind: "note", text: `Tour ${st.game.round} : ${d.order.map((s) => `${seatName(s)} ${d.cards[s]}`).join(", ")}` });
          break;
        case "second_part":
          st.log.push({ kind: "note", strong: true, text: "Seconde partie : anti-alphabétique, de Z à A." });
          break;
        case "game_over":
          st.log.push({ kind: "note", strong: true, text: "Fin de la partie." });
          break;
        default:
          break;
      }
    }
    if (st.log.length > 400) st.log.splice(0, st.log.length - 400);
  }

  // ---- derived state ---------------------------------------------------------------------

  const mustChoose = () => mustAct() && st.game.step === "choose";
  const myResolve = () => mustAct() && st.game.step === "place";
  const myDiscard = () => mustAct() && st.game.step === "discard";
  const mustVote = () => mustAct() && st.game.step === "vote";

  function myCard() {
    const g = st.game;
    return g && g.revealed && seated() ? g.revealed[st.seat] : null;
  }

  /** Seats in resolution order this round: those already resolved, then the queue. */
  function resolutionOrder() {
    const g = st.game;
    if (!g || !g.revealed) return [];
    const done = (g.played || []).map((p) => p.seat);
    const order = [...done, ...(g.queue || []).filter((s) => !done.includes(s))];
    for (let s = 0; s < g.revealed.length; s++) if (!order.includes(s)) order.push(s);
    return order;
  }

  function placedRow(row, card, side) {
    return side === "left" ? card + row : row + card;
  }

  // ---- actions ---------------------------------------------------------------------------

  function pick(letter) {
    if (!mustChoose()) return;
    st.picked = letter;
    sound("tile");
    renderHand();
  }

  function confirmChoice(letter = st.picked) {
    if (!mustChoose() || !letter) return;
    st.picked = letter;
    if (sendAction({ type: "choose", card: letter })) sound("play");
  }

  function selectTarget(row, side) {
    if (!myResolve() || st.pendingAction) return;
    st.failing = false;
    st.target = { row, side };
    const g = st.game;
    // The letters the word must contain are shown, never typed for the player: typing the
    // whole word over a pre-filled « ho » gave « HOHOMME ».
    const made = placedRow(g.rows[row], myCard(), side).toLocaleUpperCase("fr-FR");
    wordInput.placeholder = `Un mot avec ${made}…`;
    st.prefill = made;
    sound("tile");
    renderRows();
    renderResolve();
    requestPreview();
    wordInput.focus();
    const end = wordInput.value.length;
    wordInput.setSelectionRange(end, end);
  }

  function requestPreview() {
    clearTimeout(st.previewTimer);
    if (!st.target || !myResolve()) { st.preview = null; renderPreview(); return; }
    const word = wordInput.value.trim();
    if (!word) { st.preview = null; renderPreview(); return; }
    st.preview = { waiting: true };
    const { row, side } = st.target;  // the target may change or clear before the timer fires
    kit.previewLater(() => ({ type: "place", row, side, word }), 120);
    renderPreview();
  }

  function announce() {
    if (!myResolve()) return;
    if (!st.target) { toast("Choisissez d’abord une rangée et un côté (cliquez sur une extrémité).", { kind: "info" }); return; }
    const word = wordInput.value.trim();
    if (!word) { toast("Tapez le mot que vous annoncez.", { kind: "info" }); wordInput.focus(); return; }
    sendAction({ type: "place", row: st.target.row, side: st.target.side, word });
  }

  function startFailing() {
    if (!myResolve() || st.pendingAction) return;
    const longest = st.game.longest_rows || [];
    if (longest.length === 1) {
      confirmFail(longest[0]);
      return;
    }
    st.failing = true;
    st.target = null;
    renderAll();
    requestAnimationFrame(() => { const b = rowsBox.querySelector(".ty-discard-btn"); if (b) b.focus(); });
  }

  async function confirmFail(row) {
    const g = st.game;
    const n = g.rows[row].length + (myDiscard() ? 2 : 0);
    const m = modal({
      title: myDiscard() ? "Défausser cette rangée ?" : "Vous ne pouvez pas placer votre carte ?",
      content: el("div", { class: "ty-fail-modal" },
        el("p", { text: `La rangée ${row + 1} (${g.rows[row]}) part à la défausse et votre ${myCard()} commence une nouvelle rangée.` }),
        el("p", { class: "ty-fail-cost" }, "Vous perdez ", el("strong", { text: plural(n, "point") }), " et prenez le dictionnaire.")),
      actions: [{ label: "Annuler", value: false }, { label: "Défausser la rangée", value: true, kind: "danger", iconName: "close", autofocus: true }],
    });
    st.failModal = m;
    const ok = await m.result;
    if (st.failModal === m) st.failModal = null;
    if (ok && (myResolve() || myDiscard())) {
      st.failing = false;
      sendAction({ type: "fail", row });
    }
  }

  function vote(doubt) {
    if (!mustVote()) return;
    sendAction({ type: "vote", doubt });
  }

  // ---- keyboard --------------------------------------------------------------------------

  kit.onKeys((event) => {
    const key = event.key;
    if (mustChoose()) {
      const hand = st.game.hand || [];
      const letter = key.length === 1 ? key.toUpperCase() : "";
      if (letter && hand.includes(letter)) { event.preventDefault(); pick(letter); focusPicked(); return; }
      if (key === "ArrowLeft" || key === "ArrowRight") {
        event.preventDefault();
        const uniq = [...new Set(hand)];
        const i = uniq.indexOf(st.picked);
        const next = i < 0 ? 0 : (i + (key === "ArrowRight" ? 1 : -1) + uniq.length) % uniq.length;
        pick(uniq[next]);
        focusPicked();
        return;
      }
      if ((key === "Enter" || key === " ") && st.picked && !(event.target instanceof HTMLButtonElement)) { event.preventDefault(); confirmChoice(); }
      return;
    }
    if (myResolve()) {
      if (/^[1-4]$/.test(key)) { event.preventDefault(); selectTarget(Number(key) - 1, st.target ? st.target.side : "right"); return; }
      if ((key === "ArrowLeft" || key === "ArrowRight") && st.target) { event.preventDefault(); selectTarget(st.target.row, key === "ArrowLeft" ? "left" : "right"); return; }
      if (key === "!" || key === "Delete") { event.preventDefault(); startFailing(); return; }
      return;
    }
    if (mustVote()) {
      if (key === "d" || key === "D") { event.preventDefault(); vote(true); }
      else if (key === "c" || key === "C") { event.preventDefault(); vote(false); }
    }
  });

  function focusPicked() {
    requestAnimationFrame(() => { const b = handBox.querySelector(".ty-hand-card.picked"); if (b) b.focus(); });
  }

  // ---- rendering -------------------------------------------------------------------------

  function renderAll() {
    kit.renderRole();
    renderBanner();
    renderPart();
    kit.renderInfo();
    renderStage();
    renderRows();
    renderResolve();
    renderHand();
    renderPlayers();
    renderUnseen();
    renderLog();
    renderEnd();
  }

  function renderBanner() {
    kit.renderBanner(() => {
      const g = st.game;
      const names = toAct().map(seatName);
      if (g.step === "choose") {
        if (mustChoose()) return { kind: "you", text: "Choisissez une carte", sub: "Elle reste cachée jusqu’à ce que tout le monde ait choisi." };
        if (seated() && g.my_choice) return { kind: "wait", text: `Vous avez choisi ${g.my_choice}.`, sub: `En attente : ${names.join(", ")}.` };
        return { kind: "wait", text: "Chacun choisit une carte en secret…", sub: names.length ? `En attente : ${names.join(", ")}.` : null };
      }
      if (g.step === "place") {
        const r = g.resolver;
        if (myResolve()) {
          return { kind: "you", text: `À vous : placez votre ${myCard()}`, sub: st.failing ? "Choisissez la plus longue rangée à défausser."
            : "Cliquez sur une extrémité de rangée, puis annoncez un mot qui commence par cette rangée." };
        }
        return { kind: "wait", text: isBot(r) ? `${seatName(r)} place son ${g.revealed[r]}…` : `Au tour ${de(seatName(r))} de placer son ${g.revealed[r]}` };
      }
      if (g.step === "vote") {
        const p = g.pending;
        if (mustVote()) return { kind: "you", text: `${seatName(p.seat)} annonce « ${p.word} »`, sub: "Doutez-vous de ce mot ? Si la moitié des autres joueurs doute, le dictionnaire tranche." };
        if (seated() && p.seat === st.seat) return { kind: "wait", text: `Vous avez annoncé « ${p.word} »`, sub: "Les autres joueurs votent…" };
        return { kind: "wait", text: `Vote sur « ${p.word} »`, sub: waitingText(names, toAct().every(isBot), "Vote") };
      }
      if (g.step === "discard") {
        if (myDiscard()) return { kind: "you", text: "Mot refusé : défaussez une rangée", sub: "Plusieurs rangées sont les plus longues : choisissez celle qui part à la défausse." };
        return { kind: "wait", text: `${seatName(g.resolver)} choisit la rangée à défausser…` };
      }
      return { kind: "wait", text: waitingText(names, toAct().every(isBot)) };
    });
  }

  function renderPart() {
    const g = st.game;
    if (!g) return;
    const holder = g.holder;
    replace(partBox,
      el("span", { class: ["ty-part-chip", g.part === 2 ? "part-2" : "part-1"] },
        el("span", { class: "ty-part-arrow", "aria-hidden": "true", text: g.part === 2 ? "Z→A" : "A→Z" }),
        el("span", { text: partLabel(g.part) })),
      el("span", { class: "chip" }, el("span", { text: `Tour ${g.round}` })),
      el("span", { class: "chip ty-holder-chip", title: "Le dictionnaire : son détenteur place en premier à lettre égale" },
        icon("book"), el("span", { text: `Dictionnaire : ${seatName(holder)}` })),
      g.options && g.options.referee === "auto" ? el("span", { class: "chip", text: "Arbitre automatique" }) : null);
  }

  /** The revealed cards in resolution order, the resolver highlighted; or the vote, big. */
  function renderStage() {
    const g = st.game;
    if (!g) return;
    const blocks = [];
    if (g.step === "vote" && g.pending) {
      const p = g.pending;
      blocks.push(el("div", { class: ["ty-vote", `seat-${p.seat % SEAT_COLOURS}`] },
        el("p", { class: "ty-vote-who" }, el("span", { class: "log-who" }, el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: seatName(p.seat) })),
          el("span", { text: ` pose ${p.card} ${SIDE_LABELS[p.side]} de la rangée ${p.row + 1} et annonce :` })),
        el("p", { class: "ty-vote-word", text: p.word.toUpperCase() }),
        mustVote() ? el("div", { class: "ty-vote-actions" },
          button("Je doute", { kind: "danger", iconName: "flag", onClick: () => vote(true), disabled: Boolean(st.pendingAction), title: "Raccourci : D" }),
          button("Je fais confiance", { kind: "primary", iconName: "accept", onClick: () => vote(false), disabled: Boolean(st.pendingAction), title: "Raccourci : C" }))
          : el("p", { class: "muted ty-vote-wait", text: seated() && g.my_vote !== null && g.my_vote !== undefined
            ? (g.my_vote ? "Vous doutez. En attente des autres votes…" : "Vous faites confiance. En attente des autres votes…")
            : `${plural((g.voted || []).filter(Boolean).length, "vote")} sur ${g.players - 1}…` })));
    } else if (st.flash && !g.over) {
      blocks.push(flashNode(st.flash));
    }
    if (g.revealed && g.step !== "choose" && !g.over) {
      const order = resolutionOrder();
      const done = new Set((g.played || []).map((p) => p.seat));
      blocks.push(el("div", { class: "ty-revealed" },
        el("span", { class: "ty-revealed-title", text: "Cartes révélées" }),
        el("ol", { class: "ty-reveal-list" }, order.map((s) => el("li", {
          class: ["ty-reveal", `seat-${s % SEAT_COLOURS}`, s === g.resolver ? "current" : "", done.has(s) ? "done" : "", s === st.seat ? "mine" : ""],
          "aria-current": s === g.resolver ? "true" : undefined,
        }, cardNode(g.revealed[s]), el("span", { class: "ty-reveal-name", text: s === st.seat ? "vous" : seatName(s) }))))));
    }
    replace(stage, blocks);
    stage.hidden = !blocks.length;
  }

  function flashNode(f) {
    const who = seatName(f.seat);
    let text;
    let cls;
    if (f.kind === "valid") { cls = "ok"; text = `Le dictionnaire donne raison ${de(who)} : « ${f.word} » existe (${signed(f.bonus)} points).`; }
    else if (f.kind === "trusted") { cls = "ok"; text = `« ${f.word} » est accepté sans vérification.`; }
    else if (f.kind === "refused") { cls = "ko"; text = `« ${f.word} » n’est pas dans le dictionnaire : mot refusé.`; }
    else {
      cls = "ko";
      text = f.refused
        ? `${who} défausse la rangée ${f.row + 1} (${f.discarded}) : ${signed(-f.points)} points.`
        : `${who} ne peut pas placer ${f.card} : la rangée ${f.row + 1} (${f.discarded}) est défaussée, ${signed(-f.points)} ${Math.abs(f.points) > 1 ? "points" : "point"}.`;
    }
    return el("p", { class: ["ty-flash", cls] }, icon(cls === "ok" ? "accept" : "info"), el("span", { text }));
  }

  function renderRows() {
    const g = st.game;
    if (!g) return;
    const resolving = myResolve() && !st.pendingAction;
    const discarding = (myDiscard() || (myResolve() && st.failing)) && !st.pendingAction;
    const card = myCard();
    const longest = new Set(g.longest_rows || []);
    const pending = g.pending;
    const rows = (g.rows || []).map((row, i) => {
      const isLongest = longest.has(i);
      const target = st.target && st.target.row === i ? st.target.side : null;
      const zone = (side) => {
        if (!resolving || st.failing) return null;
        const chosen = target === side;
        return el("button", {
          type: "button", class: ["ty-zone", side, chosen ? "chosen" : ""],
          "aria-label": `Poser ${card} ${SIDE_LABELS[side]} de la rangée ${i + 1} (${placedRow(row, card, side)})`,
          "aria-pressed": chosen ? "true" : "false",
          dataset: { row: String(i), side },
          onclick: () => selectTarget(i, side),
        }, chosen ? cardNode(card, { extraClass: "ghost", label: false }) : el("span", { class: "ty-zone-plus", "aria-hidden": "true", text: "+" }));
      };
      const cards = [...row].map((ch, k) => {
        let fresh = false;
        if (pending && pending.row === i) fresh = pending.side === "left" ? k === 0 : k === row.length - 1;
        return cardNode(ch, { extraClass: fresh ? "fresh" : "", label: false });
      });
      const canDiscard = discarding && isLongest;
      return el("div", {
        class: ["ty-row", isLongest ? "longest" : "", target ? "targeted" : "", discarding && !isLongest ? "dimmed" : "", canDiscard ? "discardable" : ""],
        dataset: { row: String(i), letters: row },
      },
      el("span", { class: "ty-row-label" },
        el("span", { class: "ty-row-num", text: String(i + 1), title: `Rangée ${i + 1}` }),
        isLongest ? el("span", { class: "ty-longest-tag", title: "La plus longue rangée : c’est elle qu’on défausse", text: "la plus longue" }) : null),
      el("span", { class: "ty-row-line" },
        zone("left"),
        el("span", { class: "ty-row-cards", role: "img", "aria-label": `Rangée ${i + 1} : ${row} (${plural(row.length, "carte")})${isLongest ? ", la plus longue" : ""}` }, cards),
        zone("right")),
      canDiscard ? button("Défausser", { kind: "danger small ty-discard-btn", iconName: "close", onClick: () => confirmFail(i), "aria-label": `Défausser la rangée ${i + 1}` }) : null);
    });
    replace(rowsBox, el("div", { class: "ty-felt" }, rows));
  }

  function renderResolve() {
    const g = st.game;
    const show = Boolean(g && myResolve());
    resolveBox.hidden = !show;
    if (!show) return;
    const busy = Boolean(st.pendingAction) || st.conn !== "open";
    announceBtn.disabled = busy || !st.target;
    cannotBtn.disabled = busy;
    wordInput.disabled = busy;
    const card = myCard();
    const where = st.target
      ? `${SIDE_LABELS[st.target.side]} de la rangée ${st.target.row + 1}`
      : "choisissez une extrémité de rangée (1 à 4, puis ← ou →)";
    if (!resolveBox.contains(wordForm)) {
      replace(resolveBox,
        el("div", { class: "ty-resolve-head" }, el("span", { class: "ty-resolve-card" }), el("p", { class: "ty-resolve-where" })),
        wordForm, previewLine,
        el("div", { class: "ty-resolve-actions" }, cannotBtn));
    }
    replace(resolveBox.querySelector(".ty-resolve-card"), cardNode(card));
    const whereP = resolveBox.querySelector(".ty-resolve-where");
    replace(whereP, el("strong", { text: st.failing ? "Je ne peux pas placer cette carte" : `Votre ${card}` }), el("span", { text: st.failing ? " : choisissez la rangée à défausser (la plus longue)." : ` : ${where}.` }));
    if (st.failing) {
      replace(cannotBtn.querySelector(".btn-label"), "Revenir aux rangées");
    } else {
      replace(cannotBtn.querySelector(".btn-label"), "Je ne peux pas");
    }
    renderPreview();
  }

  function renderPreview() {
    if (!myResolve()) { replace(previewLine); previewLine.className = "ty-preview"; return; }
    const p = st.preview;
    if (!st.target) {
      previewLine.className = "ty-preview idle";
      replace(previewLine, el("span", { text: "Le mot doit commencer par les lettres de la rangée, lues de gauche à droite, votre carte comprise." }));
      return;
    }
    const row = placedRow(st.game.rows[st.target.row], myCard(), st.target.side);
    const cards = el("span", { class: "ty-mini-row", "aria-label": `La rangée deviendra ${row}` },
      [...row].map((ch, k) => el("span", {
        class: ["ty-mini", (st.target.side === "left" ? k === 0 : k === row.length - 1) ? "new" : ""], text: ch, "aria-hidden": "true",
      })));
    if (!p || p.waiting) {
      previewLine.className = "ty-preview";
      replace(previewLine, cards, el("span", { class: "muted", text: p ? "Vérification…" : "Tapez votre mot." }));
    } else if (p.legal) {
      previewLine.className = "ty-preview valid";
      replace(previewLine, cards, icon("check"), el("span", { text: `« ${p.word.toLowerCase()} » commence bien par ${p.row}.` }));
    } else {
      previewLine.className = "ty-preview invalid";
      replace(previewLine, cards, icon("info"), el("span", { text: p.message || "Ce mot ne convient pas." }));
    }
  }

  function renderHand() {
    const g = st.game;
    if (!g) return;
    if (!seated() || !Array.isArray(g.hand) || g.over) { handBox.hidden = true; return; }
    handBox.hidden = false;
    const choosing = mustChoose();
    const busy = Boolean(st.pendingAction) || st.conn !== "open";
    const hand = g.hand;
    const items = hand.map((letter, k) => {
      const picked = choosing && st.picked === letter && hand.indexOf(letter) === k;
      return el("button", {
        type: "button",
        class: ["ty-hand-card", picked ? "picked" : ""],
        dataset: { letter },
        disabled: !choosing || busy,
        "aria-pressed": picked ? "true" : "false",
        "aria-label": `Carte ${letter}${picked ? ", choisie : cliquez encore pour la jouer" : ""}`,
        onclick: () => { if (picked) confirmChoice(letter); else pick(letter); },
        ondblclick: () => confirmChoice(letter),
      }, cardNode(letter, { label: false }));
    });
    const chosenNote = g.my_choice
      ? el("div", { class: "ty-chosen" }, el("span", { class: "ty-chosen-label", text: "Votre carte cachée" }), cardNode(g.my_choice, { extraClass: "face-down-mine" }))
      : null;
    replace(handBox,
      el("div", { class: "ty-hand-head" },
        el("h2", { class: "ty-hand-title" }, el("span", { text: "Votre main" }), el("span", { class: "ty-hand-count", text: plural(hand.length, "carte") })),
        choosing ? button(st.picked ? `Jouer ${st.picked}` : "Choisissez une carte", {
          kind: "primary ty-choose-btn", iconName: "check", onClick: () => confirmChoice(), disabled: !st.picked || busy, title: "Entrée",
        }) : null),
      el("div", { class: ["ty-hand", choosing ? "choosing" : ""], role: "group", "aria-label": "Les cartes de votre main" },
        chosenNote, items.length ? items : el("span", { class: "muted", text: "Votre main est vide." })));
  }

  function renderPlayers() {
    const g = st.game;
    if (!g || !st.table) return;
    const scores = g.scores || [];
    const list = el("ul", { class: "player-list ty-players" }, seats().map((s, i) => {
      const active = toAct().includes(i) && playing();
      const winner = g.over && (g.winners || []).includes(i);
      let status = null;
      if (playing() && g.step === "choose") {
        status = g.chosen && g.chosen[i]
          ? el("span", { class: "ty-status done", text: "✓ a choisi" })
          : el("span", { class: "turn-flag", text: isBot(i) ? "réfléchit…" : "choisit" });
      } else if (playing() && g.step === "vote" && g.pending) {
        if (i === g.pending.seat) status = el("span", { class: "ty-status", text: "a annoncé" });
        else status = g.voted && g.voted[i] ? el("span", { class: "ty-status done", text: "✓ a voté" }) : el("span", { class: "turn-flag", text: "vote" });
      } else if (active) {
        status = el("span", { class: "turn-flag", text: g.step === "discard" ? "défausse" : "place" });
      }
      const revealed = g.revealed && g.step !== "choose" && !g.over ? g.revealed[i] : null;
      const size = g.hand_sizes ? g.hand_sizes[i] : 0;
      return playerItem({
        seat: s, index: i, name: seatName(i), me: i === st.seat, active, winner,
        tags: g.holder === i ? el("span", { class: "ty-dict", title: "Détient le dictionnaire", "aria-label": "détient le dictionnaire" }, icon("book")) : null,
        details: el("span", { class: "player-sub" },
          status,
          el("span", { class: "ty-hand-size", title: "Cartes en main", "aria-label": `${plural(size, "carte")} en main` },
            el("span", { class: "ty-mini-back", "aria-hidden": "true" }), el("span", { text: String(size) })),
          g.bonus && g.bonus[i] ? el("span", { class: "ty-breakdown", "aria-label": `${plural(g.lost[i] || 0, "point")} perdus, ${plural(g.bonus[i], "point")} de bonus` },
            el("span", { class: "lost", text: `perdu ${signed(-(g.lost[i] || 0))}` }),
            el("span", { class: "bonus", text: `bonus ${signed(g.bonus[i])}` })) : null,
          el("span", { class: "player-clock", dataset: { clockSeat: String(i) } })),
        after: revealed ? cardNode(revealed, { extraClass: ["tiny", i === g.resolver ? "current" : ""].join(" ") }) : null,
        score: el("span", {
          class: ["player-score", (scores[i] || 0) < 0 ? "neg" : ""], "aria-label": plural(scores[i] ?? 0, "point"), text: num(scores[i] ?? 0),
        }),
      });
    }));
    replace(playersBox,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Joueurs" }),
        el("span", { class: "card-title-extra", text: g.set_aside ? `${plural(g.set_aside, "carte")} de côté` : "" })),
      list);
    kit.tick();
  }

  function renderUnseen() {
    const g = st.game;
    if (!g) return;
    const unseen = g.unseen || {};
    const total = Object.values(unseen).reduce((a, b) => a + b, 0);
    replace(unseenBox,
      el("h2", { class: "card-title", id: "ty-unseen-title" }, icon("eye"), el("span", { text: "Cartes non vues" }),
        el("span", { class: "card-title-extra", text: String(total) })),
      el("p", { class: "muted small", text: seated() ? "Dans les mains adverses et mises de côté." : "Dans les mains et mises de côté." }),
      el("ul", { class: "unseen-grid" }, LETTERS.map((l) => {
        const n = unseen[l] || 0;
        return el("li", { class: ["unseen", n ? "" : "gone"], "aria-label": `${l} : ${n}` },
          el("span", { class: "unseen-letter", text: l }), el("span", { class: "unseen-count", text: `${n}/${DECK[l]}` }));
      })));
  }

  function renderLog() {
    const items = st.log.map((e) => {
      const who = e.seat !== undefined ? el("span", { class: `log-who seat-${e.seat % SEAT_COLOURS}` },
        el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: seatName(e.seat) })) : null;
      if (e.kind === "word") {
        const statusText = { pending: "vote…", ok: "", valid: `vérifié ${signed(e.bonus || 0)}`, refused: "refusé" }[e.status] || "";
        return el("li", { class: ["log-entry", "ty-log-word", e.status] },
          who,
          el("span", { class: "log-move" }, el("span", { class: "log-line" },
            el("button", { type: "button", class: "word-link", text: e.word, "aria-label": `${e.word} : voir la définition`, onclick: () => wordPopup(e.word, "typo") }),
            e.row !== undefined ? el("span", { class: "muted small", text: `${e.card} ${SIDE_LABELS[e.side]}, rangée ${e.row + 1}` }) : null)),
          statusText ? el("span", { class: ["log-score", e.status === "refused" ? "neg" : e.status === "pending" ? "zero" : ""], text: statusText }) : null);
      }
      if (e.kind === "fail") {
        return el("li", { class: "log-entry ty-log-fail" }, who,
          el("span", { class: "log-move", text: e.refused ? `défausse la rangée ${e.row + 1} (${e.discarded})` : `ne peut pas placer ${e.card} : rangée ${e.row + 1} (${e.discarded}) défaussée` }),
          el("span", { class: "log-score neg", text: signed(-e.points) }));
      }
      return el("li", { class: ["log-entry", "note", e.strong ? "strong" : ""] }, el("span", { class: "log-move", text: e.text }));
    });
    kit.showLog(items, "Aucun mot pour l’instant.");
  }

  function resultTable() {
    const g = st.game;
    const scores = g.scores || [];
    const winners = g.winners || [];
    const order = seats().map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
    return el("table", { class: "result-table" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", class: "num", text: "Points perdus" }),
        el("th", { scope: "col", class: "num", text: "Bonus" }), el("th", { scope: "col", class: "num", text: "Total" }))),
      el("tbody", {}, order.map((i) => el("tr", { class: winners.includes(i) ? "winner" : "", dataset: { seat: String(i) } },
        el("th", { scope: "row" }, el("span", { class: "result-who" },
          whoNode(i, seatName(i)),
          winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
        el("td", { class: "num penalty", text: g.lost[i] ? signed(-g.lost[i]) : "0" }),
        el("td", { class: "num bonus", text: g.bonus[i] ? signed(g.bonus[i]) : "0" }),
        el("td", { class: "num total", text: num(scores[i] ?? 0) })))));
  }

  function renderEnd() {
    kit.renderEnd(() => ({ summary: "Le joueur qui a perdu le moins de points l’emporte.", table: resultTable }));
  }

  function showEndModal() {
    kit.endModal({ table: resultTable });
  }

  function showHelp() {
    const rows = [
      ["Lettre A–Z", "choisit cette carte de votre main ; ← → parcourent la main"],
      ["Entrée", "joue la carte choisie (ou un 2e clic sur la carte)"],
      ["1 à 4", "quand vous placez : choisit la rangée"],
      ["← →", "pose votre carte à gauche ou à droite de la rangée"],
      ["Entrée (dans le mot)", "annonce le mot"],
      ["Échap (dans le mot)", "annule le choix de rangée"],
      ["!", "« Je ne peux pas » placer ma carte"],
      ["D / C", "pendant un vote : je doute / je fais confiance"],
      ["?", "affiche cette aide"],
    ];
    showKeysHelp(rows);
  }

  return kit.cleanup();
}

export { ROW_COUNT };
