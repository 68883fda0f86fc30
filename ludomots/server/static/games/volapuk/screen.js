// The Volapük table screen: the round board with the dice laid (colours of their bags, the
// Élue letter outlined), the player's réglette (roll up to three times, keeping dice between
// rolls; fétiches kept for the next turn), a word laid by choosing a start cell and a direction
// on the board then the dice in order (or dragging dice onto the board), with the server's live
// preview of its words and points, each part of them explained; pass (confirmed); the
// plus-value announcements (an anagram of a word of the board on one's turn too); the 3-minute
// clock from the table's deadline; scores and every player's dice (others' faces only when
// public), the log with the breakdown of every score, and the end.
//
// On a wide screen the réglette and the preview stand at the top of the side column, beside the
// board (which fits the screen's height): what the banner asks for is on screen without
// scrolling. On a phone the board is larger than the screen and scrolls sideways (cells big
// enough to touch), or fits the screen at a touch of « Plateau entier ».
//
// The server is authoritative: this screen keeps only what the player is preparing (start cell,
// direction, dice of the word, dice kept, fétiches) and redraws from every view.

import { el, icon, button, replace, toast, plural, num, confirmModal } from "../../ui.js";
import { waitingText, renderBanner as fillBanner, showKeysHelp } from "../../tablekit.js";
import { tableScreen } from "../../tablescreen.js";
import { play as sound } from "../../sound.js";
import { DIR, DIRECTIONS, JOKERS, SIGN_ACCENTS, faceText, tileColour, outcomeChips, breakdownNode, boardNode, cellName, dieNode, key, lastCells, onDisc, END_REASONS, dice } from "./dice.js";
import { announcePanel, logEntries, resultTable, playerList, bagsNodes, askJokerLetter } from "./panels.js";

export function mount(main, { id, info }) {
  const kit = tableScreen({
    id, info, game: "volapuk", title: "Volapük", prefix: "vp", help: showHelp,
    log: { title: "Journal de la partie", className: "card table-log vp-log" },
    state: {
      start: null, dir: "E", word: [], keep: new Set(), fetish: new Set(), turnKey: null,
      scoresShown: null, asking: false, fit: false, centred: false,
      rec: null, // recomposing: {moves: [[fr, fc, tr, tc]], laid: [{i, letter, r, c}], pick: {r, c} | {i} | null}
      swap: null, // a simple joker taken back from the board: {r, c, i (the die given), joker (its rack index)}
    },
  });
  const { st, seats, seated, toAct, playing, mustAct, seatName, isBot, busy, banner, sendAction } = kit;

  // ---- skeleton --------------------------------------------------------------------------

  const chipsBox = el("div", { class: "vp-chips" });
  // On a phone the board is wider than the screen and scrolls sideways inside its zone, or
  // fits the screen (« Plateau entier »); the button shows on small screens only.
  const boardScroll = el("div", { class: "vp-board-scroll" });
  const fitButton = el("button", { type: "button", class: "btn ghost small vp-fit-toggle", "aria-pressed": "false", onclick: () => toggleFit() });
  const boardZone = el("section", { class: "table-boardzone vp-boardzone", "aria-label": "Le plateau" }, fitButton, boardScroll);
  const previewLine = el("div", { class: "table-preview vp-preview", "aria-live": "polite" });
  const rackZone = el("section", { class: "table-rackzone vp-rackzone", "aria-label": "Votre réglette" });
  const playersBox = el("section", { class: "card table-players vp-players", "aria-label": "Joueurs, scores et dés" });
  const bagsBox = el("section", { class: "card table-tracking vp-bags", "aria-label": "Les sacs" });

  // The preview and the réglette head the side column: beside the board on a wide screen; on
  // a narrow one the page is one column and they come right after the board (style.css).
  kit.layout(main, {
    pageClass: "table-page vp-page",
    column: [banner, chipsBox, kit.infoBox, kit.endBox, boardZone],
    side: [previewLine, rackZone, playersBox, kit.logBox, bagsBox],
  });

  // ---- connection ------------------------------------------------------------------------

  kit.connect({
    render: renderAll,
    view: ({ events, initial, prevGame }) => applyView(events, initial, prevGame),
    preview: (result, refused) => { st.preview = result; renderPreview(); if (!refused) renderBoard(); },
    status: renderRack,
    sent: renderRack,
    endModal: showEndModal,
  });
  fillBanner(banner, { kind: "wait", text: "Connexion à la table…" });

  /** The game's part of a new view: what the player was preparing, the news. */
  function applyView(events, initial, prev) {
    // A new roll or a new turn: what the player was preparing no longer applies.
    const turnKey = `${st.game.turn}:${st.game.rolls}:${st.game.step}`;
    if (turnKey !== st.turnKey) {
      const sameTurn = prev && prev.turn === st.game.turn && st.game.step === "place";
      clearWord(false);
      // Within a turn the rack's order does not change: the start cell, the dice kept and the
      // fétiches chosen stay as they were across rolls.
      if (!sameTurn) { st.rec = null; st.start = null; st.dir = "E"; st.keep = new Set(); st.fetish = new Set(); }
      st.turnKey = turnKey;
    }
    for (const ev of initial ? [] : events) {
      const d = ev.data || {};
      if (ev.type === "word") sound("play");
      else if (ev.type === "roll" && d.seat !== st.seat) sound("tile");
      else if (ev.type === "timeout") toast(`Temps écoulé pour ${d.seat === st.seat ? "vous" : seatName(d.seat)} : le tour passe.`, { kind: "info" });
      else if (ev.type === "final_phase") toast("Un joueur n’a plus de dés : tous les dés vont au sac opaque, on tire 7 dés à l’aveuglette.", { kind: "info", duration: 5000 });
      else if (ev.type === "last_round") toast("Le dernier dé est joué : qui n’a pas encore joué ce tour compose avec les lettres du plateau.", { kind: "info", duration: 5000 });
      else if (ev.type === "board_anagram" && d.seat !== st.seat) toast(`${seatName(d.seat)} annonce l’anagramme ${d.word} de ${d.of} : +${d.points}.`, { kind: "info" });
    }
  }

  // ---- derived state ---------------------------------------------------------------------

  const myTurn = () => mustAct() && (st.game.step === "roll" || st.game.step === "place");
  const rack = () => (st.game && seated() ? st.game.racks[st.seat] || [] : []);
  const rolled = () => rack().some((d) => d.face !== null && d.face !== undefined);
  // Rule 11b: in the last round a player with no die left composes with the board's letters
  // only (a recomposition without dice).
  const emptyHanded = () => myTurn() && rack().length === 0 && (st.game.board || []).length > 0;
  const canPlace = () => myTurn() && (rolled() || emptyHanded());
  const taken = () => new Set((st.game.board || []).map((t) => key(t.cell[0], t.cell[1])));
  const tileAt = (r, c) => (st.game.board || []).find((t) => t.cell[0] === r && t.cell[1] === c);
  /** Rack die i, or the joker taken back from the board (it joins the rack as its last die). */
  function myDie(i) {
    if (st.swap && i === st.swap.joker) {
      const t = tileAt(st.swap.r, st.swap.c);
      return { colour: t ? tileColour(t.die) : "vert", face: "?" };
    }
    return rack()[i];
  }

  /** Where the word's dice land: from the start cell along the direction, cells already taken
   * being played through (as the engine lays them). */
  function planned() {
    if (!st.start || !st.game) return { cells: [], off: false };
    const { dr, dc } = DIR[st.dir];
    const full = taken();
    const cells = [];
    let [r, c] = st.start;
    let off = false;
    for (const w of st.word) {
      while (full.has(key(r, c))) { r += dr; c += dc; }
      if (!onDisc(st.game.geometry, r, c)) { off = true; break; }
      cells.push({ r, c, ...w });
      r += dr; c += dc;
    }
    return { cells, off };
  }

  // ---- preparing a word ------------------------------------------------------------------

  function clearWord(render = true) {
    st.word = [];
    st.swap = null;
    if (st.rec) st.rec = { moves: [], laid: [], pick: null };
    st.preview = null;
    st.previewSeq += 1;
    clearTimeout(st.previewTimer);
    if (render) { st.start = null; changed(); }
  }

  function changed() {
    requestPreview();
    renderBoard();
    renderRack();
    renderPreview();
  }

  function placeAction() {
    const s = st.start || [0, 0];
    return {
      type: "place", row: s[0], col: s[1], direction: st.dir,
      // an accent sign die comes right after the letter die it is set on (E then ^ = Ê)
      dice: st.word.flatMap((w) => (w.sign !== undefined ? [w.i, w.sign] : [w.i])),
      letters: st.word.flatMap((w) => (w.sign !== undefined ? [w.letter || "", ""] : [w.letter || ""])),
      fetishes: [...st.fetish].filter((i) => !inWord(i) && !(st.swap && st.swap.i === i)).sort((a, b) => a - b),
      swap: st.swap ? [st.swap.r, st.swap.c, st.swap.i] : [],
    };
  }

  function recomposeAction() {
    const laid = st.rec.laid;
    return {
      type: "recompose", moves: st.rec.moves.flat(), dice: laid.map((x) => x.i),
      cells: laid.flatMap((x) => [x.r, x.c]), letters: laid.map((x) => x.letter || ""),
      fetishes: [...st.fetish].filter((i) => !laid.some((x) => x.i === i)).sort((a, b) => a - b),
    };
  }

  const ready = () => (st.rec ? st.rec.moves.length > 0 : st.word.length > 0 && Boolean(st.start));

  function requestPreview() {
    clearTimeout(st.previewTimer);
    if (!canPlace() || !ready()) { st.preview = null; return; }
    st.preview = { waiting: true };
    const action = st.rec ? recomposeAction() : placeAction();
    kit.previewLater(() => action, 120);
  }

  /** Whether rack die i is in the word (as a letter die or as the accent sign set on one). */
  const inWord = (i) => st.word.some((w) => w.i === i || w.sign === i);

  /** An accent sign die clicked while composing: set on the last letter die of the word (the
   * engine takes it right after that die, on its cell), or a French reason why not. */
  function addSign(i, face) {
    const last = st.word[st.word.length - 1];
    const mark = face === "^" ? "l’accent circonflexe" : "le tréma";
    if (!last) { toast(`Posez d’abord la lettre qui prend ${mark} : le signe se pose sur la dernière lettre du mot.`, { kind: "info" }); return; }
    if (last.sign !== undefined) { toast("Cette lettre porte déjà un signe d’accent.", { kind: "info" }); return; }
    const d = myDie(last.i) || {};
    const letter = JOKERS.has(d.face) ? last.letter : d.face;
    const accented = (SIGN_ACCENTS[face] || {})[letter];
    if (!accented) {
      toast(letter && letter.length === 1 && /^[A-Z]$/.test(letter)
        ? `La lettre ${letter} ne prend pas ${mark} : le signe se pose sur la dernière lettre du mot.`
        : `Un signe d’accent se pose sur une lettre seule sans accent, juste après elle (pas sur ${faceText(d.face, last.letter) || "ce dé"}).`, { kind: "info" });
      return;
    }
    last.sign = i;
    st.fetish.delete(i);
    sound("tile");
    changed();
  }

  /** A click on a simple joker of the board (seed C1): take it back against a die of the rack
   * showing its letter, which goes on its cell; the joker must be used at once, so it joins
   * the word now (its letter asked; clicked in the rack it leaves the word and comes back at
   * its end, to change its place). Clicked again, or the die given: undone. */
  async function jokerClicked(r, c, t) {
    if (!canPlace() || busy() || st.asking) return;
    if (st.swap) {
      const here = st.swap.r === r && st.swap.c === c;
      cancelSwap();
      if (!here) toast("Un seul joker repris par coup : l’échange précédent est annulé.", { kind: "info" });
      return;
    }
    const give = rack().findIndex((d, i) => d.face !== null && d.face !== undefined && faceText(d.face) === t.letter && !inWord(i));
    if (give < 0) { toast(`Pour reprendre ce joker, donnez un dé qui montre ${t.letter} : vous n’en avez pas.`, { kind: "info" }); return; }
    st.asking = true;
    const letter = await askJokerLetter("?");
    st.asking = false;
    if (!letter || !canPlace()) return;
    const joker = rack().length;
    st.swap = { r, c, i: give, joker };
    st.fetish.delete(give);
    st.word.push({ i: joker, letter });
    toast(`Joker repris contre votre ${t.letter} : il doit servir dans ce mot.`, { kind: "info" });
    sound("tile");
    changed();
  }

  function cancelSwap() {
    if (!st.swap) return;
    const joker = st.swap.joker;
    st.word = st.word.filter((w) => w.i !== joker);
    st.swap = null;
    sound("lift");
    changed();
  }

  // ---- recomposing (seed: moving dice already laid, +10) ----------------------------------

  /** The board as the recomposition leaves it: moved dice at their new cells, the rack dice
   * laid; each tile says what it is (`rec`: "moved" with its move's index, or "laid"). */
  function recTiles() {
    const g = st.game;
    const from = new Set(st.rec.moves.map((m) => key(m[0], m[1])));
    const tiles = (g.board || []).filter((t) => !from.has(key(t.cell[0], t.cell[1])));
    st.rec.moves.forEach((m, k) => {
      const t = tileAt(m[0], m[1]);
      if (t) tiles.push({ ...t, cell: [m[2], m[3]], rec: "moved", move: k });
    });
    for (const x of st.rec.laid) {
      const d = rack()[x.i] || {};
      tiles.push({ cell: [x.r, x.c], face: d.face, die: d.colour, letter: x.letter, accent: "", rec: "laid", i: x.i });
    }
    return tiles;
  }

  function toggleRecompose() {
    if (!canPlace() || busy()) return;
    st.rec = st.rec ? null : { moves: [], laid: [], pick: null };
    st.word = [];
    st.swap = null;
    st.start = null;
    if (st.rec) toast(`Recomposition : cliquez un dé du plateau puis la case où il va${rack().length ? " ; ou un dé de votre réglette puis une case" : ""}.`, { kind: "info", duration: 5000 });
    changed();
  }

  /** A click on a cell while recomposing. */
  async function recCellClicked(r, c, t) {
    if (!canPlace() || busy() || st.asking) return;
    const rec = st.rec;
    if (t && t.rec === "moved") { rec.moves.splice(t.move, 1); rec.pick = null; sound("lift"); changed(); return; }
    if (t && t.rec === "laid") { rec.laid = rec.laid.filter((x) => x.i !== t.i); rec.pick = null; sound("lift"); changed(); return; }
    if (t) {
      rec.pick = rec.pick && rec.pick.r === r && rec.pick.c === c ? null : { r, c };
      changed();
      return;
    }
    if (!rec.pick) { toast("Choisissez d’abord un dé du plateau ou de votre réglette.", { kind: "info" }); return; }
    if (rec.pick.i === undefined) {
      rec.moves.push([rec.pick.r, rec.pick.c, r, c]);
    } else {
      const d = rack()[rec.pick.i];
      let letter = "";
      if (JOKERS.has(d.face)) {
        st.asking = true;
        letter = await askJokerLetter(d.face);
        st.asking = false;
        if (!letter || !canPlace() || !st.rec) return;
      }
      rec.laid.push({ i: rec.pick.i, letter, r, c });
      st.fetish.delete(rec.pick.i);
    }
    rec.pick = null;
    sound("tile");
    changed();
  }

  function recDieClicked(i) {
    const rec = st.rec;
    if (rec.laid.some((x) => x.i === i)) { rec.laid = rec.laid.filter((x) => x.i !== i); sound("lift"); changed(); return; }
    const d = rack()[i];
    if (!d || d.face === null) return;
    if (SIGN_ACCENTS[d.face]) { toast("Un signe d’accent ne se pose pas dans une recomposition : il se pose sur une lettre dans un mot déposé.", { kind: "info" }); return; }
    rec.pick = rec.pick && rec.pick.i === i ? null : { i };
    changed();
  }

  async function toggleDie(i) {
    if (!canPlace() || busy()) return;
    if (st.rec) { recDieClicked(i); return; }
    if (st.swap && i === st.swap.i) { cancelSwap(); return; }
    const signed = st.word.find((w) => w.sign === i);
    if (signed) { delete signed.sign; sound("lift"); changed(); return; }
    const at = st.word.findIndex((w) => w.i === i);
    if (at >= 0) { st.word.splice(at, 1); sound("lift"); changed(); return; }
    const d = myDie(i);
    if (!d || d.face === null) return;
    if (SIGN_ACCENTS[d.face]) { addSign(i, d.face); return; }
    let letter = "";
    if (JOKERS.has(d.face)) {
      if (st.asking) return;
      st.asking = true;
      letter = await askJokerLetter(d.face);
      st.asking = false;
      if (!letter || !canPlace()) return;
    }
    st.word.push({ i, letter });
    st.fetish.delete(i);
    sound("tile");
    changed();
  }

  /** A click on an empty cell: the start cell; again: the next direction; a cell in line with
   * the start: the direction towards it. */
  function cellClicked(r, c) {
    if (!canPlace() || busy()) return;
    const onWord = planned().cells.find((p) => p.r === r && p.c === c);
    if (onWord) { st.word = st.word.filter((w) => w.i !== onWord.i); sound("lift"); changed(); return; }
    if (st.start && st.start[0] === r && st.start[1] === c) {
      const names = DIRECTIONS.map((d) => d[0]);
      st.dir = names[(names.indexOf(st.dir) + 1) % names.length];
    } else if (st.start && towards(st.start, [r, c])) {
      st.dir = towards(st.start, [r, c]);
    } else {
      st.start = [r, c];
    }
    sound("tile");
    changed();
  }

  function towards([r0, c0], [r, c]) {
    const dr = Math.sign(r - r0);
    const dc = Math.sign(c - c0);
    if (r - r0 !== 0 && c - c0 !== 0 && Math.abs(r - r0) !== Math.abs(c - c0)) return null;
    const found = DIRECTIONS.find(([, a, b]) => a === dr && b === dc);
    return found ? found[0] : null;
  }

  function dropOn(r, c, i) {
    if (!canPlace() || busy()) return;
    if (!st.start || !st.word.length) st.start = [r, c];
    else if (towards(st.start, [r, c])) st.dir = towards(st.start, [r, c]);
    if (!inWord(i)) toggleDie(i); else changed();
  }

  // ---- actions ---------------------------------------------------------------------------

  function doRoll() {
    if (!myTurn() || !st.game.rolls_left) return;
    const keep = st.game.rolls ? [...st.keep].filter((i) => rack()[i] && rack()[i].face !== null && !rack()[i].fetish).sort((a, b) => a - b) : [];
    sound("shuffle");
    sendAction({ type: "roll", keep });
  }

  function doPlace() {
    if (!canPlace()) return;
    if (st.rec) {
      if (!st.rec.moves.length) { toast("Déplacez au moins un dé du plateau.", { kind: "info" }); return; }
      sendAction(recomposeAction());
      return;
    }
    if (!st.start) { toast("Choisissez la case de départ sur le plateau.", { kind: "info" }); return; }
    if (!st.word.length) { toast("Choisissez les dés de votre mot sur la réglette.", { kind: "info" }); return; }
    sendAction(placeAction());
  }

  /** Passing ends the turn: asked first, as in Topword. */
  async function doPass() {
    if (!myTurn() || busy() || st.asking) return;
    st.asking = true;
    const ok = await confirmModal("Passer votre tour ?", rolled() || emptyHanded()
      ? "Vous ne posez aucun mot ce tour-ci ; vos dés lancés retournent en vrac (les fétiches restent)."
      : "Vous ne lancez pas vos dés et ne posez aucun mot ce tour-ci.", "Passer", { iconName: "pass" });
    st.asking = false;
    if (ok && myTurn()) { clearWord(false); sendAction({ type: "pass" }); }
  }

  /** Seed A6, "quel que soit le tour de jeu": an anagram of a word of the board, on one's turn. */
  function anagramForm() {
    const input = el("input", { type: "text", maxlength: "30", placeholder: "Anagramme d’un mot du plateau…", "aria-label": "Anagramme d’un mot du plateau", autocomplete: "off" });
    const form = el("form", { class: "inline vp-announce-form vp-board-anagram" }, input,
      button("Annoncer l’anagramme", { kind: "small", type: "submit", disabled: busy() }));
    form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim() && myTurn()) sendAction({ type: "anagram", word: input.value.trim() }); });
    return form;
  }

  function toggleFit() {
    st.fit = !st.fit;
    st.centred = false;
    renderBoard();
  }

  // ---- keyboard --------------------------------------------------------------------------

  kit.onKeys((event) => {
    const k = event.key;
    if (!myTurn()) return;
    if (k === "r" || k === "R") { event.preventDefault(); doRoll(); }
    else if (k === "Enter") { event.preventDefault(); doPlace(); }
    else if (k === "Escape") { event.preventDefault(); clearWord(); }
    else if (k === "d" || k === "D") {
      event.preventDefault();
      const names = DIRECTIONS.map((d) => d[0]);
      st.dir = names[(names.indexOf(st.dir) + 1) % names.length];
      changed();
    } else if (/^[1-9]$/.test(k) && Number(k) <= rack().length) { event.preventDefault(); toggleDie(Number(k) - 1); }
  });

  function showHelp() {
    showKeysHelp([
      ["R", "lancer ou relancer les dés (ceux marqués « garder » restent)"],
      ["1 à 9", "ajoute le dé n° de la réglette au mot (ou le retire)"],
      ["D", "change la direction du mot"],
      ["Entrée", "dépose le mot"],
      ["Échap", "efface le mot"],
      ["?", "affiche cette aide"],
    ], "Cliquez une case vide du plateau pour y commencer le mot ; recliquez-la pour changer de direction, ou cliquez une case dans l’alignement. Vous pouvez aussi glisser un dé sur une case. Un dé ^ ou ¨ se pose sur la dernière lettre du mot : E puis ^ donne Ê. Un joker du plateau se reprend en le cliquant, contre un de vos dés qui montre sa lettre. « Recomposer » déplace des dés déjà posés (+10).");
  }

  // ---- rendering -------------------------------------------------------------------------

  function renderAll() {
    kit.renderRole();
    renderBanner();
    renderChips();
    kit.renderInfo();
    renderBoard();
    renderPreview();
    renderRack();
    renderPlayers();
    kit.showLog(logEntries(st.game, seatName));
    replace(bagsBox, bagsNodes(st.game));
    renderEnd();
  }

  function renderBanner() {
    kit.renderBanner(() => {
      const g = st.game;
      const names = toAct().map(seatName);
      const bots = toAct().length > 0 && toAct().every(isBot);
      if (mustAct() && g.step === "announce") return { kind: "you", text: `Annonces sur ${g.announce ? g.announce.text : "le mot"}`, sub: "Accents, anagrammes ou définitions : annoncez, puis terminez." };
      if (mustAct()) {
        if (emptyHanded()) return { kind: "you", text: "À vous : recomposez !", sub: "Plus de dé : « Recomposer » déplace des dés du plateau pour former de nouveaux mots (+10) ; sinon, passez." };
        if (!rolled()) return { kind: "you", text: "À vous : lancez les dés !", sub: "Trois lancers au plus ; entre deux, gardez les dés qui vous plaisent." };
        return { kind: "you", text: "À vous : déposez un mot !", sub: g.rolls_left ? `Ou relancez les dés non gardés (${plural(g.rolls_left, "lancer")} restant${g.rolls_left > 1 ? "s" : ""}).` : "Plus de lancer : déposez un mot ou passez." };
      }
      if (g.step === "announce") return { kind: "wait", text: "Annonces en cours…", sub: names.length ? `En attente : ${names.join(", ")}.` : null };
      return { kind: "wait", text: waitingText(names, bots), sub: bots ? "Il lance ses dés et cherche son mot." : null };
    }, { overSub: () => END_REASONS[st.game.end_reason] || null });
  }

  function renderChips() {
    const g = st.game;
    if (!g) return;
    const o = g.options || {};
    const extras = [o.multi_letter_values && "dés multiples", o.graphemes && "graphèmes", o.accents && "accents annoncés",
      o.anagrams && "anagrammes annoncés", o.definitions && "mots annoncés", o.super_joker && "super joker"].filter(Boolean);
    replace(chipsBox,
      el("span", { class: "vp-elue", title: "Un mot qui commence par la lettre Élue vaut 3 points par lettre" },
        el("span", { class: "vp-elue-label", text: "Lettre Élue" }), el("span", { class: "vp-elue-letter", text: g.elue })),
      el("span", { class: "chip", text: `Tour ${Math.max(1, (g.turn || 0) + (g.over ? 0 : 1))}` }),
      g.final && !g.over ? el("span", { class: "chip chip-live", text: g.final_turns !== null ? `Dernier tour : ${plural(g.final_turns, "coup")}` : "Fin de partie : tirages à l’aveuglette" }) : null,
      g.super_force ? el("span", { class: "chip", text: `Super joker ×${g.super_force}` }) : null,
      extras.length ? el("span", { class: "chip", text: `Plus-values : ${extras.join(", ")}` }) : null);
  }

  function renderBoard() {
    const g = st.game;
    if (!g) return;
    const plan = planned();
    const planMap = new Map(plan.cells.map((p) => [key(p.r, p.c), p]));
    const interactive = canPlace() && !busy();
    const p = st.preview;
    const verdict = p && !p.waiting ? (p.legal ? "ok" : "ko") : "";
    const mine = rack();
    if (st.rec) {
      const pick = st.rec.pick;
      replace(boardScroll, boardNode(g, {
        tiles: recTiles(),
        cell: (r, c, t) => {
          const out = { className: [t && t.rec ? `planned ${verdict}` : "", pick && pick.r === r && pick.c === c ? "start" : ""].join(" ") };
          if (interactive) {
            out.as = "button";
            out.props = {
              type: "button", onclick: () => recCellClicked(r, c, t),
              "aria-label": `${cellName(r, c)}${t ? (t.rec ? " : annuler" : " : déplacer ce dé") : " : poser ici"}`,
            };
          }
          return out;
        },
      }));
      boardScroll.firstChild.classList.toggle("placing", interactive);
      showBoard();
      return;
    }
    const node = boardNode(g, {
      last: lastCells(g),
      cell: (r, c, t) => {
        if (t) {
          if (t.face !== "?") return {};
          // a simple joker of the board: taken back against a die showing its letter (C1)
          const swapped = st.swap && st.swap.r === r && st.swap.c === c;
          const out = {};
          if (swapped) {
            const given = mine[st.swap.i] || {};
            out.node = dieNode({ colour: given.colour, face: given.face, accent: t.accent }, { elue: g.elue, extraClass: "planned-swap" });
            out.className = "planned ok";
          }
          if (interactive) {
            out.as = "button";
            out.props = {
              type: "button",
              "aria-label": `${cellName(r, c)} : joker (${t.letter}) — ${swapped ? "annuler l’échange" : `le reprendre contre votre ${t.letter}`}`,
              title: swapped ? "Annuler l’échange du joker" : `Reprendre ce joker contre un dé qui montre ${t.letter} (il doit servir dans votre mot)`,
              onclick: () => jokerClicked(r, c, t),
            };
            out.className = [out.className || "", "vp-joker-cell"].join(" ");
          }
          return out;
        }
        const k = key(r, c);
        const plannedDie = planMap.get(k);
        const isStart = st.start && st.start[0] === r && st.start[1] === c;
        const out = { className: [plannedDie ? `planned ${verdict}` : "", isStart ? "start" : ""].join(" ") };
        if (plannedDie) {
          const d = myDie(plannedDie.i) || {};
          const s = plannedDie.sign !== undefined ? mine[plannedDie.sign] : null;
          const accent = s ? (SIGN_ACCENTS[s.face] || {})[JOKERS.has(d.face) ? plannedDie.letter : d.face] || "" : "";
          out.node = dieNode({ colour: d.colour, face: d.face, letter: plannedDie.letter, accent }, { elue: g.elue });
        }
        if (isStart && canPlace()) out.overlay = el("span", { class: "vp-arrow", "aria-hidden": "true", text: DIR[st.dir].arrow });
        if (interactive) {
          out.as = "button";
          out.props = {
            type: "button", "aria-label": `${cellName(r, c)}${plannedDie ? " : retirer ce dé" : isStart ? " : changer de direction" : " : commencer ici"}`,
            onclick: () => cellClicked(r, c),
            ondragover: (e) => { e.preventDefault(); e.currentTarget.classList.add("drop"); },
            ondragleave: (e) => e.currentTarget.classList.remove("drop"),
            ondrop: (e) => { e.preventDefault(); const i = Number(e.dataTransfer.getData("text/plain")); if (Number.isInteger(i)) dropOn(r, c, i); },
          };
        }
        return out;
      },
    });
    node.classList.toggle("placing", interactive);
    replace(boardScroll, node);
    showBoard();
  }

  /** The zoom of the board on a phone: its button's words, and the first look at a board
   * wider than the screen centred on the middle cell. */
  function showBoard() {
    boardZone.classList.toggle("fit", st.fit);
    fitButton.setAttribute("aria-pressed", st.fit ? "true" : "false");
    replace(fitButton, icon("search"), el("span", { text: st.fit ? "Agrandir le plateau" : "Plateau entier" }));
    if (!st.centred && boardScroll.scrollWidth > boardScroll.clientWidth) {
      boardScroll.scrollLeft = (boardScroll.scrollWidth - boardScroll.clientWidth) / 2;
      st.centred = true;
    }
  }

  function renderPreview() {
    const show = canPlace();
    previewLine.hidden = !show;
    if (!show) return;
    const p = st.preview;
    const plan = planned();
    if (st.rec && !st.rec.moves.length) {
      previewLine.className = "table-preview vp-preview idle";
      replace(previewLine, el("span", { text: "Recomposition (+10) : cliquez un dé du plateau, puis la case où le déplacer ; un dé de votre réglette, puis une case, pour l’ajouter." }));
    } else if (!st.rec && (!st.start || !st.word.length)) {
      previewLine.className = "table-preview vp-preview idle";
      replace(previewLine, el("span", { text: !st.start ? "Cliquez une case vide du plateau pour y commencer votre mot, puis vos dés dans l’ordre." : `Départ ${cellName(...st.start)}, ${DIR[st.dir].label} ${DIR[st.dir].arrow} : cliquez vos dés dans l’ordre du mot.` }));
    } else if (!st.rec && plan.off) {
      previewLine.className = "table-preview vp-preview invalid";
      replace(previewLine, icon("info"), el("span", { class: "preview-error", text: "Le mot sort du plateau." }));
    } else if (!p || p.waiting) {
      previewLine.className = "table-preview vp-preview";
      replace(previewLine, el("span", { class: "muted", text: "Calcul des points…" }));
    } else if (p.legal) {
      previewLine.className = "table-preview vp-preview valid";
      replace(previewLine, el("span", { class: "preview-words" }, outcomeChips(p)),
        el("span", { class: "preview-total" }, el("span", { class: "preview-score", text: num(p.total) }), el("span", { text: Math.abs(p.total) > 1 ? "points" : "point" })),
        breakdownNode(p));
    } else {
      previewLine.className = "table-preview vp-preview invalid";
      replace(previewLine, icon("info"), el("span", { class: "preview-error", text: p.message || "Ce mot ne convient pas." }));
    }
  }

  function renderRack() {
    const g = st.game;
    if (!g || !seated() || g.over) { replace(rackZone); rackZone.hidden = true; return; }
    rackZone.hidden = false;
    if (g.step === "announce" && mustAct()) {
      replace(rackZone, announcePanel(g, { busy: busy(), send: sendAction, seatName }));
      return;
    }
    const my = rack();
    const wordPos = st.rec ? new Map(st.rec.laid.map((x, k) => [x.i, k]))
      : new Map(st.word.flatMap((w, k) => (w.sign !== undefined ? [[w.i, k], [w.sign, k]] : [[w.i, k]])));
    const picked = st.rec && st.rec.pick && st.rec.pick.i !== undefined ? st.rec.pick.i : null;
    const place = canPlace() && !busy();
    const mayKeep = myTurn() && rolled() && g.rolls_left > 0 && !busy();
    // a joker taken back shows as the rack's last die; the die given for it as set aside
    const slots = st.swap ? [...my, myDie(st.swap.joker)] : my;
    const diceNodes = slots.map((d, i) => {
      const pos = wordPos.get(i);
      const given = Boolean(st.swap && i === st.swap.i);
      const used = pos !== undefined || given;
      const die = dieNode({ colour: d.colour, face: d.face }, {
        elue: g.elue, as: place ? "button" : "span",
        extraClass: [used ? "used" : "", d.fetish ? "fetish" : "", st.keep.has(i) ? "kept" : "", picked === i ? "picked" : ""].join(" "),
        badge: given ? "⇄" : used ? String(pos + 1) : d.fetish ? "★" : null,
        props: place ? { draggable: "true", "aria-pressed": used ? "true" : "false", onclick: () => toggleDie(i), ondragstart: (e) => e.dataTransfer.setData("text/plain", String(i)), dataset: { index: String(i), face: d.face ?? "", colour: d.colour } } : { dataset: { index: String(i), face: d.face ?? "", colour: d.colour } },
      });
      const keepBtn = mayKeep && !d.fetish && d.face !== null && !used
        ? el("button", { type: "button", class: ["vp-keep", st.keep.has(i) ? "on" : ""], "aria-pressed": st.keep.has(i) ? "true" : "false", "aria-label": `Garder le dé ${i + 1} au prochain lancer`, text: st.keep.has(i) ? "gardé" : "garder",
          onclick: () => { if (st.keep.has(i)) st.keep.delete(i); else st.keep.add(i); renderRack(); } })
        : null;
      const fetishBtn = place && d.face !== null && !used && !d.fetish
        ? el("button", { type: "button", class: ["vp-fetish", st.fetish.has(i) ? "on" : ""], "aria-pressed": st.fetish.has(i) ? "true" : "false", "aria-label": `Fétiche : garder le dé ${i + 1} au tour suivant`, title: "Fétiche : garder ce dé, avec sa face, au tour suivant", text: "★",
          onclick: () => { if (st.fetish.has(i)) st.fetish.delete(i); else st.fetish.add(i); requestPreview(); renderRack(); } })
        : null;
      return el("div", { class: "vp-slot" }, die, el("div", { class: "vp-slot-tools" }, keepBtn, fetishBtn));
    });
    const nothingToRoll = my.every((d, i) => d.fetish || (g.rolls && st.keep.has(i)));
    const rollLabel = !g.rolls ? "Lancer les dés" : `Relancer (${g.rolls_left})`;
    // A word or a recomposition under way: what lays it, and what clears it.
    const composing = canPlace() && (st.rec || rolled());
    const actions = myTurn() ? el("div", { class: "table-actions vp-actions" },
      g.rolls_left > 0 && my.length ? button(rollLabel, { kind: rolled() ? "" : "primary", iconName: "shuffle", onClick: doRoll, disabled: busy() || nothingToRoll, title: "R" }) : null,
      composing ? button(st.rec ? "Valider la recomposition" : "Déposer le mot", { kind: "primary play-btn", iconName: "check", onClick: doPlace, disabled: busy() || !ready(), title: "Entrée" }) : null,
      composing ? button("Effacer", { kind: "ghost", iconName: "undo", onClick: () => clearWord(), disabled: st.rec ? !st.rec.moves.length && !st.rec.laid.length : !st.word.length && !st.start, title: "Échap" }) : null,
      canPlace() && (g.board || []).length && (rolled() || !st.rec) ? button(st.rec ? "Écrire un mot" : "Recomposer", { kind: "ghost vp-recompose", iconName: "shuffle", onClick: toggleRecompose, disabled: busy(), title: st.rec ? "Revenir au mot posé d’un coup" : "Déplacer des dés déjà posés pour former de nouveaux mots (+10)" }) : null,
      button("Passer", { kind: "ghost vp-pass", iconName: "pass", onClick: doPass, disabled: busy() })) : null;
    const dirs = canPlace() && !st.rec ? el("div", { class: "vp-dirs", role: "radiogroup", "aria-label": "Direction du mot" },
      DIRECTIONS.map(([d, , , arrow, label]) => el("button", { type: "button", role: "radio", class: ["vp-dir", d === st.dir ? "on" : ""], "aria-checked": d === st.dir ? "true" : "false", "aria-label": label, title: label, text: arrow, dataset: { dir: d },
        onclick: () => { st.dir = d; changed(); } }))) : null;
    const anagrams = myTurn() && g.options && g.options.anagrams && (g.board || []).length ? anagramForm() : null;
    replace(rackZone,
      el("div", { class: "vp-rack-head" }, el("h2", { class: "vp-rack-title", text: "Votre réglette" }),
        el("span", { class: "muted small", text: my.length ? `${dice(my.length)}${myTurn() && rolled() ? ` · ${plural(g.rolls, "lancer")}` : ""}` : "Plus aucun dé" })),
      el("div", { class: "rack vp-rack" }, diceNodes.length ? diceNodes : el("span", { class: "muted", text: "Vous n’avez plus de dé." })),
      dirs, actions, anagrams,
      canPlace() && my.some((d) => d.face !== null) ? el("p", { class: "muted small vp-hint", text: "★ : fétiche, gardé avec sa face pour le tour suivant (annoncé à tous)." }) : null);
  }

  function renderPlayers() {
    const g = st.game;
    if (!g || !st.table) return;
    const list = playerList(g, { seats: seats(), seatName, me: st.seat, active: (i) => toAct().includes(i) && playing(), shownScores: st.scoresShown });
    st.scoresShown = [...(g.scores || [])];
    replace(playersBox, el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Joueurs" }), el("span", { class: "card-title-extra", text: "points" })), list);
  }

  function renderEnd() {
    kit.renderEnd((g) => ({ summary: END_REASONS[g.end_reason] || "", table: () => resultTable(g, seatName) }));
  }

  function showEndModal() {
    kit.endModal({ reason: END_REASONS[st.game.end_reason] || "", table: () => resultTable(st.game, seatName) });
  }

  // A board that becomes wider than its zone (a phone turned, a window narrowed) is centred once.
  const onResize = () => { if (!st.centred && st.game) showBoard(); };
  window.addEventListener("resize", onResize);
  return kit.cleanup(() => window.removeEventListener("resize", onResize));
}
