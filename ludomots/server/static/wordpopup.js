// The word popup a table's or a replay's log opens on a word, and the pieces of a lookup the
// dictionary page (lexicon.js) shares with it: readings, definitions, the validity badge.

import { el, icon, replace, loading, modal } from "./ui.js";
import { lookupWord, getGames, ApiError } from "./api.js";

let gameList = null;

/** The server's games as [name, title] pairs (each referees words with its own policy), asked
 * once: a game added as a plugin is listed without editing this file. */
export function listGames() {
  if (!gameList) {
    gameList = getGames().then(
      (data) => (Array.isArray(data) ? data : data.games || [])
        .filter((g) => g.available !== false).map((g) => [g.name, g.title]),
      (err) => { gameList = null; throw err; });
  }
  return gameList;
}

const CLASS_LABELS = {
  n: "nom", adj: "adjectif", v: "verbe", adv: "adverbe", interj: "interjection",
  prep: "préposition", conj: "conjonction", det: "déterminant", pron: "pronom", num: "nombre",
  nprop: "nom propre", loc: "locution", affix: "affixe", elem: "élément de locution", sign: "signe",
  "n.m.": "nom masculin", "n.f.": "nom féminin", "adj.": "adjectif", "adv.": "adverbe",
  "v.": "verbe", "v.pr.": "verbe pronominal",
};
const GENDERS = { m: "masculin", f: "féminin", e: "masculin et féminin" };
const NUMBERS = { s: "singulier", p: "pluriel", i: "invariable" };
const MOODS = {
  Y: "infinitif", P: "participe présent", Q: "participe passé", Ip: "indicatif présent",
  Iq: "indicatif imparfait", Is: "passé simple", If: "futur", K: "conditionnel",
  Sp: "subjonctif présent", Sq: "subjonctif imparfait", E: "impératif",
};
const PERSONS = {
  "1s": "1re pers. du sing.", "2s": "2e pers. du sing.", "3s": "3e pers. du sing.",
  "1p": "1re pers. du plur.", "2p": "2e pers. du plur.", "3p": "3e pers. du plur.",
};

export function classLabel(cls) {
  return CLASS_LABELS[cls] || cls || "";
}

/** "nom masculin singulier", "verbe — indicatif présent, 2e pers. du sing." */
export function readingText(entry) {
  const parts = [entry.label || classLabel(entry.class)];
  if (entry.gender && GENDERS[entry.gender]) parts.push(GENDERS[entry.gender]);
  if (entry.number && NUMBERS[entry.number]) parts.push(NUMBERS[entry.number]);
  let text = parts.join(" ");
  const moods = (entry.moods || []).map((m) => MOODS[m] || m);
  const persons = (entry.persons || []).map((p) => PERSONS[p] || p);
  if (moods.length) text += ` — ${moods.join(", ")}${persons.length ? ` (${persons.join(", ")})` : ""}`;
  if (entry.pronominal) text += ", pronominal";
  return text;
}

/** Readings and definitions of a lookup result, as DOM. */
export function wordDetails(data) {
  const entries = Array.isArray(data.entries) ? data.entries : [];
  const definitions = Array.isArray(data.definitions) ? data.definitions : [];
  const blocks = [];
  if (entries.length) {
    blocks.push(el("section", { class: "lex-block" },
      el("h3", { class: "lex-subtitle", text: entries.length > 1 ? "Lectures" : "Lecture" }),
      el("ul", { class: "readings" }, entries.map((e) => el("li", {},
        el("span", { class: "reading-form", text: e.form }),
        el("span", { class: "reading-arrow", "aria-hidden": "true", text: "→" }),
        el("span", { class: "visually-hidden", text: " forme de " }),
        el("a", { class: "reading-lemma", href: `/lexique/${encodeURIComponent(e.lemma)}`, text: e.lemma }),
        el("span", { class: "reading-class", text: readingText(e) }))))));
  }
  if (definitions.length) {
    blocks.push(el("section", { class: "lex-block" },
      el("h3", { class: "lex-subtitle", text: "Définitions" }),
      definitions.map((d) => el("div", { class: "definition" },
        el("p", { class: "def-head" }, el("strong", { text: d.lemma }), " ",
          el("span", { class: "chip", text: d.label || classLabel(d.class) })),
        el("ol", { class: "senses" }, (d.senses || []).slice(0, 8).map((s) => el("li", { text: s })))))));
  }
  if (!entries.length && !definitions.length) {
    blocks.push(el("p", { class: "muted", text: "Ce mot n’est pas dans le lexique." }));
  } else if (!definitions.length) {
    blocks.push(el("p", { class: "muted small", text: "Pas de définition disponible pour ce mot." }));
  }
  return blocks;
}

export function validityBadge(valid) {
  if (valid === true) return el("span", { class: "badge ok" }, icon("check"), el("span", { text: "Accepté" }));
  if (valid === false) return el("span", { class: "badge ko" }, icon("close"), el("span", { text: "Refusé" }));
  return el("span", { class: "badge unknown", text: "—" });
}

/** « au Topword », but « à Awalettres »: a game's name after « à » (no article before a vowel,
 * as one says « jouer à Awalettres »). */
export function atGame(title) {
  return /^[aeiouyàâéèêëîïôöûü]/i.test(title) ? `à ${title}` : `au ${title}`;
}

/** Popup for a word clicked in a move log. */
export async function wordPopup(word, game = "topword") {
  const body = el("div", { class: "word-popup" }, loading("Recherche…"));
  modal({ title: word, content: body, className: "word-modal" });
  try {
    const [data, games] = await Promise.all([lookupWord(word, game), listGames().catch(() => [])]);
    const gameTitle = (games.find(([g]) => g === game) || [game, game])[1];
    replace(body,
      el("p", { class: "popup-valid" }, validityBadge(data.valid), el("span", { text: ` ${atGame(gameTitle)}` })),
      wordDetails(data),
      el("p", { class: "small" }, el("a", { href: `/lexique/${encodeURIComponent(word)}`, target: "_blank", rel: "noopener" },
        "Ouvrir dans le dictionnaire")));
  } catch (err) {
    replace(body, el("p", { class: "error-text", text: err instanceof ApiError ? err.message : "Recherche impossible." }));
  }
}
