// Volapük's side panels: every player's dice as the others see them, the log, the result table
// and the plus-value announcements after a word (accents, anagrams, definitions).

import { el, icon, button, modal, num, signed, plural, countTo } from "../../ui.js";
import { SEAT_COLOURS, whoNode, avatarNode } from "../../tablekit.js";
import { wordPopup } from "../../wordpopup.js";
import { dieNode, playedText, breakdownNode, cellName } from "./dice.js";

/** A player's dice as this viewer may see them: colours always; a face only when the view
 * gives it (his own, the dice rolled this turn in front of everyone, announced fétiches). */
export function othersDice(g, seat, elue) {
  const rack = (g.racks || [])[seat] || [];
  return el("span", { class: "vp-mini-rack", "aria-label": plural(rack.length, "dé") },
    rack.map((d) => dieNode({ colour: d.colour, face: d.face }, { elue, extraClass: ["mini", d.fetish ? "fetish" : ""].join(" ") })),
    el("span", { class: "vp-count", text: plural(rack.length, "dé") }));
}

/** Every player: avatar, name, clock while he plays, his dice, his points (counting up). */
export function playerList(g, { seats, seatName, me, active, shownScores }) {
  const scores = g.scores || [];
  return el("ul", { class: "player-list vp-player-list" }, seats.map((s, i) => {
    const acting = active(i);
    const winner = g.over && (g.winners || []).includes(i);
    const shown = shownScores ? shownScores[i] ?? 0 : scores[i] ?? 0;
    const scoreEl = el("span", { class: "player-score", dataset: { value: String(shown) }, text: num(shown) });
    if (shownScores && shownScores[i] !== scores[i]) requestAnimationFrame(() => countTo(scoreEl, scores[i] ?? 0));
    return el("li", { class: ["player", `seat-${i % SEAT_COLOURS}`, acting ? "active" : "", i === me ? "me" : "", winner ? "winner" : ""], dataset: { seat: String(i) } },
      avatarNode(s, seatName(i)),
      el("span", { class: "player-main" },
        el("span", { class: "player-name" }, el("span", { class: "name-text", text: seatName(i) }),
          i === me ? el("span", { class: "tag you-tag", text: "vous" }) : null,
          winner ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null,
          acting ? el("span", { class: "player-clock", dataset: { clockSeat: String(i) } }) : null),
        othersDice(g, i, g.elue)),
      el("span", { class: "score-wrap" }, scoreEl));
  }));
}

/** The bags: the coloured dice left in the transparent bag, the opaque bag's count. */
export function bagsNodes(g) {
  if (!g) return [];
  const bags = g.bags || { coloured: {}, opaque: 0 };
  return [el("h2", { class: "card-title" }, icon("bag"), el("span", { text: "Les sacs" })),
    el("div", { class: "vp-bag-row" }, Object.entries(bags.coloured).map(([c, n]) => el("span", { class: "vp-bag", title: `${plural(n, "dé")} ${c}${n > 1 ? "s" : ""}` },
      dieNode({ colour: c, face: null }, { extraClass: "mini" }), el("span", { text: String(n) }))),
    el("span", { class: "vp-bag", title: "Sac opaque" }, dieNode({ colour: "vert", face: null }, { extraClass: "mini" }), el("span", { text: String(bags.opaque) }))),
    el("p", { class: "muted small", text: "Sac transparent : les dés de couleur ; sac opaque : les dés verts, tirés à l’aveuglette." })];
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

/** Which letter a joker stands for (a letter clicked or typed); null when dismissed. */
export function askJokerLetter(face) {
  let m = null;
  const grid = el("div", { class: "aw-letter-grid", role: "group", "aria-label": "Lettres" },
    LETTERS.map((l) => el("button", { type: "button", class: "aw-letter-btn", text: l, onclick: () => m.close(l) })));
  const onKey = (e) => { const l = e.key.length === 1 ? e.key.toUpperCase() : ""; if (/^[A-Z]$/.test(l)) { e.preventDefault(); m.close(l); } };
  m = modal({
    title: face === "*" ? "Quelle lettre le super joker remplace-t-il ?" : "Quelle lettre le joker remplace-t-il ?",
    className: "aw-wild-modal vp-joker-modal",
    content: el("div", {}, el("p", { class: "muted", text: "Un joker remplace n’importe quelle lettre seule, mais ni un signe ni la case espace." }), grid),
  });
  m.dialog.addEventListener("keydown", onKey);
  return m.result;
}

/** The log: every word (with the breakdown of its points), every pass and every anagram
 * announced on a turn, in order. */
export function logEntries(g, seatName) {
  if (!g) return [];
  // The results of a word's announcements are a log entry of their own, after the word's
  // (records saved before that kept them in the word's entry, as `announced`).
  const announced = {};
  for (const p of g.played || []) if (p.type === "announced") announced[p.turn] = p;
  const items = (g.played || []).filter((p) => p.type !== "announced").map((p) => {
    if (p.type === "pass") {
      // A pass the clock played (the timer ran out) says so (issue 19).
      return el("li", { class: "log-entry note vp-log-pass" }, whoNode(p.seat, seatName(p.seat)), el("span", { class: p.timeout ? "log-move log-timeout" : "log-move", text: p.timeout ? ": temps écoulé" : "passe son tour" }));
    }
    if (p.type === "anagram") {
      return el("li", { class: "log-entry vp-log-anagram" }, whoNode(p.seat, seatName(p.seat)),
        el("span", { class: "log-move", text: `annonce l’anagramme ${p.word} de ${p.of}` }),
        el("span", { class: "log-score", text: signed(p.points) }));
    }
    const main = (p.words || [])[0];
    return el("li", { class: "log-entry vp-log-word" }, whoNode(p.seat, seatName(p.seat)),
      el("span", { class: "log-move" },
        el("span", { class: "log-line" },
          main ? el("button", { type: "button", class: "word-link", text: main.text.replace(/ /g, "␣"), "aria-label": `${main.text} : voir la définition`, onclick: () => wordPopup(main.text, "volapuk") }) : null,
          el("span", { class: "muted small", text: playedText(p).replace(/^pose \S+ /, "") })),
        breakdownNode(p),
        p.fetishes && p.fetishes.length ? el("span", { class: "muted small", text: `fétiches : ${p.fetishes.join(" ")}` }) : null,
        announcedText(announced[p.turn] || p.announced, seatName)),
      el("span", { class: ["log-score", p.total < 0 ? "neg" : p.total === 0 ? "zero" : ""], text: signed(p.total) }));
  });
  if (g.over) items.push(el("li", { class: "log-entry note strong" }, icon("trophy"), el("span", { class: "log-move", text: "Fin de la partie." })));
  return items.length ? items : [el("li", { class: "log-empty muted", text: "Aucun mot pour l’instant." })];
}

/** The results of the announcements on a word (accents, anagrams, definitions), or null. */
export function announcedText(a, seatName) {
  if (!a) return null;
  const bits = [
    ...(a.accents || []).map((x) => `${seatName(x.seat)} : accent ${x.accent} en ${x.name} ${signed(x.points)}`),
    ...(a.anagrams || []).map((x) => `${seatName(x.seat)} : anagramme ${x.word} ${x.shared ? "(commun, 0)" : signed(x.points)}`),
    ...(a.definitions || []).map((x) => `${seatName(x.seat)} : « ${x.text} » ${signed(x.points)}`),
  ];
  return bits.length ? el("span", { class: "muted small vp-announced", text: bits.join(" · ") }) : null;
}

/** The final scores, best first. */
export function resultTable(g, seatName) {
  const scores = g.scores || [];
  const winners = g.winners || [];
  const words = (seat) => (g.played || []).filter((p) => p.type === "word" && p.seat === seat);
  const order = scores.map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return el("table", { class: "result-table vp-result" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Joueur" }), el("th", { scope: "col", class: "num", text: "Mots" }),
      el("th", { scope: "col", text: "Meilleur mot" }), el("th", { scope: "col", class: "num", text: "Points" }))),
    el("tbody", {}, order.map((i) => {
      const mine = words(i);
      const best = mine.reduce((b, p) => (!b || p.total > b.total ? p : b), null);
      return el("tr", { class: winners.includes(i) ? "winner" : "", dataset: { seat: String(i) } },
        el("th", { scope: "row" }, el("span", { class: "result-who" }, whoNode(i, seatName(i)),
          winners.includes(i) ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null)),
        el("td", { class: "num", text: String(mine.length) }),
        el("td", { text: best && best.words.length ? `${best.words[0].text} (${signed(best.total)})` : "—" }),
        el("td", { class: "num total", text: num(scores[i] ?? 0) }));
    })));
}

const MARKS = [["aigu", "accent aigu ´"], ["grave", "accent grave `"], ["circonflexe", "accent circonflexe ^"], ["trema", "tréma ¨"]];

/** A field of the screen kept across redraws while `scope` (the turn, the word announced on)
 * lasts: another player's announcement, redrawing the panel, never loses what is typed or
 * chosen. `st.fields` holds them. */
export function keptField(st, scope, name, make) {
  if (!st.fields || st.fields.scope !== scope) st.fields = { scope };
  if (!st.fields[name]) st.fields[name] = make();
  return st.fields[name];
}

/** After a word, with the plus-values: announce accents, anagrams, definitions, then finish.
 * The fields are kept in `st` (keptField) for as long as the announcements on this word. */
export function announcePanel(g, { busy, send, seatName, st }) {
  const a = g.announce || { word: [], text: "", accents: [], mine: [], my_definitions: [] };
  const o = g.options || {};
  const field = (name, make) => keptField(st, `announce:${g.turn}:${a.seat}:${a.text}`, name, make);
  const parts = [el("div", { class: "vp-rack-head" }, el("h2", { class: "vp-rack-title", text: `Annonces sur ${a.text}` }),
    el("span", { class: "muted small", text: `posé par ${seatName(a.seat)}` }))];
  if (o.accents) {
    const cell = field("cell", () => el("select", { "aria-label": "Lettre à accentuer" }, a.word.map(([r, c], k) => el("option", { value: `${r},${c}`, text: `${cellName(r, c)} : ${a.text.replace(/[^A-Za-zÀ-ÿ]/g, "")[k] || ""}` }))));
    const mark = field("mark", () => el("select", { "aria-label": "Accent" }, MARKS.map(([m, label]) => el("option", { value: m, text: label }))));
    const form = el("form", { class: "inline vp-announce-form" }, cell, mark, button("Annoncer l’accent", { kind: "small", type: "submit", disabled: busy }));
    form.addEventListener("submit", (e) => { e.preventDefault(); const [r, c] = cell.value.split(",").map(Number); send({ type: "accent", row: r, col: c, mark: mark.value }); });
    parts.push(el("p", { class: "muted small", text: "Accent juste : 3 points (6 s’il sert à deux mots croisés)." }), form);
    if (a.accents.length) parts.push(el("p", { class: "small", text: `Annoncés : ${a.accents.map((x) => `${x.accent} en ${x.name}`).join(", ")}` }));
  }
  if (o.anagrams) {
    const input = field("anagram", () => el("input", { type: "text", maxlength: "30", placeholder: "Un anagramme…", "aria-label": "Anagramme", autocomplete: "off" }));
    const form = el("form", { class: "inline vp-announce-form" }, input, button("Annoncer", { kind: "small", type: "submit", disabled: busy }));
    form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) send({ type: "anagram", word: input.value.trim() }); });
    parts.push(el("p", { class: "muted small", text: "Anagramme : 1 point par lettre, rien s’il est annoncé par plusieurs." }), form);
    if (a.mine.length) parts.push(el("p", { class: "small", text: `Vos anagrammes : ${a.mine.join(", ")}` }));
  }
  if (o.definitions) {
    const input = field("definition", () => el("input", { type: "text", maxlength: "200", placeholder: "Une définition…", "aria-label": "Définition", autocomplete: "off" }));
    const form = el("form", { class: "inline vp-announce-form" }, input, button("Définir", { kind: "small", type: "submit", disabled: busy }));
    form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) send({ type: "define", text: input.value.trim() }); });
    parts.push(el("p", { class: "muted small", text: `Le dictionnaire donne ${plural(a.senses || 0, "sens", "sens")} : 3, 5, 7… points par définition individuelle.` }), form);
    if (a.my_definitions.length) parts.push(el("p", { class: "small", text: `Vos définitions : ${a.my_definitions.join(" ; ")}` }));
  }
  parts.push(el("div", { class: "table-actions" }, button("J’ai fini mes annonces", { kind: "primary", iconName: "check", disabled: busy, onClick: () => send({ type: "done" }) })));
  return el("div", { class: "card vp-announce" }, parts);
}
