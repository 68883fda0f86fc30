// Ludomots browser client: the router. One page (index.html); each screen is a module whose
// `render(main, params)` fills <main> and returns a cleanup function (close sockets, timers).

import { el, icon, replace, setTitle, errorBlock, loading } from "./ui.js";
import { soundOn, setSound, onSoundChange } from "./sound.js";
import { setupAccountBar } from "./accountbar.js";
import { navigate, setRouter } from "./nav.js";

const ROUTES = [
  { pattern: /^\/$/, load: () => import("./home.js"), params: () => ({}) },
  { pattern: /^\/regles\/([A-Za-z0-9_-]+)\/?$/, load: () => import("./rules.js"), params: (m) => ({ game: m[1] }) },
  { pattern: /^\/table\/([A-Za-z0-9_-]+)\/?$/, load: () => import("./table.js"), params: (m) => ({ id: m[1] }) },
  { pattern: /^\/lexique\/?$/, load: () => import("./lexicon.js"), params: () => ({ word: "" }) },
  { pattern: /^\/lexique\/([^/]+)\/?$/, load: () => import("./lexicon.js"), params: (m) => ({ word: safeDecode(m[1]) }) },
  { pattern: /^\/partie\/([A-Za-z0-9_-]+)\/revoir\/?$/, load: () => import("./replay.js"), params: (m) => ({ id: m[1] }) },
];

function safeDecode(text) {
  try { return decodeURIComponent(text); } catch { return text; }
}

let cleanup = null;
let renderToken = 0;

async function route() {
  const token = ++renderToken;
  if (typeof cleanup === "function") {
    try { cleanup(); } catch (err) { console.error(err); }
  }
  cleanup = null;
  const main = document.getElementById("main");
  const path = location.pathname;
  document.body.dataset.page = path.split("/")[1] || "accueil";
  markNav(path);
  const found = ROUTES.map((r) => ({ r, m: path.match(r.pattern) })).find((x) => x.m);
  if (!found) {
    setTitle("Page introuvable");
    replace(main, errorBlock("Page introuvable", "Cette adresse ne correspond à aucune page de Ludomots.",
      [el("a", { class: "btn primary", href: "/", text: "Retour à l’accueil" })]));
    return;
  }
  replace(main, loading());
  let module;
  try {
    module = await found.r.load();
  } catch (err) {
    console.error(err);
    replace(main, errorBlock("Chargement impossible", "Cette page n’a pas pu être chargée. Rechargez la page.", []));
    return;
  }
  if (token !== renderToken) return;
  const result = module.render(main, found.r.params(found.m));
  cleanup = result instanceof Promise ? null : result;
  if (result instanceof Promise) {
    result.then((fn) => {
      if (token === renderToken) cleanup = fn;
      else if (typeof fn === "function") fn();
    });
  }
}

function markNav(path) {
  for (const link of document.querySelectorAll(".topnav a")) {
    const href = link.getAttribute("href");
    const active = href === "/" ? path === "/" : path.startsWith(href.replace(/\/[^/]*$/, "") || href);
    if (active) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

// Pages the server draws itself (profiles, leaderboards): their links load a whole page.
const SERVER_PAGES = ["/joueur/", "/classement/"];

// Internal links are handled here: any same-origin <a> that is not an API file, not a download
// and not meant for a new tab.
document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
    || event.shiftKey || event.altKey) return;
  const link = event.target.closest && event.target.closest("a[href]");
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/static/")) return;
  if (SERVER_PAGES.some((prefix) => url.pathname.startsWith(prefix))) return;
  event.preventDefault();
  if (url.hash && url.pathname === location.pathname) {
    document.getElementById(url.hash.slice(1))?.scrollIntoView({ behavior: "smooth" });
    return;
  }
  navigate(url.pathname + url.search + url.hash);
});

window.addEventListener("popstate", route);

// ---- the sound toggle in the top bar --------------------------------------------------------

function setupSoundToggle() {
  const btn = document.getElementById("sound-toggle");
  if (!btn) return;
  const paint = (on) => {
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    btn.setAttribute("aria-label", on ? "Couper le son" : "Activer le son");
    btn.title = on ? "Son activé" : "Son coupé";
    replace(btn, icon(on ? "sound-on" : "sound-off"), el("span", { class: "btn-label", text: on ? "Son" : "Muet" }));
  };
  paint(soundOn());
  btn.addEventListener("click", () => setSound(!soundOn()));
  onSoundChange(paint);
}

setRouter(route);
setupSoundToggle();
setupAccountBar();
route();
