// Topword's table screen, the drawing: banner, players, board, preview, rack, actions, unseen
// tiles, log, the end of the game and the keyboard help.
// Each function takes the screen object `s` first (panels.js).

import {
  el, icon, button, replace, plural, signed, levelLabel, countTo, num, de, needsDrawing, forgetDrawn,
} from "../../ui.js";
import { SEAT_COLOURS, whoNode, playerItem, showKeysHelp } from "../../tablekit.js";
import { tileNode, tileLabel, parseCell, VOWELS, DISTRIBUTION } from "./board.js";
import { wordPopup } from "../../wordpopup.js";
import { END_REASONS } from "./texts.js";

export function renderAll(s) {
  const { kit, renderBanner, renderPlayers, renderBoard, renderPreview, renderRack, renderActions, renderTracking, renderLog, renderEnd } = s;
  kit.renderRole();
  renderBanner();
  renderPlayers();
  kit.renderInfo();
  renderBoard();
  renderPreview();
  renderRack();
  renderActions();
  renderTracking();
  renderLog();
  renderEnd();
}

/** While the connection is lost, a notice over the board. */
export function renderOverlay(s) {
  const { st, boardOverlay } = s;
  const lost = st.conn === "reconnecting" && st.table;
  boardOverlay.hidden = !lost;
  if (lost) {
    replace(boardOverlay, el("div", { class: "overlay-card", role: "alert" },
      el("span", { class: "spinner", "aria-hidden": "true" }),
      el("span", { text: "Connexion perdue. Reconnexion en cours…" })));
  }
}

export function renderBanner(s) {
  const { kit, st, seated, toAct, finalWindow, seatName, seats, canChallenge } = s;
  kit.renderBanner(() => {
    const g = st.game;
    let kind = "wait";
    let text;
    let sub = null;
    if (seated() && toAct().includes(st.seat)) {
      kind = "you";
      if (finalWindow()) {
        text = `Le dernier mot ${de(seatName(g.pending.seat))} attend votre verdict.`;
        sub = "Acceptez-le ou contestez-le pour terminer la partie.";
      } else {
        text = "À vous de jouer !";
      }
    } else {
      const names = toAct().map(seatName);
      const bot = toAct().some((i) => seats()[i] && seats()[i].kind === "bot");
      text = names.length ? (bot ? `${names.join(", ")} réfléchit…` : `Au tour ${de(names.join(", "))}`) : "…";
    }
    if (!sub && canChallenge() && !finalWindow()) {
      const p = g.pending;
      sub = `${seatName(p.seat)} a joué ${p.notation} (${plural(p.score, "point")}) : vous pouvez le contester.`;
    }
    return { kind, text, sub };
  }, { winners: () => st.table.result && st.table.result.winners });
}

export function renderPlayers(s) {
  const { st, seats, toAct, playing, seatName, finalWindow, playersBox, kit } = s;
  const g = st.game;
  const t = st.table;
  if (!g || !t) return;
  const scores = g.scores || [];
  const prev = st.scoresShown;
  const list = el("ul", { class: "player-list" });
  seats().forEach((s, i) => {
    const active = toAct().includes(i) && playing();
    const winner = g.over && t.result && (t.result.winners || []).includes(i);
    const shown = prev ? prev[i] ?? 0 : scores[i] ?? 0;
    const scoreEl = el("span", { class: "player-score", "aria-label": plural(scores[i] ?? 0, "point"), dataset: { value: String(shown) }, text: num(shown) });
    const gain = prev && scores[i] !== undefined && prev[i] !== undefined ? scores[i] - prev[i] : 0;
    const rackSize = g.rack_sizes ? g.rack_sizes[i] : 0;
    list.append(playerItem({
      seat: s, index: i, name: seatName(i), me: i === st.seat, active, winner,
      tags: s.kind === "bot" ? el("span", { class: "tag", text: levelLabel(s.level) }) : null,
      details: el("span", { class: "player-sub" },
        active ? el("span", { class: "turn-flag", text: finalWindow() ? "doit statuer" : (s.kind === "bot" ? "réfléchit…" : "joue") }) : null,
        el("span", { class: "rack-pips", "aria-label": `${plural(rackSize, "lettre")} sur le chevalet` },
          Array.from({ length: rackSize }, () => el("span", { class: "pip" }))),
        el("span", { class: "player-clock", dataset: { clockSeat: String(i) } })),
      score: [scoreEl,
        gain > 0 ? el("span", { class: "score-gain", text: signed(gain) }) : gain < 0 ? el("span", { class: "score-gain neg", text: signed(gain) }) : null],
    }));
    if (prev && prev[i] !== scores[i]) requestAnimationFrame(() => countTo(scoreEl, scores[i] ?? 0));
  });
  st.scoresShown = [...scores];
  replace(playersBox,
    el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Joueurs" }),
      el("span", { class: "card-title-extra" }, el("span", { class: "bag-count" }, icon("bag"), el("span", { text: `${g.bag ?? 0} dans le sac` })))),
    list);
  kit.tick();
}

export function lastCells(s) {
  const { st } = s;
  const last = st.game && st.game.last;
  return new Set(last && last.type === "play" && Array.isArray(last.cells) ? last.cells : []);
}

export function renderBoard(s) {
  const { st, placedLetters, board, boardStacks, lastCells, seated, isMyTurn } = s;
  if (!st.game) return;
  const placed = placedLetters();
  let bubble = null;
  if (placed.size) {
    const cells = [...placed.keys()].sort((a, b) => {
      const [ra, ca] = parseCell(a);
      const [rb, cb] = parseCell(b);
      return ra - rb || ca - cb;
    });
    const lastCell = cells[cells.length - 1];
    const p = st.preview;
    if (p && !p.waiting) bubble = p.legal ? { cell: lastCell, text: String(p.score) } : { cell: lastCell, text: "!", error: true };
  }
  board.update({
    board: boardStacks(),
    last: lastCells(),
    placed,
    cursor: seated() && !st.game.over ? st.cursor : null,
    settle: st.settle,
    error: Boolean(st.preview && !st.preview.waiting && st.preview.legal === false),
    bubble,
  });
  board.grid.classList.toggle("can-play", isMyTurn());
  // Tiles put on the board can be dragged back or elsewhere.
  for (const [cell, tileId] of st.placed) {
    const [r, c] = parseCell(cell);
    const tileEl = board.cells[r][c].querySelector(".tile");
    if (tileEl) { tileEl.dataset.tileId = String(tileId); tileEl.dataset.fromCell = cell; }
  }
}

export function renderPreview(s) {
  const { st, seated, previewBox, isMyTurn } = s;
  if (!st.game) return;
  if (!seated() || st.game.over) {
    replace(previewBox);
    previewBox.hidden = true;
    return;
  }
  previewBox.hidden = false;
  const p = st.preview;
  if (!st.placed.size) {
    previewBox.className = "table-preview idle";
    replace(previewBox, el("span", { class: "muted", text: isMyTurn()
      ? "Choisissez une lettre puis une case, glissez-la, ou cliquez une case et tapez votre mot."
      : "Vous pouvez préparer votre coup en attendant votre tour." }));
    return;
  }
  if (!p || p.waiting) {
    previewBox.className = "table-preview waiting";
    replace(previewBox, el("span", { class: "spinner small", "aria-hidden": "true" }), el("span", { class: "muted", text: "Calcul du score…" }));
    return;
  }
  if (!p.legal) {
    previewBox.className = "table-preview invalid";
    replace(previewBox, icon("info"), el("span", { class: "preview-error", text: p.message || "Ce coup n’est pas valable." }));
    return;
  }
  previewBox.className = "table-preview valid";
  const words = (p.words || []).map((w) => el("span", { class: ["word-chip", w.flat ? "flat" : ""] },
    el("span", { class: "word", text: w.word }), el("span", { class: "pts", text: String(w.score) }),
    w.flat ? el("span", { class: "visually-hidden", text: " (mot à plat, doublé)" }) : null));
  const extras = [];
  if (p.bonus_letters) extras.push(el("span", { class: "bonus-chip", text: `lettres bonus ${signed(p.bonus_letters)}` }));
  if (p.all_tiles_bonus) extras.push(el("span", { class: "bonus-chip", text: `7 lettres ${signed(p.all_tiles_bonus)}` }));
  replace(previewBox,
    el("span", { class: "preview-notation", text: p.notation || "" }),
    el("span", { class: "preview-words" }, words, extras),
    el("span", { class: "preview-total" }, el("strong", { class: "preview-score", text: String(p.score) }), el("span", { text: p.score === 1 ? " point" : " points" })));
}

export function renderRack(s, animateShuffle = false) {
  const { st, seated, rackZone, rackBox, shuffleBtn, recallBtn } = s;
  if (!st.game) return;
  const show = seated() && Array.isArray(st.game.rack);
  rackZone.hidden = !show && !seated();
  if (!show) {
    replace(rackBox);
    forgetDrawn(rackBox);
    return;
  }
  const placedIds = new Set(st.placed.values());
  // In challenge mode the draw waits until the word can no longer be contested: the tiles to
  // come show as dashed slots, with why (the rack otherwise looked two or three tiles short).
  const g = st.game;
  const waiting = g.pending && g.pending.seat === st.seat && g.options && g.options.referee === "challenge"
    ? Math.min(Math.max(0, 7 - st.rack.length), g.bag || 0) : 0;
  // Redrawn only when what it shows changes: another player's move must not replace the tile
  // under a click or a drag (a shuffle always animates).
  if (animateShuffle) forgetDrawn(rackBox);
  if (needsDrawing(rackBox, [st.rack.map((t) => [t.id, t.letter, Boolean(t.fresh)]), [...placedIds], st.selected, waiting, animateShuffle])) {
    const slots = st.rack.map((t, index) => {
      if (placedIds.has(t.id)) {
        return el("span", { class: "rack-slot empty", dataset: { index: String(index) }, "aria-hidden": "true" });
      }
      return el("button", {
        type: "button",
        class: ["rack-tile", st.selected === t.id ? "selected" : "", t.fresh ? "fresh" : "", animateShuffle ? "shuffled" : ""],
        dataset: { tileId: String(t.id), index: String(index), letter: t.letter },
        "aria-label": `Lettre ${tileLabel(t.letter)}${st.selected === t.id ? ", choisie" : ""}`,
        "aria-pressed": st.selected === t.id ? "true" : "false",
      }, tileNode(t.letter, { badge: false }));
    });
    for (let i = 0; i < waiting; i++) {
      slots.push(el("span", { class: "rack-slot pending-draw", title: "Lettre à piocher quand votre mot ne pourra plus être contesté", "aria-hidden": "true" }));
    }
    replace(rackBox, slots.length ? slots : el("span", { class: "muted", text: "Votre chevalet est vide." }),
      waiting ? el("span", { class: "rack-pending-note muted small", text: `Vous piocherez ${waiting === 1 ? "1 lettre" : `${waiting} lettres`} quand votre mot ne pourra plus être contesté.` }) : null);
  }
  for (const t of st.rack) t.fresh = false;
  shuffleBtn.disabled = st.rack.length < 2;
  recallBtn.disabled = st.placed.size === 0;
}

export function renderActions(s) {
  const { st, seated, actionsBox, isMyTurn, canAccept, doAccept, canChallenge, doChallenge, doPass, doExchange, shuffleRack, clearPlacement, submitPlacement } = s;
  if (!st.game) return;
  if (!seated() || st.game.over || (st.table && st.table.status !== "playing")) {
    replace(actionsBox);
    return;
  }
  const mine = isMyTurn();
  const busy = Boolean(st.pendingAction) || st.conn !== "open";
  const has = st.placed.size > 0;
  const illegal = Boolean(st.preview && !st.preview.waiting && st.preview.legal === false);
  const buttons = [];
  if (canAccept()) {
    buttons.push(button("Accepter", { kind: "primary", iconName: "accept", onClick: doAccept, disabled: busy, title: "Laisser le dernier mot et finir la partie" }));
  }
  if (canChallenge()) {
    buttons.push(button("Contester", { kind: "danger", iconName: "flag", onClick: doChallenge, disabled: busy, title: "Le dictionnaire va vérifier le dernier mot" }));
  }
  buttons.push(
    button("Passer", { kind: "", iconName: "pass", onClick: doPass, disabled: !mine || busy, title: "Passer votre tour" }),
    button("Échanger", { kind: "", iconName: "swap", onClick: doExchange, disabled: !mine || busy || !st.game.bag, title: st.game.bag ? "Échanger une lettre et passer" : "Le sac est vide" }),
    button("Mélanger", { kind: "mobile-only", iconName: "shuffle", onClick: shuffleRack, disabled: st.rack.length < 2, title: "Mélanger le chevalet" }),
    button("Effacer", { kind: "clear-btn", iconName: "undo", onClick: () => clearPlacement(), disabled: !has, title: "Reprendre les lettres posées (Échap)" }),
    button("Jouer", { kind: ["primary", "play-btn", illegal ? "looks-illegal" : ""].join(" "), iconName: "check", onClick: submitPlacement, disabled: !mine || !has || busy, title: "Jouer le coup (Entrée)" }),
  );
  replace(actionsBox, buttons);
}

export function renderTracking(s) {
  const { st, bagBox, seated } = s;
  const g = st.game;
  if (!g) return;
  const unseen = g.unseen || {};
  const total = Object.values(unseen).reduce((a, b) => a + b, 0);
  let vowels = 0;
  for (const [l, n] of Object.entries(unseen)) if (VOWELS.has(l)) vowels += n;
  const letters = Object.keys(DISTRIBUTION);
  replace(bagBox,
    el("h2", { class: "card-title", id: "tw-unseen-title" }, icon("eye"), el("span", { text: "Lettres non vues" }),
      el("span", { class: "card-title-extra", text: String(total) })),
    el("p", { class: "muted small", text: `${g.bag ?? 0} dans le sac${seated() ? " et sur les chevalets adverses" : " et sur les chevalets"} · ${plural(vowels, "voyelle")}, ${plural(total - vowels, "consonne")}` }),
    el("ul", { class: "unseen-grid", "aria-label": "Lettres non vues et leur nombre" }, letters.map((l) => {
      const n = unseen[l] || 0;
      return el("li", { class: ["unseen", n ? "" : "gone", VOWELS.has(l) ? "vowel" : ""], "aria-label": `${tileLabel(l)} : ${n}` },
        el("span", { class: "unseen-letter", text: tileLabel(l) }), el("span", { class: "unseen-count", text: String(n) }));
    })));
}

export function wordButton(s, word) {
  return el("button", { type: "button", class: "word-link", text: word, "aria-label": `${word} : voir la définition`, onclick: () => wordPopup(word, "topword") });
}

export function renderLog(s) {
  const { logNote, st, seatName, wordButton, kit } = s;
  logNote.hidden = !st.logPartial;
  logNote.textContent = "Les coups joués avant votre arrivée ne sont pas tous listés.";
  let turn = 0;
  const items = st.log.map((entry) => {
    const who = entry.seat !== undefined && entry.seat !== null ? el("span", { class: `log-who seat-${entry.seat % SEAT_COLOURS}` },
      el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: seatName(entry.seat) })) : null;
    switch (entry.kind) {
      case "play": {
        turn += 1;
        const words = (entry.words || []).map((w) => (typeof w === "string" ? { word: w } : w));
        return el("li", { class: ["log-entry", "play", entry.contested ? "contested" : ""] },
          el("span", { class: "log-num", text: String(turn) }),
          el("span", { class: "log-move" },
            el("span", { class: "log-line" }, who, el("span", { class: "log-notation", text: entry.notation || "" })),
            el("span", { class: "log-words" }, words.map((w) => el("span", { class: "log-word" }, wordButton(w.word),
              w.score !== undefined ? el("span", { class: "log-word-pts", text: String(w.score) }) : null)))),
          el("span", { class: "log-score", text: entry.contested ? "0" : signed(entry.score || 0) }));
      }
      case "pass":
        turn += 1;
        return el("li", { class: "log-entry pass" }, el("span", { class: "log-num", text: String(turn) }),
          el("span", { class: "log-move" },
            el("span", { class: "log-line" }, who, el("span", { class: entry.timeout ? "muted log-timeout" : "muted", text: entry.timeout ? ": temps écoulé" : `passe${entry.exchanged ? " et échange une lettre" : ""}` }))),
          el("span", { class: "log-score zero", text: "0" }));
      case "taken_back":
        return el("li", { class: "log-entry note" }, who, el("span", { class: "log-move", text: `Mot retiré : ${(entry.words || []).join(", ")}` }));
      case "challenge":
        return el("li", { class: ["log-entry", "note", entry.upheld ? "upheld" : ""] }, icon("flag"),
          el("span", { class: "log-move" }, `${seatName(entry.seat)} conteste ${seatName(entry.against)} : `,
            el("strong", { text: entry.upheld ? `refusé (${(entry.words || []).join(", ")})` : "le mot est valable" })));
      case "joined":
        return el("li", { class: "log-entry note" }, icon("user"), el("span", { class: "log-move", text: `${entry.name || seatName(entry.seat)} rejoint la table` }));
      case "end":
        return el("li", { class: "log-entry note end" }, icon("trophy"), el("span", { class: "log-move", text: `Fin de la partie. ${END_REASONS[entry.reason] || ""}` }));
      default:
        return null;
    }
  }).filter(Boolean);
  kit.showLog(items, "Aucun coup pour l’instant.");
}

export function resultRows(s) {
  const { st, seats } = s;
  const g = st.game;
  const scores = g.scores || [];
  const penalties = g.penalties || [];
  const racks = g.final_racks || [];
  const winners = (st.table.result && st.table.result.winners) || [];
  const order = seats().map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return order.map((i) => ({ i, score: scores[i] ?? 0, penalty: penalties[i] || 0, rack: racks[i] || [], winner: winners.includes(i) }));
}

export function resultTable(s) {
  const { resultRows, seatName } = s;
  return el("table", { class: "result-table" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", class: "num", text: "Points" }),
      el("th", { scope: "col", class: "num", text: "Pénalité" }), el("th", { scope: "col", class: "num", text: "Total" }))),
    el("tbody", {}, resultRows().map((row) => el("tr", { class: row.winner ? "winner" : "" },
      el("th", { scope: "row" }, el("span", { class: "result-who" },
        whoNode(row.i, seatName(row.i)),
        row.winner ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
      el("td", { class: "num", text: num(row.score + row.penalty) }),
      el("td", { class: "num penalty" },
        row.penalty ? el("span", { text: signed(-row.penalty) }) : el("span", { text: "0" }),
        row.rack.length ? el("span", { class: "muted small", text: ` (${row.rack.map(tileLabel).join(" ")})` }) : null),
      el("td", { class: "num total", text: num(row.score) })))));
}

export function renderEnd(s) {
  const { kit, resultTable } = s;
  kit.renderEnd((g) => ({ summary: `${END_REASONS[g.end_reason] || ""} Chaque lettre restante coûte 5 points.`, table: resultTable }));
}

export function showEndModal(s) {
  const { kit, st, resultTable } = s;
  kit.endModal({
    winners: (st.table.result && st.table.result.winners) || [],
    reason: END_REASONS[st.game.end_reason] || "",
    table: resultTable,
  });
}

export function showHelp(s) {
  const rows = [
    ["Clic sur une case", "place le curseur (→), un 2e clic le tourne (↓)"],
    ["Lettres A–Z", "posent la lettre du chevalet sous le curseur ; Q pose Qu"],
    ["Flèches", "déplacent le curseur ; la première flèche sur l’autre axe le tourne"],
    ["Espace", "change le sens du curseur"],
    ["Retour arrière", "reprend la dernière lettre posée"],
    ["Entrée", "joue le coup"],
    ["Échap", "reprend toutes les lettres posées"],
    ["Glisser-déposer", "une lettre du chevalet vers une case, ou d’une case vers le chevalet"],
    ["?", "affiche cette aide"],
  ];
  showKeysHelp(rows, "Pour empiler, tapez une lettre différente de celle de la case. Une case qui porte déjà la bonne lettre est simplement traversée.");
}
