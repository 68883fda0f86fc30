// Small DOM helpers shared by every screen.
//
// The one safety rule of this client: text that comes from players or from the server goes
// into the page with textContent (or text nodes), never with innerHTML. `el` only ever creates
// elements and text nodes, so using it everywhere keeps that rule without thinking about it.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an element: el("button", {class: "btn", onclick: fn, text: "Jouer"}, child, ...). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  setProps(node, props);
  append(node, children);
  return node;
}

function setProps(node, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") {
      node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style") {
      // CSSOM, not the style attribute: allowed by the CSP (style-src 'self').
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
}

/** Append children (nodes, strings as text nodes, arrays); null/false are skipped. */
export function append(node, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace all children of `node`. */
export function replace(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** Whether `node` must be redrawn to show `what` (any JSON value: what the drawing depends
 * on); false when it shows it already. An update that changes nothing there (another
 * player's move) must not replace its buttons: pressed on one and released on its
 * replacement, a click is no click. `forgetDrawn(node)` when something else draws in it. */
export function needsDrawing(node, what) {
  const key = JSON.stringify(what);
  if (node.dataset.drawn === key) return false;
  node.dataset.drawn = key;
  return true;
}

export function forgetDrawn(node) {
  delete node.dataset.drawn;
}

/** Remembers the field of `node` that has the focus (and its caret); the function returned
 * gives them back once `node` is redrawn around the same field. Call it before building the
 * new children: moving the field into them takes it out of the page, and the focus with it. */
export function focusKeeper(node) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !node.contains(active)) return () => {};
  const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : null;
  return () => {
    if (!node.contains(active) || document.activeElement === active) return;
    active.focus({ preventScroll: true });
    try { if (caret) active.setSelectionRange(caret[0], caret[1]); } catch { /* not a text field */ }
  };
}

// ---- icons (drawn for this project: simple strokes on a 24×24 grid) ------------------------

const ICONS = {
  "sound-on": ["M4 9h4l5-4v14l-5-4H4z", "M16.5 9.5a3.5 3.5 0 0 1 0 5", "M19 7a7 7 0 0 1 0 10"],
  "sound-off": ["M4 9h4l5-4v14l-5-4H4z", "M17 9.5l5 5", "M22 9.5l-5 5"],
  shuffle: ["M3 7h4l10 10h4", "M3 17h4l3-3", "M14 10l3-3h4", "M18 4l3 3-3 3", "M18 14l3 3-3 3"],
  undo: ["M9 14L4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 0 11H11"],
  check: ["M5 12.5l4.5 4.5L19 7.5"],
  pass: ["M4 12h14", "M13 6l6 6-6 6"],
  swap: ["M4 8h15", "M15 4l4 4-4 4", "M20 16H5", "M9 12l-4 4 4 4"],
  flag: ["M6 21V4", "M6 4h11l-2.5 4L17 12H6"],
  accept: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M8 12.5l2.8 2.8L16.5 9.5"],
  copy: ["M9 9h11v11H9z", "M5 15H4V4h11v1"],
  download: ["M12 4v11", "M7 10l5 5 5-5", "M5 20h14"],
  replay: ["M4 12a8 8 0 1 0 2.4-5.7", "M4 4v5h5"],
  first: ["M6 5v14", "M18 6l-8 6 8 6z"],
  prev: ["M15 5l-7 7 7 7"],
  next: ["M9 5l7 7-7 7"],
  last: ["M18 5v14", "M6 6l8 6-8 6z"],
  book: ["M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5z", "M5 19.5A1.5 1.5 0 0 0 6.5 21H19", "M9 7h6"],
  search: ["M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13z", "M15.5 15.5L20 20"],
  robot: ["M5 8h14v11H5z", "M12 4v4", "M9 12.5v1", "M15 12.5v1", "M9.5 16h5", "M3 12v3", "M21 12v3"],
  user: ["M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z", "M4 21a8 8 0 0 1 16 0"],
  clock: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 7v5l3.5 2"],
  chat: ["M4 5h16v11H10l-5 4v-4H4z"],
  trophy: ["M8 4h8v5a4 4 0 0 1-8 0z", "M8 6H5a3 3 0 0 0 3 4.5", "M16 6h3a3 3 0 0 1-3 4.5", "M12 13v4", "M8 20h8", "M9.5 17h5"],
  eye: ["M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z", "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"],
  keyboard: ["M3 6h18v12H3z", "M7 10h.01", "M11 10h.01", "M15 10h.01", "M8 14h8"],
  link: ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"],
  plus: ["M12 5v14", "M5 12h14"],
  minus: ["M5 12h14"],
  close: ["M6 6l12 12", "M18 6L6 18"],
  bag: ["M6 8h12l1 12H5z", "M9 8V6.5a3 3 0 0 1 6 0V8"],
  send: ["M4 12l16-8-6 16-2.5-6.5z", "M11.5 13.5L20 4"],
  play: ["M7 5l12 7-12 7z"],
  arrow: ["M5 12h14", "M13 6l6 6-6 6"],
  info: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 11v6", "M12 7.5v.01"],
  door: ["M14 4h5v16h-5", "M10 8l-4 4 4 4", "M6 12h9"],
  bell: ["M6 16v-5a6 6 0 0 1 12 0v5l1.5 2h-15z", "M10 20a2 2 0 0 0 4 0"],
};

/** An inline SVG icon (decorative: aria-hidden). */
export function icon(name, extraClass = "") {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", `icon ${extraClass}`.trim());
  for (const d of ICONS[name] || []) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** A button with an icon and a label. */
export function button(label, { iconName, kind = "", onClick, title, type = "button", ...rest } = {}) {
  return el("button", { type, class: ["btn", kind], onclick: onClick, title, ...rest },
    iconName ? icon(iconName) : null, el("span", { class: "btn-label", text: label }));
}

// ---- toasts --------------------------------------------------------------------------------

function toastRoot() {
  let root = document.getElementById("toasts");
  if (!root) {
    root = el("div", { id: "toasts", class: "toasts" });
    document.body.append(root);
  }
  return root;
}

/** A short message at the bottom of the screen; kind: "error" | "info" | "success". */
export function toast(message, { kind = "error", duration } = {}) {
  const root = toastRoot();
  const node = el("div", {
    class: ["toast", `toast-${kind}`],
    role: kind === "error" ? "alert" : "status",
  },
  icon(kind === "error" ? "info" : kind === "success" ? "check" : "info"),
  el("span", { class: "toast-text", text: message }),
  el("button", {
    class: "toast-close", type: "button", "aria-label": "Fermer",
    onclick: () => dismiss(),
  }, icon("close")));
  root.append(node);
  while (root.children.length > 4) root.firstElementChild.remove();
  const ms = duration ?? (kind === "error" ? 6000 : 3500);
  const timer = setTimeout(dismiss, ms);
  function dismiss() {
    clearTimeout(timer);
    node.classList.add("leaving");
    setTimeout(() => node.remove(), 200);
  }
  return dismiss;
}

// ---- modal ---------------------------------------------------------------------------------

/**
 * A modal dialog (native <dialog>: focus is trapped, Escape closes it).
 * actions: [{label, kind, value, iconName}] — the promise resolves to the chosen value
 * (or null when dismissed).
 */
export function modal({ title, content, actions = [], className = "", labelledBy } = {}) {
  const titleId = `modal-title-${Math.random().toString(36).slice(2, 8)}`;
  const dialog = el("dialog", { class: ["modal", className], "aria-labelledby": labelledBy || titleId });
  let resolveFn;
  const result = new Promise((resolve) => { resolveFn = resolve; });
  const close = (value = null) => {
    if (!dialog.open) return;
    resolveFn(value);
    dialog.close();
  };
  const header = el("div", { class: "modal-head" },
    el("h2", { id: titleId, class: "modal-title", text: title || "" }),
    el("button", { class: "icon-btn", type: "button", "aria-label": "Fermer", onclick: () => close(null) },
      icon("close")));
  const body = el("div", { class: "modal-body" }, content);
  const footer = actions.length ? el("div", { class: "modal-actions" },
    actions.map((a) => button(a.label, {
      kind: a.kind || "", iconName: a.iconName, onClick: () => close(a.value ?? a.label),
      autofocus: a.autofocus || false,
    }))) : null;
  append(dialog, [header, body, footer]);
  dialog.addEventListener("close", () => { resolveFn(null); dialog.remove(); });
  dialog.addEventListener("click", (e) => { if (e.target === dialog) close(null); });
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, close, result };
}

/** Yes/no question; resolves true/false. */
export async function confirmModal(title, message, yesLabel, { kind = "primary", iconName } = {}) {
  const m = modal({
    title,
    content: el("p", { text: message }),
    actions: [
      { label: "Annuler", value: false },
      { label: yesLabel, kind, value: true, iconName, autofocus: true },
    ],
  });
  return (await m.result) === true;
}

// ---- misc ----------------------------------------------------------------------------------

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Fallback for insecure contexts: a temporary text field.
    const field = el("textarea", { class: "visually-hidden", readonly: true });
    field.value = text;
    document.body.append(field);
    field.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    field.remove();
    return ok;
  }
}

/** "de Bruno", "d’Alice", "d’Émile": elision before a vowel (names starting with H keep
 * "de": "de Hugo"). */
export function de(name) {
  const text = String(name || "");
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(text) ? `d’${text}` : `de ${text}`;
}

/** "1 point", "3 points". */
export function plural(n, singular, pluralForm = `${singular}s`) {
  return `${n} ${Math.abs(n) <= 1 ? singular : pluralForm}`;
}

/** A number as shown to players: a real minus sign for negatives (−35). */
export function num(n) {
  const v = Number(n) || 0;
  return v < 0 ? `−${Math.abs(v)}` : String(v);
}

/** Signed French number: +12, −5 (a real minus sign). */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return "0";
}

// The server's LEVEL_TITLES (ludomots/core/bots.py); a level missing here shows its key.
export const LEVELS = {
  debutant: "Débutant", confirme: "Confirmé", greedy: "Glouton", expert: "Expert", maitre: "Maître",
};

export function levelLabel(level) {
  return LEVELS[level] || level || "";
}

/** "il y a 3 min" from epoch milliseconds. */
export function timeAgo(ms) {
  if (!ms) return "";
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 45) return "à l’instant";
  const m = Math.round(s / 60);
  if (m < 60) return `il y a ${m} min`;
  const h = Math.round(m / 60);
  if (h < 24) return `il y a ${h} h`;
  const d = Math.round(h / 24);
  return `il y a ${d} j`;
}

/** Animate a number in `node` from its current value to `to` (short, skips if reduced motion). */
export function countTo(node, to, duration = 600) {
  const from = Number(node.dataset.value ?? 0) || 0;
  node.dataset.value = String(to);
  if (from === to || prefersReducedMotion()) {
    node.textContent = num(to);
    return;
  }
  const start = performance.now();
  const step = (now) => {
    const t = Math.min(1, (now - start) / duration);
    const eased = 1 - (1 - t) ** 3;
    node.textContent = num(Math.round(from + (to - from) * eased));
    if (t < 1 && node.dataset.value === String(to)) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function prefersReducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Set the page title. */
export function setTitle(text) {
  document.title = text ? `${text} · Ludomots` : "Ludomots · jeux de lettres";
}

/** Decorative word in tiles (the home hero, headings). */
export function tileWord(word, extraClass = "") {
  return el("span", { class: ["tile-word", extraClass], "aria-label": word, role: "img" },
    [...word].map((ch, i) => el("span", {
      class: "deco-tile", "aria-hidden": "true", text: ch, style: { "--i": String(i) },
    })));
}

/** A "loading" placeholder. */
export function loading(text = "Chargement…") {
  return el("div", { class: "loading", role: "status" }, el("span", { class: "spinner", "aria-hidden": "true" }),
    el("span", { text }));
}

/** A friendly error block for a screen that could not load. */
export function errorBlock(title, message, actions = []) {
  return el("section", { class: "card error-card" },
    el("h1", { text: title }), el("p", { text: message }), el("div", { class: "row-actions" }, actions));
}

/** A duration for a clock setting: « 45 s », « 2 min », « 1 min 30 s ». */
export function formatSeconds(s) {
  if (s < 60) return `${s} s`;
  if (s % 60 === 0) return `${s / 60} min`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
