// Each game's browser client lives in its own folder, static/games/<name>/, found by
// convention: `index.js` exports `mount(main, {id, info})` (the table screen) and
// `renderReplay(main, id, record, info)` (the replay); `style.css`, if present, is the game's
// own stylesheet, loaded before its screen is drawn. A new game adds a folder; no file here
// names a game.

const BASE = "/static/games/";
const styles = new Map();
const probes = new Map();

function folder(name) {
  return `${BASE}${encodeURIComponent(name)}/`;
}

/** Whether this client has a screen for the game (its index.js is served); asked once a game. */
export function hasScreen(name) {
  if (!probes.has(name)) {
    probes.set(name, fetch(`${folder(name)}index.js`, { method: "HEAD" })
      .then((response) => response.ok, () => false));
  }
  return probes.get(name);
}

/** Adds the game's stylesheet to the page (once) and resolves when it is applied, or absent. */
export function loadStyle(name) {
  if (!styles.has(name)) {
    styles.set(name, new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `${folder(name)}style.css`;
      link.dataset.game = name;
      link.addEventListener("load", () => resolve(true));
      link.addEventListener("error", () => { link.remove(); resolve(false); });
      document.head.append(link);
    }));
  }
  return styles.get(name);
}

/** The game's client module with its stylesheet applied, or null when the game has none. */
export async function loadGame(name) {
  let module;
  try {
    module = await import(`${folder(name)}index.js`);
  } catch (err) {
    console.error(err);
    return null;
  }
  await loadStyle(name);
  return module;
}
