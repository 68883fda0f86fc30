// The dictionary: is a word accepted in each game, what are its readings, what does it mean.
// Also the word popup used by the move log of a table.

import { el, icon, replace, setTitle, loading, modal, tileWord } from "./ui.js";
import { lookupWord, ApiError } from "./api.js";
import { navigate } from "./app.js";

// The games whose acceptance policy the lexicon knows (RULINGS.md); the server may list fewer.
const GAMES = [
  ["topword", "Topword"], ["typo", "Typo"], ["awalettres", "Awalettres"],
  ["vocabulon", "Vocabulon"], ["volapuk", "Volapük"],
];

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

function validityBadge(valid) {
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
    const data = await lookupWord(word, game);
    const gameTitle = (GAMES.find(([g]) => g === game) || [game, game])[1];
    replace(body,
      el("p", { class: "popup-valid" }, validityBadge(data.valid), el("span", { text: ` ${atGame(gameTitle)}` })),
      wordDetails(data),
      el("p", { class: "small" }, el("a", { href: `/lexique/${encodeURIComponent(word)}`, target: "_blank", rel: "noopener" },
        "Ouvrir dans le dictionnaire")));
  } catch (err) {
    replace(body, el("p", { class: "error-text", text: err instanceof ApiError ? err.message : "Recherche impossible." }));
  }
}

export function render(main, { word }) {
  setTitle(word ? `${word} · Dictionnaire` : "Dictionnaire");
  let alive = true;
  const input = el("input", {
    id: "lex-word", type: "search", name: "mot", value: word || "", placeholder: "Tapez un mot, par ex. râteau",
    autocomplete: "off", autocapitalize: "none", spellcheck: "false", maxlength: "40", required: true,
  });
  const results = el("div", { class: "lex-results", "aria-live": "polite" });
  const form = el("form", { class: "lex-search", role: "search" },
    el("label", { for: "lex-word", class: "visually-hidden", text: "Mot à chercher" }),
    el("span", { class: "lex-search-icon", "aria-hidden": "true" }, icon("search")),
    input,
    el("button", { class: "btn primary", type: "submit" }, el("span", { text: "Chercher" })));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const w = input.value.trim();
    if (!w) { input.focus(); return; }
    navigate(`/lexique/${encodeURIComponent(w)}`);
  });

  replace(main, el("div", { class: "page lexicon-page" },
    el("header", { class: "page-head" },
      el("p", { class: "eyebrow", text: "Dictionnaire" }),
      el("h1", { text: "Ce mot est-il valable ?" }),
      el("p", { class: "lead", text: "Le lexique de Ludomots sert d’arbitre : cherchez un mot pour savoir s’il est accepté dans chaque jeu, ses lectures et ses définitions. Les accents sont facultatifs." })),
    form, results));

  if (word) lookup(word);
  else {
    replace(results, el("div", { class: "card lex-hint" },
      el("p", { text: "Quelques idées :" }),
      el("div", { class: "row-actions" }, ["rateau", "bises", "soja", "qat", "kiwi"].map((w) =>
        el("a", { class: "chip link-chip", href: `/lexique/${w}`, text: w })))));
    setTimeout(() => input.focus(), 0);
  }

  async function lookup(w) {
    replace(results, loading("Recherche…"));
    const answers = await Promise.all(GAMES.map(([g]) => lookupWord(w, g).then((d) => ({ g, d }), (err) => ({ g, err }))));
    if (!alive) return;
    const firstOk = answers.find((a) => a.d);
    if (!firstOk) {
      const err = answers[0].err;
      replace(results, el("div", { class: "card" }, el("p", { class: "error-text", text: err && err.message ? err.message : "Recherche impossible." })));
      return;
    }
    const data = firstOk.d;
    const shown = (data.word || w).toUpperCase();
    replace(results, el("article", { class: "card lex-card" },
      el("div", { class: "lex-word-head" },
        shown.length <= 12 && /^[A-ZÀ-ÖØ-Ý]+$/.test(shown) ? tileWord(shown) : el("span", { class: "lex-word-text", text: shown }),
        el("h2", { class: "visually-hidden", text: data.word || w })),
      el("section", { class: "lex-block" },
        el("h3", { class: "lex-subtitle", text: "Validité par jeu" }),
        el("ul", { class: "validity" }, answers.map(({ g, d }) => {
          const title = GAMES.find(([name]) => name === g)[1];
          let valid = d ? d.valid : undefined;
          if (valid && typeof valid === "object") valid = valid[g];
          return el("li", { class: "validity-item" }, el("span", { class: "validity-game", text: title }), validityBadge(valid));
        }))),
      wordDetails(data)));
  }

  return () => { alive = false; };
}
