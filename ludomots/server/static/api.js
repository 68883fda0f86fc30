// HTTP API helpers. Every failure becomes an ApiError whose message is French and can be shown
// to the player as is (the server's own message when it sent one).

import { toast } from "./ui.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const GENERIC = {
  400: "Requête invalide.",
  403: "Action refusée.",
  404: "Introuvable.",
  409: "Conflit : réessayez.",
  413: "Requête trop volumineuse.",
  429: "Trop de requêtes : patientez un instant.",
  500: "Le serveur a rencontré une erreur. Réessayez dans un instant.",
  503: "Le serveur est momentanément indisponible.",
};

export async function api(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network", "Impossible de joindre le serveur. Vérifiez votre connexion.");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    const message = (data && typeof data.message === "string" && data.message)
      || GENERIC[response.status] || `Erreur ${response.status}.`;
    throw new ApiError(response.status, (data && data.error) || "http_error", message);
  }
  return data;
}

/** Show an error (ApiError or anything) as a French toast. */
export function showError(err) {
  const message = err instanceof ApiError ? err.message
    : "Une erreur inattendue est survenue.";
  if (!(err instanceof ApiError)) console.error(err);
  toast(message, { kind: "error" });
}

const enc = encodeURIComponent;

export const getGames = () => api("/api/games");
export const getRules = (game) => api(`/api/rules/${enc(game)}`);
export const getTables = () => api("/api/tables");
export const getTable = (id) => api(`/api/tables/${enc(id)}`);
export const createTable = (body) => api("/api/tables", { method: "POST", body });
export const joinTable = (id, name) => api(`/api/tables/${enc(id)}/join`, { method: "POST", body: { name } });
export const getReplay = (id) => api(`/api/tables/${enc(id)}/replay`);
export const recordUrl = (id) => `/api/tables/${enc(id)}/record`;
export const lookupWord = (word, game = "topword") =>
  api(`/api/lexicon/${enc(word)}?jeu=${enc(game)}`);

// ---- what this browser remembers ----------------------------------------------------------

const NAME = "ludomots.name";

function readJson(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ }
}

export const playerName = {
  get() {
    try { return localStorage.getItem(NAME) || ""; } catch { return ""; }
  },
  set(name) {
    try { localStorage.setItem(NAME, name); } catch { /* private mode */ }
  },
};

export { readJson, writeJson };
