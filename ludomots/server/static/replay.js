// Replay of a finished game: step through every position (first/previous/next/last, a slider,
// the keyboard). This page loads the record and hands it to the game's own replay module
// (static/games/<game>/index.js, see gameclient.js).

import { el, replace, setTitle, loading, errorBlock } from "./ui.js";
import { getReplay, getTable, recordUrl } from "./api.js";
import { loadGame } from "./gameclient.js";

export async function render(main, { id }) {
  setTitle("Revoir la partie");
  replace(main, loading("Préparation du film de la partie…"));
  let data;
  let info = null;
  try {
    [data, info] = await Promise.all([getReplay(id), getTable(id).catch(() => null)]);
  } catch (err) {
    replace(main, errorBlock("Revoir la partie", err.message || "Cette partie ne peut pas être revue.",
      [el("a", { class: "btn primary", href: `/table/${encodeURIComponent(id)}`, text: "Retour à la table" }),
        el("a", { class: "btn", href: "/", text: "Accueil" })]));
    return () => {};
  }
  // A record without its game's name is from Topword, the first game served.
  const module = await loadGame(data.game || "topword");
  if (!module || typeof module.renderReplay !== "function") {
    replace(main, errorBlock("Revoir la partie", "Le film des parties de ce jeu n’est pas encore disponible dans le navigateur.",
      [el("a", { class: "btn primary", href: recordUrl(id), download: `partie-${id}.json`, text: "Télécharger la partie (JSON)" })]));
    return () => {};
  }
  return module.renderReplay(main, id, data, info);
}
