// The rules of a game, as the server renders them from the game's French player rules.
// The HTML comes from trusted files on the server; it is still rebuilt here through an
// allow-list of tags and attributes (defence in depth), never assigned with innerHTML.

import { el, icon, replace, setTitle, loading, errorBlock, de } from "./ui.js";
import { getRules } from "./api.js";

const ALLOWED = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "P", "UL", "OL", "LI", "STRONG", "EM",
  "B", "I", "CODE", "PRE", "BLOCKQUOTE", "TABLE", "THEAD", "TBODY", "TR", "TH", "TD", "A", "HR",
  "BR", "SPAN", "DIV", "DL", "DT", "DD", "SUP", "SUB", "SECTION", "FIGURE", "FIGCAPTION", "SMALL", "KBD", "MARK"]);
const DROP = new Set(["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE", "FORM", "INPUT", "BUTTON", "SVG", "MATH", "LINK", "META"]);

/** Copy a parsed DOM into fresh elements, keeping only allowed tags and safe attributes. */
export function sanitize(html) {
  const doc = new DOMParser().parseFromString(String(html || ""), "text/html");
  const out = document.createDocumentFragment();
  const walk = (src, dst) => {
    for (const node of src.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) {
        dst.append(document.createTextNode(node.textContent));
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        if (DROP.has(node.tagName)) continue;
        if (!ALLOWED.has(node.tagName)) { walk(node, dst); continue; }
        const copy = document.createElement(node.tagName.toLowerCase());
        if (node.tagName === "A") {
          const href = node.getAttribute("href") || "";
          if (/^(\/(?!\/)|#|https?:\/\/)/i.test(href)) copy.setAttribute("href", href);
          if (/^https?:/i.test(href)) { copy.setAttribute("target", "_blank"); copy.setAttribute("rel", "noopener noreferrer"); }
        }
        for (const attr of ["id", "colspan", "rowspan", "title"]) {
          if (node.hasAttribute(attr)) copy.setAttribute(attr, node.getAttribute(attr));
        }
        if (node.tagName === "TH" || node.tagName === "TD") {
          const align = node.getAttribute("style") || "";
          const m = align.match(/text-align:\s*(left|right|center)/);
          if (m) copy.classList.add(`align-${m[1]}`);
        }
        walk(node, copy);
        dst.append(copy);
      }
    }
  };
  walk(doc.body, out);
  return out;
}

export async function render(main, { game }) {
  setTitle("Règles");
  replace(main, loading("Chargement des règles…"));
  let data;
  try {
    data = await getRules(game);
  } catch (err) {
    replace(main, errorBlock("Règles introuvables", err.message || "Ces règles ne sont pas disponibles.",
      [el("a", { class: "btn primary", href: "/", text: "Retour à l’accueil" })]));
    return () => {};
  }
  const title = data.title || game;
  setTitle(`Règles ${de(title)}`);
  const article = el("article", { class: "prose" }, sanitize(data.html));
  // The server's document may start with its own <h1>: keep one title only.
  const firstHeading = article.querySelector("h1");
  if (firstHeading && firstHeading === article.firstElementChild) firstHeading.remove();
  const toc = buildToc(article);
  replace(main, el("div", { class: "page rules-page" },
    el("header", { class: "page-head" },
      el("p", { class: "eyebrow", text: "Règles du jeu" }),
      el("h1", { text: title }),
      el("div", { class: "row-actions" },
        el("a", { class: "btn primary", href: `/?jeu=${encodeURIComponent(game)}#creer` }, icon("play"), el("span", { text: `Jouer à ${title}` })),
        el("a", { class: "btn ghost", href: "/lexique" }, icon("search"), el("span", { text: "Vérifier un mot" })))),
    el("div", { class: "rules-layout" },
      toc,
      el("div", { class: "card prose-card" }, article))));
  return () => {};
}

function buildToc(article) {
  const headings = [...article.querySelectorAll("h2")];
  if (headings.length < 3) return null;
  const list = el("ol", {});
  headings.forEach((h, i) => {
    if (!h.id) h.id = `section-${i + 1}`;
    list.append(el("li", {}, el("a", { href: `#${h.id}`, text: h.textContent })));
  });
  return el("nav", { class: "card toc", "aria-label": "Sommaire" }, el("h2", { class: "toc-title", text: "Sommaire" }), list);
}
