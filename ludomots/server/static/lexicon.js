// The dictionary: is a word accepted in each game, what are its readings, what does it mean.

import { el, icon, replace, setTitle, loading, tileWord } from "./ui.js";
import { lookupWord } from "./api.js";
import { navigate } from "./nav.js";
import { listGames, validityBadge, wordDetails } from "./wordpopup.js";

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
    let games;
    try {
      games = await listGames();
    } catch (err) {
      if (alive) replace(results, el("div", { class: "card" }, el("p", { class: "error-text", text: err && err.message ? err.message : "Recherche impossible." })));
      return;
    }
    const answers = await Promise.all(games.map(([g]) => lookupWord(w, g).then((d) => ({ g, d }), (err) => ({ g, err }))));
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
          const title = games.find(([name]) => name === g)[1];
          let valid = d ? d.valid : undefined;
          if (valid && typeof valid === "object") valid = valid[g];
          return el("li", { class: "validity-item" }, el("span", { class: "validity-game", text: title }), validityBadge(valid));
        }))),
      wordDetails(data)));
  }

  return () => { alive = false; };
}
