// Typo's table screen, the drawing: banner, part, revealed cards, the four rows, the resolution,
// hand, players, unseen cards, log, the end of the game and the keyboard help.
// Each function takes the screen object `s` first (panels.js).

import { el, icon, button, replace, plural, signed, num, de, needsDrawing, forgetDrawn } from "../../ui.js";
import { SEAT_COLOURS, whoNode, playerItem, waitingText, showKeysHelp } from "../../tablekit.js";
import { DECK, cardNode, partLabel } from "./cards.js";
import { wordPopup } from "../../wordpopup.js";
import { LETTERS, SIDE_LABELS } from "./common.js";

export function renderAll(s) {
  const { kit, renderBanner, renderPart, renderStage, renderRows, renderResolve, renderHand, renderPlayers, renderUnseen, renderLog, renderEnd } = s;
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

export function renderBanner(s) {
  const { kit, st, toAct, seatName, mustChoose, seated, myResolve, myCard, isBot, mustVote, myDiscard } = s;
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

export function renderPart(s) {
  const { st, partBox, seatName } = s;
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
export function renderStage(s) {
  const { st, seatName, mustVote, vote, seated, flashNode, resolutionOrder, stage } = s;
  const g = st.game;
  if (!g) return;
  // Redrawn only when what it shows changes: another player's vote must not replace
  // « Je doute » under a click (the count of votes shows only to those who wait).
  if (!needsDrawing(stage, [g.step, g.pending, g.over, g.revealed, g.played, g.queue, g.resolver, g.players,
    mustVote() ? null : [g.voted, g.my_vote], st.flash, st.seat, st.table && st.table.seats, mustVote(), seated(),
    Boolean(st.pendingAction)])) return;
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

export function flashNode(s, f) {
  const { seatName } = s;
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

export function renderRows(s) {
  const { st, myResolve, myDiscard, myCard, placedRow, selectTarget, confirmFail, rowsBox } = s;
  const g = st.game;
  if (!g) return;
  const resolving = myResolve() && !st.pendingAction;
  const discarding = (myDiscard() || (myResolve() && st.failing)) && !st.pendingAction;
  const card = myCard();
  const longest = new Set(g.longest_rows || []);
  const pending = g.pending;
  // Redrawn only when what the rows show changes: a row end or « Défausser » under a click.
  if (!needsDrawing(rowsBox, [g.rows, g.longest_rows, resolving, discarding, st.failing, st.target, card,
    pending ? [pending.row, pending.side] : null])) return;
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

export function renderResolve(s) {
  const { st, myResolve, resolveBox, announceBtn, cannotBtn, wordInput, myCard, wordForm, previewLine, renderPreview } = s;
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

export function renderPreview(s) {
  const { myResolve, previewLine, st, placedRow, myCard } = s;
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

export function renderHand(s) {
  const { st, seated, handBox, mustChoose, confirmChoice, pick } = s;
  const g = st.game;
  if (!g) return;
  if (!seated() || !Array.isArray(g.hand) || g.over) { handBox.hidden = true; forgetDrawn(handBox); return; }
  handBox.hidden = false;
  const choosing = mustChoose();
  const busy = Boolean(st.pendingAction) || st.conn !== "open";
  const hand = g.hand;
  // Redrawn only when what it shows changes: another player's choice must not replace the
  // card under a click (a flaky browser test showed the card pressed was not picked).
  if (!needsDrawing(handBox, [hand, choosing, busy, st.picked, g.my_choice || null])) return;
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

export function renderPlayers(s) {
  const { st, seats, toAct, playing, isBot, seatName, playersBox, kit } = s;
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

export function renderUnseen(s) {
  const { st, unseenBox, seated } = s;
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

export function renderLog(s) {
  const { st, seatName, kit } = s;
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

export function resultTable(s) {
  const { st, seats, seatName } = s;
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

export function renderEnd(s) {
  const { kit, resultTable } = s;
  kit.renderEnd(() => ({ summary: "Le joueur qui a perdu le moins de points l’emporte.", table: resultTable }));
}

export function showEndModal(s) {
  const { kit, resultTable } = s;
  kit.endModal({ table: resultTable });
}

export function showHelp(s) {
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
