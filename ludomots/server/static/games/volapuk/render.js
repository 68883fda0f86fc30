// Volapük's table screen, the drawing: banner, chips, board, preview, rack, players and the end
// of the game.
// Each function takes the screen object `s` first (panels.js).

import { el, icon, button, replace, focusKeeper, plural, num, needsDrawing, forgetDrawn } from "../../ui.js";
import { waitingText } from "../../tablekit.js";
import {
  DIR, DIRECTIONS, JOKERS, SIGN_ACCENTS, outcomeChips, breakdownNode, boardNode, cellName, dieNode, key, lastCells, END_REASONS, dice,
} from "./dice.js";
import { announcePanel, logEntries, resultTable, playerList, bagsNodes } from "./panels.js";

export function renderAll(s) {
  const { kit, renderBanner, renderChips, renderBoard, renderPreview, renderRack, renderPlayers, st, seatName, bagsBox, renderEnd } = s;
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

export function renderBanner(s) {
  const { kit, st, toAct, seatName, isBot, mustAct, emptyHanded, rolled } = s;
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

export function renderChips(s) {
  const { st, chipsBox } = s;
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

export function renderBoard(s) {
  const { st, planned, canPlace, busy, rack, boardScroll, recTiles, recCellClicked, showBoard, jokerClicked, myDie, cellClicked, dropOn } = s;
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
export function showBoard(s) {
  const { boardZone, st, fitButton, boardScroll } = s;
  boardZone.classList.toggle("fit", st.fit);
  fitButton.setAttribute("aria-pressed", st.fit ? "true" : "false");
  replace(fitButton, icon("search"), el("span", { text: st.fit ? "Agrandir le plateau" : "Plateau entier" }));
  if (!st.centred && boardScroll.scrollWidth > boardScroll.clientWidth) {
    boardScroll.scrollLeft = (boardScroll.scrollWidth - boardScroll.clientWidth) / 2;
    st.centred = true;
  }
}

export function renderPreview(s) {
  const { canPlace, previewLine, st, planned } = s;
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

export function renderRack(s) {
  const { st, seated, rackZone, mustAct, busy, sendAction, seatName, rack, canPlace, myTurn, rolled, myDie, toggleDie, renderRack, requestPreview, doRoll, doPlace, ready, clearWord, toggleRecompose, doPass, changed, anagramForm } = s;
  const g = st.game;
  if (!g || !seated() || g.over) { replace(rackZone); forgetDrawn(rackZone); rackZone.hidden = true; return; }
  rackZone.hidden = false;
  // The fields typed in (anagrams, definitions) are kept across redraws, and so is the focus.
  const refocus = focusKeeper(rackZone);
  if (g.step === "announce" && mustAct()) {
    // Asked of all at once: redrawn only when what it shows changes, so that another player's
    // announcement never replaces a button under a click.
    if (needsDrawing(rackZone, ["announce", g.turn, g.announce, g.options, busy(), st.table && st.table.seats])) {
      replace(rackZone, announcePanel(g, { busy: busy(), send: sendAction, seatName, st }));
      refocus();
    }
    return;
  }
  forgetDrawn(rackZone); // the rack itself is drawn on every view
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
  refocus();
}

export function renderPlayers(s) {
  const { st, seats, seatName, toAct, playing, playersBox } = s;
  const g = st.game;
  if (!g || !st.table) return;
  const list = playerList(g, { seats: seats(), seatName, me: st.seat, active: (i) => toAct().includes(i) && playing(), shownScores: st.scoresShown });
  st.scoresShown = [...(g.scores || [])];
  replace(playersBox, el("h2", { class: "card-title" }, icon("user"), el("span", { text: "Joueurs" }), el("span", { class: "card-title-extra", text: "points" })), list);
}

export function renderEnd(s) {
  const { kit, seatName } = s;
  kit.renderEnd((g) => ({ summary: END_REASONS[g.end_reason] || "", table: () => resultTable(g, seatName) }));
}

export function showEndModal(s) {
  const { kit, st, seatName } = s;
  kit.endModal({ reason: END_REASONS[st.game.end_reason] || "", table: () => resultTable(st.game, seatName) });
}
