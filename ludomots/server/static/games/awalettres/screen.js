// The Awalettres table screen: every hand face up around a green table (seeds, debts, held
// spells, cards designated by a MARABOUTAGE), the grenier, the spell box and the pot in the
// middle with the last word and what it paid; under it the panel of what the player must do now
// (a word built by clicking cards or typing it, with the server's live preview of the seeds; a
// spell to keep or give; PAS DE PANIQUE with its countdown; ÉCHANGE, trimming, MARABOUTAGE;
// WAYAMPOU definitions and vote), the scores, the move log and the end.
//
// The server is authoritative: this screen only keeps what the player is preparing (the word's
// cards, the cards picked for an exchange...) and redraws from every view.

import { el, icon, button, replace, toast, modal, signed, num, countTo, prefersReducedMotion } from "../../ui.js";
import { SEAT_COLOURS, whoNode, playerItem, waitingText, renderBanner as fillBanner, showKeysHelp } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { play as sound } from "../../sound.js";
import { wordPopup } from "../../wordpopup.js";
import {
  WILD, SPELL_NAMES, SPELL_HELP, endReason, seeds, cardNode, spellNode, foldWord, assignWord,
  outcomeChips, wordTiles, debtsText, paymentsText, historyText, zoneNode as zoneNode_, centreNode as centreNode_,
  fromCaster, designationText,
} from "./cards.js";

const STEP_LABELS = {
  define: "WAYAMPOU : les définitions",
  vote: "WAYAMPOU : le vote",
  give: "Sortilège tiré",
  panic: "Pas de panique !",
  exchange: "Échange",
  trim: "Retour à 7 cartes",
  marabout: "Maraboutage",
  word: "Pose d’un mot",
  over: "Fin de la partie",
};

export function mount(main, { id, info }) {
  const kit = tableScreen({
    id, info, game: "awalettres", title: "Awalettres", prefix: "aw", help: showHelp, myClockFirst: true,
    log: { title: "Journal de la partie", className: "card table-log aw-log" },
    state: {
      build: [], // the word being built: [{letter, seat, wild}]
      pick: {}, // exchange {give, target, take}, trim {card}, marabout {target, card}
      fresh: {}, // seat -> cards drawn by the last update (highlighted once)
      scoresShown: null,
      wildAsking: false,
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const chipsBox = el("div", { class: "aw-chips" });
  const felt = el("section", { class: "aw-felt", "aria-label": "La table : les jeux de tous les joueurs" });
  const actionBox = el("section", { class: "card aw-action", hidden: true, "aria-label": "Votre action" });
  const playersBox = el("section", { class: "card table-players aw-players", "aria-label": "Joueurs et scores" });
  const grenierBox = el("section", { class: "card table-tracking aw-grenier-card", "aria-labelledby": "aw-grenier-title" });

  // The word form is kept across renders so that typing is never interrupted.
  const wordInput = el("input", {
    id: "aw-word", type: "text", maxlength: "30", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", class: "aw-word-input", placeholder: "Tapez un mot…", "aria-describedby": "aw-preview",
  });
  const trayBox = el("div", { class: "aw-tray", "aria-label": "Les cartes de votre mot" });
  const previewLine = el("div", { class: "aw-preview", id: "aw-preview", "aria-live": "polite" });
  const playBtn = button("Poser le mot", { kind: "primary aw-play-btn", iconName: "check", type: "submit", title: "Entrée" });
  const clearBtn = button("Effacer", { kind: "ghost", iconName: "undo", onClick: () => clearWord(), title: "Échap" });
  const wordForm = el("form", { class: "aw-word-form" },
    el("label", { for: "aw-word", class: "visually-hidden", text: "Votre mot" }),
    el("div", { class: "aw-word-line" }, wordInput, clearBtn, playBtn));
  wordInput.addEventListener("input", () => typed());
  wordInput.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); clearWord(); }
  });
  wordForm.addEventListener("submit", (e) => { e.preventDefault(); submitWord(); });
  const panicInput = el("input", {
    id: "aw-panic", type: "text", maxlength: "40", autocomplete: "off", spellcheck: "false",
    class: "aw-panic-input", placeholder: "pas de panique !",
  });

  const defineArea = el("textarea", { id: "aw-define", maxlength: "200", rows: "2", class: "aw-define", placeholder: "Le WAYAMPOU est…" });

  const page = kit.layout(main, {
    pageClass: "table-page aw-page",
    column: [banner, chipsBox, kit.infoBox, kit.endBox, felt, actionBox],
    side: [playersBox, kit.logBox, grenierBox],
  });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    view: ({ events, initial, prevGame }) => applyView(events, initial, prevGame),
    turn: focusForStep,
    preview: (result) => { st.preview = result; renderPreview(); },
    status: renderAction,
    sent: renderAction,
    endModal: showEndModal,
    prompt: () => actionBox,
  });
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  // ---- views -----------------------------------------------------------------------------

  /** The game's part of a new view: cards just drawn, the news, what the player was preparing. */
  function applyView(events, initial, prevGame) {
    const prevStep = prevGame ? `${prevGame.step}:${prevGame.turn}:${JSON.stringify(prevGame.tasks)}` : null;
    st.fresh = {};
    ingest(events, initial);

    // What the player was preparing no longer applies once the step moves on.
    const nowStep = `${st.game.step}:${st.game.turn}:${JSON.stringify(st.game.tasks)}`;
    if (nowStep !== prevStep) {
      st.pick = {};
      panicInput.value = "";
      if (!myWord()) clearWord(false);
    }
    if (myWord() && st.build.length) refreshBuild();
  }

  function focusForStep() {
    requestAnimationFrame(() => {
      if (document.querySelector("dialog[open]")) return;
      const g = st.game;
      if (!g || !mustAct()) return;
      const box = actionBox.getBoundingClientRect();
      if (box.bottom > window.innerHeight) actionBox.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
      if (g.step === "word" && g.can_play && !window.matchMedia("(pointer: coarse)").matches) wordInput.focus({ preventScroll: true });
      else if (g.step === "panic") panicInput.focus({ preventScroll: true });
    });
  }

  // ---- events: what changed since the last view (toasts, sounds, cards just drawn) ------

  function ingest(events, initial) {
    for (const ev of events) {
      const d = ev.data || {};
      if (ev.type === "draw" && d.cards && d.cards.length) st.fresh[d.seat] = [...d.cards];
      if (initial) continue;
      if (ev.type === "word") sound("play");
      else if (ev.type === "timeout") toast(`Temps écoulé pour ${you(d.seat)} : l’action par défaut est jouée.`, { kind: "info" });
      else if (ev.type === "spell" && d.target === st.seat) {
        // Spells between others are in the log and the middle of the table; one's own is news.
        sound("error");
        const given = d.seat === d.target ? "Vous gardez" : `${seatName(d.seat)} vous donne`;
        toast(`${given} le sortilège ${SPELL_NAMES[d.spell] || d.spell}.`, { kind: "info", duration: 4000 });
      }
    }
  }

  // ---- derived state ---------------------------------------------------------------------

  const myStep = (step) => mustAct() && st.game.step === step;
  const myWord = () => myStep("word");
  const values = () => (st.game && st.game.values) || {};
  const hands = () => (st.game && st.game.hands) || [];
  const you = (i) => (i === st.seat ? "vous" : seatName(i));

  /** Opponents from the player's left, then the player (shown at the bottom). */
  function seatOrder() {
    const n = st.game ? st.game.players : seats().length;
    const base = seated() ? st.seat : 0;
    return Array.from({ length: n }, (_, k) => (base + k + 1) % n);
  }

  // ---- building a word -------------------------------------------------------------------

  const usedCount = (seat, card) => st.build.filter((b) => b.seat === seat && (b.wild ? WILD : b.letter) === card).length;
  const buildKey = () => st.build.map((b) => b.letter).join("");

  function syncInput() {
    wordInput.value = buildKey();
  }

  /** Typing: the letters typed, with the cards already chosen kept where the letter did not
   * change, and the usual choice (own letters first) for the rest. */
  function typed() {
    const key = foldWord(wordInput.value);
    if (key === null) {
      st.preview = { legal: false, message: "Un mot ne contient que des lettres." };
      renderPreview();
      return;
    }
    const pinned = {};
    st.build.forEach((b, i) => { if (b.seat !== null && key[i] === b.letter) pinned[i] = { seat: b.seat, wild: b.wild }; });
    st.build = assignWord(st.seat, key, hands(), pinned, takenCards());
    changed(false);
  }

  /** The caster's cards a MARABOUTAGE makes the player take ([caster, card]; none when the
   * option designates his own cards). */
  function takenCards() {
    const g = st.game;
    return fromCaster(g) ? (g.designations[st.seat] || []) : [];
  }

  /** After a new view: the same letters, re-assigned where a card has gone. */
  function refreshBuild() {
    const pinned = {};
    st.build.forEach((b, i) => { if (b.seat !== null) pinned[i] = { seat: b.seat, wild: b.wild }; });
    st.build = assignWord(st.seat, buildKey(), hands(), pinned, takenCards());
    requestPreview();
  }

  function clearWord(render = true) {
    st.build = [];
    st.preview = null;
    st.previewSeq += 1;
    clearTimeout(st.previewTimer);
    wordInput.value = "";
    if (render) { renderFelt(); renderAction(); }
  }

  function changed(sync = true) {
    if (sync) syncInput();
    requestPreview();
    renderFelt();
    renderAction();
  }

  async function addCard(seat, card) {
    if (card === WILD) {
      if (st.wildAsking) return;
      st.wildAsking = true;
      const letter = await askWildLetter(seat);
      st.wildAsking = false;
      if (!letter || !myWord() || usedCount(seat, WILD) >= 1) return;
      st.build.push({ letter, seat, wild: true });
    } else {
      st.build.push({ letter: card, seat, wild: false });
    }
    sound("tile");
    changed();
  }

  function removeAt(i) {
    st.build.splice(i, 1);
    sound("lift");
    changed();
  }

  function askWildLetter(seat) {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
    let m = null;
    const grid = el("div", { class: "aw-letter-grid", role: "group", "aria-label": "Lettres" },
      letters.map((l) => el("button", { type: "button", class: "aw-letter-btn", text: l, onclick: () => m.close(l) })));
    const onKey = (e) => {
      const l = e.key.length === 1 ? e.key.toUpperCase() : "";
      if (/^[A-Z]$/.test(l)) { e.preventDefault(); m.close(l); }
    };
    m = modal({
      title: "Quelle lettre la CONFUSION remplace-t-elle ?",
      className: "aw-wild-modal",
      content: el("div", {},
        el("p", { class: "muted", text: seat === st.seat
          ? "Votre CONFUSION ne vous rapporte rien (0 graine), mais vous en débarrasse : elle coûte 5 graines si elle reste en main."
          : `La CONFUSION de ${seatName(seat)} vous coûte 5 graines, payées à son détenteur.` }),
        grid),
    });
    m.dialog.addEventListener("keydown", onKey);
    return m.result;
  }

  function requestPreview() {
    clearTimeout(st.previewTimer);
    if (!myWord() || !st.build.length) { st.preview = null; return; }
    const missing = st.build.find((b) => b.seat === null);
    if (missing) {
      st.preview = { legal: false, message: `Personne n’a de ${missing.letter} (ni de CONFUSION) pour ce mot.` };
      return;
    }
    if (st.build.length < 2) { st.preview = { legal: false, message: "Un mot a au moins 2 lettres." }; return; }
    st.preview = { waiting: true };
    const action = playAction();
    kit.previewLater(() => action, 110);
  }

  function playAction() {
    return {
      type: "play",
      word: buildKey(),
      sources: st.build.map((b) => b.seat),
      wild: st.build.map((b, i) => (b.wild ? i : -1)).filter((i) => i >= 0),
    };
  }

  // ---- actions ---------------------------------------------------------------------------

  function submitWord() {
    if (!myWord()) return;
    if (!st.build.length) { toast("Cliquez des cartes ou tapez un mot.", { kind: "info" }); wordInput.focus(); return; }
    const missing = st.build.find((b) => b.seat === null);
    if (missing) { toast(`Personne n’a de ${missing.letter} (ni de CONFUSION) pour ce mot.`); sound("error"); return; }
    sendAction(playAction());
  }

  function doPass() { if (myWord()) sendAction({ type: "pass" }); }
  function give(target) { if (myStep("give")) sendAction({ type: "give", target }); }
  function calm(method) {
    if (!myStep("panic")) return;
    if (method === "shout") sendAction({ type: "calm", method, phrase: panicInput.value });
    else sendAction({ type: "calm", method: "pay", phrase: "" });
  }

  function cardClicked(seat, card) {
    const g = st.game;
    if (!mustAct() || busy()) return;
    if (g.step === "word") {
      if (usedCount(seat, card) >= (hands()[seat] || []).filter((c) => c === card).length) {
        // Every copy is already in the word: the click takes the last one back.
        for (let i = st.build.length - 1; i >= 0; i--) {
          const b = st.build[i];
          if (b.seat === seat && (b.wild ? WILD : b.letter) === card) { removeAt(i); return; }
        }
        return;
      }
      addCard(seat, card);
      return;
    }
    if (g.step === "exchange") {
      if (seat === st.seat) { if (card !== WILD || exchangeConfusion()) st.pick.give = card; } else st.pick = { ...st.pick, target: seat, take: card };
    } else if (g.step === "trim") {
      if (seat !== st.seat || card === WILD) return;
      st.pick = { card };
    } else if (g.step === "marabout") {
      if (fromCaster(g)) {
        // A card of one's own hand; a card of an opponent chooses him as the target.
        st.pick = seat === st.seat ? { ...st.pick, card } : { ...st.pick, target: seat };
      } else {
        if (seat === st.seat) return;
        st.pick = { target: seat, card };
      }
    } else {
      return;
    }
    sound("tile");
    renderFelt();
    renderAction();
  }

  /** Whether a card of `seat` can be clicked now. */
  function clickable(seat, card) {
    if (!mustAct() || busy()) return false;
    const step = st.game.step;
    if (step === "word") return true;
    if (step === "exchange") return seat !== st.seat || card !== WILD || exchangeConfusion();
    if (step === "trim") return seat === st.seat && card !== WILD;
    if (step === "marabout") return fromCaster(st.game) || seat !== st.seat;
    return false;
  }

  /** Whether an ÉCHANGE may give one's own CONFUSION (the rule; an option may forbid it). */
  function exchangeConfusion() {
    return ((st.game && st.game.options) || {}).exchange_confusion !== false;
  }

  function isPicked(seat, card, occurrence) {
    const p = st.pick;
    if (occurrence !== 0) return false;
    const step = st.game && st.game.step;
    if (step === "exchange") return (seat === st.seat && p.give === card) || (seat === p.target && p.take === card);
    if (step === "trim") return seat === st.seat && p.card === card;
    if (step === "marabout") return fromCaster(st.game) ? seat === st.seat && p.card === card : seat === p.target && p.card === card;
    return false;
  }

  // ---- keyboard --------------------------------------------------------------------------

  kit.onKeys((event) => {
    const key = event.key;
    const g = st.game;
    if (myWord() && g.can_play) {
      if (/^[a-zA-ZÀ-ÿ]$/.test(key)) {
        // Letters typed anywhere go to the word.
        event.preventDefault();
        wordInput.focus();
        wordInput.value += key;
        typed();
      } else if (key === "Enter") { event.preventDefault(); submitWord(); }
      else if (key === "Escape") { event.preventDefault(); clearWord(); }
      else if (key === "Backspace" && st.build.length) { event.preventDefault(); removeAt(st.build.length - 1); }
      return;
    }
    if (myWord() && !g.can_play && (key === "p" || key === "P")) { event.preventDefault(); doPass(); return; }
    if (myStep("give")) {
      if (key === "g" || key === "G") { event.preventDefault(); give(st.seat); }
      else if (/^[1-6]$/.test(key) && Number(key) <= g.players && Number(key) - 1 !== st.seat) { event.preventDefault(); give(Number(key) - 1); }
      return;
    }
    if (myStep("panic")) {
      if (key === "p" || key === "P") { event.preventDefault(); panicInput.focus(); }
      return;
    }
    if (myStep("trim")) {
      const letter = key.length === 1 ? key.toUpperCase() : "";
      if ((hands()[st.seat] || []).includes(letter) && letter !== WILD) { event.preventDefault(); st.pick = { card: letter }; renderFelt(); renderAction(); }
      else if (key === "Enter" && st.pick.card) { event.preventDefault(); sendAction({ type: "return", card: st.pick.card }); }
      return;
    }
    if (myStep("exchange") && key === "Escape") { event.preventDefault(); sendAction({ type: "exchange", give: "", target: null, take: "" }); }
  });

  // ---- rendering -------------------------------------------------------------------------

  function renderAll() {
    kit.renderRole();
    renderBanner();
    renderChips();
    kit.renderInfo();
    renderFelt();
    renderAction();
    renderPlayers();
    renderLog();
    renderGrenier();
    renderEnd();
  }

  function renderBanner() {
    const shown = kit.renderBanner(() => {
      const g = st.game;
      const bots = toAct().length > 0 && toAct().every(isBot);
      if (mustAct()) return { kind: "you", ...myBanner(g) };
      return { kind: "wait", ...otherBanner(g, toAct().length ? toAct()[0] : null, toAct().map(seatName), bots) };
    }, { overSub: () => endReason(st.game, seatName) || null });
    if (shown) banner.classList.toggle("aw-banner-panic", st.game.step === "panic" && !st.game.over);
  }

  function myBanner(g) {
    switch (g.step) {
      case "define": return { text: "WAYAMPOU : écrivez votre définition", sub: "Les définitions restent cachées jusqu’à ce que tout le monde ait écrit la sienne." };
      case "vote": return { text: "Votez pour la définition la plus crédible", sub: "La plus votée désigne le premier joueur (pas de vote pour la vôtre)." };
      case "give": return { text: "Vous avez tiré un sortilège !", sub: g.pending_spell && g.pending_spell.spell ? `C’est ${SPELL_NAMES[g.pending_spell.spell]} : gardez-le ou donnez-le.` : "Sans le regarder : le gardez-vous ou le donnez-vous à un adversaire ?" };
      case "panic": return { text: "PAS DE PANIQUE !", sub: "Tapez « pas de panique ! » avant la fin du compte à rebours, ou payez 5 graines au pot." };
      case "exchange": return { text: "ÉCHANGE : une de vos lettres contre une carte adverse", sub: "Cliquez une de vos lettres puis une carte d’un adversaire, ou renoncez." };
      case "trim": return { text: "Vous avez 8 cartes : remettez une lettre au grenier", sub: "Cliquez la lettre à remettre (elle repart à une place au hasard)." };
      case "marabout": return fromCaster(g)
        ? { text: "MARABOUTAGE : imposez une de vos cartes à un adversaire", sub: "Il devra vous la prendre dans son prochain mot et vous la payer." }
        : { text: "MARABOUTAGE : désignez une carte adverse", sub: "Son détenteur devra la jouer dans son prochain mot, et ses graines vous reviendront." };
      default:
        if (!g.can_play) return { text: "Aucun mot n’est possible : passez votre tour", sub: "Même en prenant des lettres aux autres, aucun mot ne se forme." };
        return { text: "À vous : posez un mot !", sub: "Cliquez des cartes (les vôtres ou celles des adversaires) ou tapez le mot. Au moins une de vos lettres." };
    }
  }

  function otherBanner(g, actor, names, bots) {
    const who = actor !== null ? seatName(actor) : "";
    switch (g.step) {
      case "define": return { text: "Chacun écrit sa définition de WAYAMPOU…", sub: names.length ? `En attente : ${names.join(", ")}.` : null };
      case "vote": return { text: "Vote pour la définition la plus crédible…", sub: names.length ? `En attente : ${names.join(", ")}.` : null };
      case "give": return { text: `${who} a tiré un sortilège`, sub: "Sans le regarder, il le garde ou le donne à un adversaire…" };
      case "panic": return { text: `PAS DE PANIQUE pour ${who} !`, sub: "Il doit crier « pas de panique ! » à temps, ou payer 5 graines au pot." };
      case "exchange": return { text: `${who} joue son ÉCHANGE…`, sub: null };
      case "trim": return { text: `${who} remet une lettre au grenier…`, sub: null };
      case "marabout": return { text: `${who} lance son MARABOUTAGE…`, sub: null };
      default: return { text: waitingText(names, bots), sub: bots ? "Il cherche le mot qui rapporte le plus de graines." : null };
    }
  }

  function renderChips() {
    const g = st.game;
    if (!g) return;
    const opts = g.options || {};
    replace(chipsBox,
      el("span", { class: ["aw-phase", `ph-${g.step}`] }, el("span", { class: "aw-phase-dot", "aria-hidden": "true" }), el("span", { text: STEP_LABELS[g.step] || g.step })),
      el("span", { class: "chip", text: `Tour ${Math.max(1, (g.turn || 0) + (g.over ? 0 : 1))}` }),
      opts.elephant ? el("span", { class: "chip", text: "Variante de l’éléphant : mots de 4 lettres" }) : null,
      opts.blind_spell === false ? el("span", { class: "chip", text: "Sortilèges regardés" }) : null);
  }

  // The table: opponents' zones, the middle (grenier, box, pot, last word), the player's zone.
  function renderFelt() {
    const g = st.game;
    if (!g || !Array.isArray(g.hands) || !g.hands.length || (g.step === "define" || g.step === "vote") && !g.hands.some((h) => h.length)) {
      replace(felt, el("div", { class: "aw-felt-empty" }, el("p", { text: g && (g.step === "define" || g.step === "vote") ? "Les cartes seront distribuées après le vote de WAYAMPOU." : "La partie n’a pas commencé." })));
      return;
    }
    const order = seatOrder();
    const mine = seated() ? order.pop() : null;
    replace(felt,
      el("div", { class: ["aw-opponents", `n${order.length}`] }, order.map((s) => zoneNode(s))),
      centreNode(),
      mine !== null ? zoneNode(mine) : null);
  }

  function zoneNode(s) {
    const g = st.game;
    const hand = g.hands[s] || [];
    const me = s === st.seat;
    const fresh = [...(st.fresh[s] || [])];
    const seen = {};
    const cards = hand.map((card) => {
      const k = seen[card] || 0;
      seen[card] = k + 1;
      const used = myWord() && k < usedCount(s, card);
      const fi = fresh.indexOf(card);
      const isFresh = fi >= 0 && k >= hand.filter((c) => c === card).length - fresh.filter((c) => c === card).length;
      if (isFresh) fresh.splice(fi, 1);
      const can = clickable(s, card);
      const picked = isPicked(s, card, k);
      const designated = fromCaster(g)
        ? (g.designations || []).some((list) => (list || []).some(([c, k]) => c === s && k === card))
        : (g.designations[s] || []).some(([, c]) => c === card);
      const extraClass = [used ? "used" : "", designated ? "designated" : "", isFresh ? "fresh" : "", picked ? "picked" : "", can ? "can" : ""].join(" ");
      if (!can) return cardNode(card, values(), { extraClass });
      const label = `${card === WILD ? "CONFUSION" : card} ${me ? "(à vous)" : `de ${seatName(s)}`}${used ? ", dans votre mot" : ""}${designated ? ", désignée par un MARABOUTAGE" : ""}`;
      return cardNode(card, values(), {
        as: "button", extraClass, label: false,
        props: { "aria-label": label, "aria-pressed": used || picked ? "true" : "false", onclick: () => cardClicked(s, card) },
      });
    });
    const active = playing() && toAct().includes(s);
    return zoneNode_(g, s, {
      seat: seats()[s], name: seatName(s), me, active, flag: active ? flagText(s) : null, cards, seatName, you,
    });
  }

  function flagText(s) {
    const step = st.game.step;
    if (isBot(s) && step === "word") return "réfléchit…";
    return { define: "écrit", vote: "vote", give: "sortilège", panic: "panique !", exchange: "échange", trim: "remet", marabout: "maraboute", word: "joue" }[step] || "joue";
  }

  function centreNode() {
    const lastSpell = [...(st.game.history || [])].reverse().find((e) => e.type === "spell");
    return centreNode_(st.game, { seatName, you, lastSpell: st.game.over ? null : lastSpell });
  }

  // ---- the action panel ------------------------------------------------------------------

  function renderAction() {
    const g = st.game;
    const show = Boolean(g && mustAct());
    actionBox.hidden = !show;
    page.classList.toggle("aw-acting", show);
    if (!show) return;
    actionBox.className = `card aw-action step-${g.step}`;
    switch (g.step) {
      case "word": return renderBuilder();
      case "give": return renderGive();
      case "panic": return renderPanic();
      case "exchange": return renderExchange();
      case "trim": return renderTrim();
      case "marabout": return renderMarabout();
      case "define": return renderDefine();
      case "vote": return renderVote();
      default: replace(actionBox); return undefined;
    }
  }

  function panelHead(title, text) {
    return el("div", { class: "aw-action-head" }, el("h2", { class: "aw-action-title", text: title }), text ? el("p", { class: "muted small", text }) : null);
  }

  function renderBuilder() {
    const g = st.game;
    if (!g.can_play) {
      replace(actionBox, panelHead("Aucun mot possible", "Personne ne vous donnerait de quoi former un mot avec au moins une de vos lettres."),
        el("div", { class: "aw-action-row" }, button("Passer mon tour", { kind: "primary", iconName: "pass", onClick: doPass, disabled: busy(), title: "P" })));
      return;
    }
    if (!actionBox.contains(wordForm)) {
      replace(actionBox, el("div", { class: "aw-builder-head" }), trayBox, wordForm, previewLine, el("div", { class: "aw-builder-note" }));
    }
    const desig = g.designations[st.seat] || [];
    replace(actionBox.querySelector(".aw-builder-head"),
      el("h2", { class: "aw-action-title", text: "Votre mot" }),
      el("span", { class: "muted small", text: g.options && g.options.elephant ? "Variante de l’éléphant : 4 lettres exactement." : "Bonus : 5 lettres +2, 6 lettres +3, 7 et plus +5." }));
    replace(actionBox.querySelector(".aw-builder-note"),
      desig.length ? el("p", { class: "aw-must" }, icon("flag"), el("span", { text: fromCaster(g)
        ? `MARABOUTAGE : vous devez prendre ${desig.map(([c, card]) => `${card === WILD ? "la CONFUSION" : `le ${card}`} de ${seatName(c)}`).join(", ")} dans votre mot.`
        : `MARABOUTAGE : vous devez jouer ${desig.map(([c, card]) => `${card === WILD ? "votre CONFUSION" : `votre ${card}`} (graines pour ${seatName(c)})`).join(", ")}.` })) : null);
    wordInput.disabled = busy();
    clearBtn.disabled = !st.build.length;
    const p = st.preview;
    playBtn.disabled = busy() || !st.build.length;
    playBtn.classList.toggle("looks-illegal", Boolean(p && !p.waiting && p.legal === false));
    renderTray();
    renderPreview();
  }

  function renderTray() {
    const v = values();
    replace(trayBox, st.build.length ? st.build.map((b, i) => {
      const mineCard = b.seat === st.seat;
      return el("button", {
        type: "button", class: ["aw-slot", b.seat !== null ? `seat-${b.seat % SEAT_COLOURS}` : "missing"],
        "aria-label": `${b.letter}${b.wild ? " (CONFUSION)" : ""} ${b.seat === null ? "introuvable" : mineCard ? "à vous" : `de ${seatName(b.seat)}`} : retirer`,
        onclick: () => removeAt(i), disabled: busy(),
      },
      b.seat === null ? el("span", { class: "aw-card missing" }, el("span", { class: "aw-card-letter", text: b.letter }))
        : cardNode(b.wild ? WILD : b.letter, v, { label: false, extraClass: b.wild ? "as-letter" : "" }),
      b.wild ? el("span", { class: "aw-slot-as", text: `= ${b.letter}` }) : null,
      el("span", { class: "aw-slot-from", text: b.seat === null ? "?" : mineCard ? "à vous" : seatName(b.seat) }));
    }) : el("span", { class: "aw-tray-empty", text: "Cliquez des cartes sur la table, ou tapez le mot ci-dessous." }));
  }

  function renderPreview() {
    if (!myWord()) { replace(previewLine); return; }
    const p = st.preview;
    if (!st.build.length) {
      previewLine.className = "aw-preview idle";
      replace(previewLine, el("span", { text: "Vos lettres vous rapportent leurs graines ; celles des autres, vous les leur payez." }));
    } else if (!p || p.waiting) {
      previewLine.className = "aw-preview";
      replace(previewLine, el("span", { class: "muted", text: "Calcul des graines…" }));
    } else if (p.legal) {
      previewLine.className = "aw-preview valid";
      replace(previewLine, icon("check"), el("strong", { class: "aw-preview-word", text: `« ${buildKey()} »` }), el("span", { class: "aw-outcome" }, outcomeChips(p, you)));
    } else {
      previewLine.className = "aw-preview invalid";
      replace(previewLine, icon("info"), el("span", { text: p.message || "Ce mot ne convient pas." }));
    }
    const illegal = Boolean(p && !p.waiting && p.legal === false);
    playBtn.classList.toggle("looks-illegal", illegal);
  }

  function renderGive() {
    const g = st.game;
    const spell = g.pending_spell && g.pending_spell.spell;
    const others = seatOrder().filter((s) => s !== st.seat);
    replace(actionBox,
      el("div", { class: "aw-give" },
        spell ? spellNode(spell, "big") : el("span", { class: "aw-back spell big", "aria-hidden": "true" }, el("span", { text: "?" })),
        el("div", { class: "aw-give-body" },
          panelHead(spell ? SPELL_NAMES[spell] : "Un sortilège, face cachée", spell ? SPELL_HELP[spell] : "CONFUSION, MARABOUTAGE, ÉCHANGE, GÉNÉROSITÉ ou PAS DE PANIQUE : à vous de décider sans savoir."),
          el("div", { class: "aw-action-row" },
            button("Le garder", { kind: "primary", iconName: "accept", onClick: () => give(st.seat), disabled: busy(), title: "G", dataset: { target: String(st.seat) } }),
            others.map((s) => button(`Le donner à ${seatName(s)}`, { kind: `aw-give-btn seat-${s % SEAT_COLOURS}`, iconName: "send", onClick: () => give(s), disabled: busy(), title: String(s + 1), dataset: { target: String(s) } }))))));
  }

  function renderPanic() {
    const form = el("form", { class: "aw-panic-form" },
      el("label", { for: "aw-panic", class: "aw-panic-label", text: "Criez-le (tapez-le) :" }),
      el("div", { class: "aw-word-line" }, panicInput, button("Crier", { kind: "primary", iconName: "send", type: "submit", disabled: busy() })));
    form.addEventListener("submit", (e) => { e.preventDefault(); calm("shout"); });
    panicInput.disabled = busy();
    replace(actionBox,
      el("div", { class: "aw-panic" },
        el("div", { class: "aw-panic-clock" }, el("span", { class: "aw-panic-count", dataset: { clockSeat: String(st.seat) } }), el("span", { class: "muted small", text: "restantes" })),
        el("div", { class: "aw-panic-body" },
          el("p", { class: "aw-panic-title", text: "PAS DE PANIQUE !" }),
          form,
          el("div", { class: "aw-action-row" },
            button("Payer 5 graines au pot", { kind: "danger", iconName: "bag", onClick: () => calm("pay"), disabled: busy() })))));
    kit.tick();
  }

  function renderExchange() {
    const p = st.pick;
    const v = values();
    const ready = p.give && p.target !== undefined && p.take;
    replace(actionBox,
      panelHead("ÉCHANGE", exchangeConfusion()
        ? "Une de vos cartes contre une carte d’un adversaire, sans graines (qui reçoit une CONFUSION la paie 5 graines)."
        : "Une de vos lettres contre une carte d’un adversaire, sans graines (une CONFUSION se paie 5 graines)."),
      el("div", { class: "aw-swap" },
        p.give ? cardNode(p.give, v) : el("span", { class: "aw-card placeholder", text: "?" }),
        el("span", { class: "aw-swap-arrow", "aria-hidden": "true" }, icon("swap")),
        p.take ? cardNode(p.take, v) : el("span", { class: "aw-card placeholder", text: "?" }),
        el("span", { class: "muted small", text: ready ? `Votre ${p.give === WILD ? "CONFUSION" : p.give} contre ${p.take === WILD ? "la CONFUSION" : `le ${p.take}`} de ${seatName(p.target)}` : "Cliquez une de vos cartes, puis une carte adverse." })),
      el("div", { class: "aw-action-row" },
        button("Échanger", { kind: "primary", iconName: "swap", disabled: !ready || busy(), onClick: () => sendAction({ type: "exchange", give: p.give, target: p.target, take: p.take }) }),
        button("Renoncer", { kind: "ghost", iconName: "close", disabled: busy(), title: "Échap", onClick: () => sendAction({ type: "exchange", give: "", target: null, take: "" }) })));
  }

  function renderTrim() {
    const card = st.pick.card;
    replace(actionBox,
      panelHead("Retour à 7 cartes", "Votre CONFUSION compte dans les 7 : une lettre retourne au grenier, à une place au hasard."),
      el("div", { class: "aw-action-row" },
        card ? cardNode(card, values()) : null,
        button(card ? `Remettre ${card} au grenier` : "Cliquez une de vos lettres", { kind: "primary", iconName: "undo", disabled: !card || busy(), onClick: () => sendAction({ type: "return", card }) })));
  }

  function renderMarabout() {
    const p = st.pick;
    if (fromCaster(st.game)) return renderImposed(p);
    replace(actionBox,
      panelHead("MARABOUTAGE", "La carte désignée devra être jouée dans le prochain mot de son détenteur ; ses graines vous reviendront. Si aucun mot n’est possible avec elle, sans effet."),
      el("div", { class: "aw-action-row" },
        p.card ? cardNode(p.card, values()) : null,
        button(p.card ? `Désigner ${p.card === WILD ? "la CONFUSION" : `le ${p.card}`} de ${seatName(p.target)}` : "Cliquez une carte adverse", {
          kind: "primary", iconName: "flag", disabled: !p.card || busy(), onClick: () => sendAction({ type: "marabout", target: p.target, card: p.card }),
        })));
  }

  /** MARABOUTAGE by the rule: a card of one's own hand, imposed on the opponent chosen. */
  function renderImposed(p) {
    const g = st.game;
    const targets = seatOrder().filter((s) => s !== st.seat && (g.hands[s] || []).length);
    const ready = p.card && p.target !== undefined;
    const what = p.card === WILD ? "votre CONFUSION" : `votre ${p.card}`;
    replace(actionBox,
      panelHead("MARABOUTAGE", "Cliquez une carte de votre jeu et choisissez l’adversaire : il devra vous la prendre dans son prochain mot et vous la payer (une CONFUSION : 3 graines du pot pour vous, 2 pour lui). Sans effet si aucun mot n’est possible avec elle."),
      el("div", { class: "aw-action-row" },
        p.card ? cardNode(p.card, values()) : el("span", { class: "aw-card placeholder", text: "?" }),
        el("span", { class: "muted small", text: "à" }),
        targets.map((s) => button(seatName(s), {
          kind: `aw-give-btn seat-${s % SEAT_COLOURS}${p.target === s ? " picked" : ""}`, disabled: busy(),
          dataset: { target: String(s) }, "aria-pressed": p.target === s ? "true" : "false",
          onClick: () => { st.pick = { ...st.pick, target: s }; sound("tile"); renderFelt(); renderAction(); },
        }))),
      el("div", { class: "aw-action-row" },
        button(ready ? `Imposer ${what} à ${seatName(p.target)}` : (p.card ? "Choisissez l’adversaire" : "Cliquez une de vos cartes"), {
          kind: "primary", iconName: "flag", disabled: !ready || busy(), onClick: () => sendAction({ type: "marabout", target: p.target, card: p.card }),
        })));
  }

  function renderDefine() {
    const area = defineArea;
    const form = el("form", { class: "aw-define-form" }, el("label", { for: "aw-define", class: "visually-hidden", text: "Votre définition de WAYAMPOU" }), area,
      button("Envoyer ma définition", { kind: "primary", iconName: "send", type: "submit", disabled: busy() }));
    form.addEventListener("submit", (e) => { e.preventDefault(); if (area.value.trim()) sendAction({ type: "define", text: area.value.trim() }); });
    replace(actionBox, panelHead("Qu’est-ce qu’un WAYAMPOU ?", "Inventez une définition crédible : les autres voteront pour la plus convaincante."), form);
  }

  function renderVote() {
    const w = st.game.wayampou || {};
    replace(actionBox, panelHead("La définition la plus crédible", "Elles sont anonymes ; la vôtre ne peut pas recevoir votre voix."),
      el("ol", { class: "aw-defs" }, (w.definitions || []).map((text, i) => el("li", { class: ["aw-def", i === w.my_index ? "mine" : ""] },
        el("span", { class: "aw-def-text", text }),
        i === w.my_index ? el("span", { class: "tag", text: "la vôtre" })
          : button("Voter", { kind: "small primary", onClick: () => sendAction({ type: "vote", choice: i }), disabled: busy() })))));
  }

  // ---- side panels -----------------------------------------------------------------------

  function renderPlayers() {
    const g = st.game;
    if (!g || !st.table) return;
    const scores = g.scores || [];
    const detail = g.score_detail || [];
    const prev = st.scoresShown;
    const list = el("ul", { class: "player-list aw-player-list" }, seats().map((s, i) => {
      const active = toAct().includes(i) && playing();
      const winner = g.over && (g.winners || []).includes(i);
      const d = detail[i] || { sack: 0, debts: 0, hand: 0, credits: 0 };
      const shown = prev ? prev[i] ?? 0 : scores[i] ?? 0;
      const scoreEl = el("span", { class: ["player-score", (scores[i] || 0) < 0 ? "neg" : ""], "aria-label": seeds(scores[i] ?? 0), dataset: { value: String(shown) }, text: num(shown) });
      if (prev && prev[i] !== scores[i]) requestAnimationFrame(() => countTo(scoreEl, scores[i] ?? 0));
      const debts = (g.debts || [])[i] || [];
      return playerItem({
        seat: s, index: i, name: seatName(i), me: i === st.seat, active, winner,
        details: [
          el("span", { class: "player-sub aw-breakdown", title: "Score = graines du sac − dettes − graines des cartes en main" },
            el("span", { class: "aw-b-sack", text: `sac ${d.sack}` }),
            d.debts ? el("span", { class: "aw-b-debt", text: `dettes −${d.debts}` }) : null,
            d.credits ? el("span", { class: "aw-b-sack", text: `créances +${d.credits}` }) : null,
            el("span", { class: "aw-b-hand", text: `main −${d.hand}` })),
          debts.length ? el("span", { class: "aw-owes", text: `doit ${debtsText(debts, seatName)}` }) : null],
        score: scoreEl,
      });
    }));
    st.scoresShown = [...scores];
    replace(playersBox,
      el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Scores" }),
        el("span", { class: "card-title-extra", text: "en graines" })),
      list);
  }

  /** The words (`played`) and the other public events (`history`) in the order they came: a
   * word opens its turn, the spells drawn after it come next. */
  function logItems() {
    const g = st.game;
    const words = (g.played || []).map((p, k) => ({ kind: "word", turn: p.turn ?? k + 1, order: 0, seq: k, p }));
    const rest = (g.history || []).map((h, k) => ({ ...h, kind: h.type, order: 1, seq: k }));
    return [...words, ...rest].sort((a, b) => (a.turn - b.turn) || (a.order - b.order) || (a.seq - b.seq));
  }

  function renderLog() {
    if (!st.game) return;
    const items = logItems().map((e) => {
      if (e.kind === "word") {
        const p = e.p;
        const paid = paymentsText(p.payments, you);
        return el("li", { class: "log-entry aw-log-word" }, whoNode(p.seat, seatName(p.seat)),
          el("span", { class: "log-move" },
            el("span", { class: "log-line" },
              el("button", { type: "button", class: "word-link", text: p.key, "aria-label": `${p.key} : voir la définition`, onclick: () => wordPopup(p.key, "awalettres") }),
              wordTiles(p.key, p.sources, p.wild, values())),
            el("span", { class: "muted small", text: `récolte ${p.collected}${p.bonus ? `, bonus ${p.bonus}` : ""}${paid ? ` · paie ${paid}` : ""}` })),
          el("span", { class: ["log-score", p.net < 0 ? "neg" : p.net === 0 ? "zero" : ""], text: signed(p.net) }));
      }
      if (e.kind === "game_over") {
        return el("li", { class: "log-entry note strong" }, icon("trophy"), el("span", { class: "log-move", text: `Fin de la partie. ${endReason({ current: e.seat, end_reason: e.reason }, seatName)}` }));
      }
      const seat = e.kind === "wayampou_result" ? e.first : e.seat;
      return el("li", { class: ["log-entry", "note", `aw-log-${e.kind}`] },
        seat !== undefined && seat !== null ? whoNode(seat, seatName(seat)) : null,
        el("span", { class: "log-move", text: historyText(e.kind, e, seatName) }));
    });
    kit.showLog(items, "Aucun mot pour l’instant.");
  }

  function renderGrenier() {
    const g = st.game;
    if (!g) return;
    const letters = g.grenier_letters || {};
    const v = values();
    replace(grenierBox,
      el("h2", { class: "card-title", id: "aw-grenier-title" }, icon("eye"), el("span", { text: "Lettres encore au grenier" }),
        el("span", { class: "card-title-extra", text: String(Object.values(letters).reduce((a, b) => a + b, 0)) })),
      el("ul", { class: "unseen-grid" }, Object.keys(v).sort().map((l) => {
        const n = letters[l] || 0;
        return el("li", { class: ["unseen", n ? "" : "gone", `v${v[l]}`], "aria-label": `${l} : ${n}` },
          el("span", { class: "unseen-letter", text: l }), el("span", { class: "unseen-count", text: `${n} · ${v[l]}g` }));
      })),
      (g.spell_discard || []).length ? el("p", { class: "muted small aw-discard", text: `Sortilèges joués : ${g.spell_discard.map((s) => SPELL_NAMES[s] || s).join(", ")}.` }) : null);
  }

  function resultTable() {
    const g = st.game;
    const detail = g.score_detail || [];
    const scores = g.scores || [];
    const winners = g.winners || [];
    const credits = detail.some((d) => d.credits);
    const order = seats().map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
    return el("table", { class: "result-table aw-result" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", class: "num", text: "Graines" }),
        el("th", { scope: "col", class: "num", text: "Dettes" }),
        credits ? el("th", { scope: "col", class: "num", text: "Créances" }) : null,
        el("th", { scope: "col", class: "num", text: "Lettres restantes" }), el("th", { scope: "col", class: "num", text: "Total" }))),
      el("tbody", {}, order.map((i) => {
        const d = detail[i] || { sack: 0, debts: 0, hand: 0, credits: 0 };
        const left = (g.hands || [])[i] || [];
        return el("tr", { class: winners.includes(i) ? "winner" : "", dataset: { seat: String(i) } },
          el("th", { scope: "row" }, el("span", { class: "result-who" }, whoNode(i, seatName(i)),
            winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
          el("td", { class: "num sack", text: String(d.sack) }),
          el("td", { class: "num penalty", text: d.debts ? signed(-d.debts) : "0" }),
          credits ? el("td", { class: "num bonus", text: d.credits ? signed(d.credits) : "0" }) : null,
          el("td", { class: "num penalty" }, el("span", { text: d.hand ? signed(-d.hand) : "0" }),
            left.length ? el("span", { class: "muted small aw-left", text: ` (${left.map((c) => (c === WILD ? "CONFUSION" : c)).join(" ")})` }) : null),
          el("td", { class: "num total", text: num(scores[i] ?? 0) }));
      })));
  }

  function renderEnd() {
    kit.renderEnd((g) => ({ summary: `${endReason(g, seatName)} Score : graines du sac − dettes − graines des lettres restantes (une CONFUSION coûte 5).`, table: resultTable }));
  }

  function showEndModal() {
    kit.endModal({ reason: endReason(st.game, seatName), table: resultTable });
  }

  function showHelp() {
    showKeysHelp([
      ["Lettres A–Z", "tapent votre mot (vos lettres d’abord, puis celles des autres)"],
      ["Clic sur une carte", "l’ajoute au mot ; un 2e clic la retire"],
      ["Retour arrière", "retire la dernière carte du mot"],
      ["Entrée", "pose le mot"],
      ["Échap", "efface le mot (pendant un ÉCHANGE : y renoncer)"],
      ["G / 1 à 6", "sortilège tiré : le garder, ou le donner au joueur n°"],
      ["P", "passer quand aucun mot n’est possible ; en panique, aller au champ à taper"],
      ["?", "affiche cette aide"],
    ], "Une CONFUSION cliquée demande la lettre qu’elle remplace.");
  }

  return kit.cleanup();
}
