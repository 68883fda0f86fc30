// « Mes parties » of this browser (issue 19): the tables it holds seat tokens for (socket.js's
// store), as the server sees them now (POST /api/my-tables: each table's public info, the seat,
// whose turn it is), so that a guest finds their games, turn-based ones above all. A player's
// account has its own list (GET /api/me); the home page shows one panel with both
// (accounthome.js), the account's entries first.

import { api } from "./api.js";
import { heldSeats } from "./account.js";

/** The server answers about at most this many seats (the token store keeps 50 tables). */
export const GUEST_SEATS_MAX = 50;

/** This browser's live tables, newest activity first; [] when it holds no seat. */
export async function guestGames() {
  const seats = heldSeats().slice(0, GUEST_SEATS_MAX);
  if (!seats.length) return [];
  const res = await api("/api/my-tables", { method: "POST", body: { seats } });
  return res && Array.isArray(res.games) ? res.games : [];
}

/** The account's games, then this browser's that the account does not list. */
export function mergeGames(accountGames, browserGames) {
  const mine = Array.isArray(accountGames) ? accountGames : [];
  const seen = new Set(mine.map((g) => g.id));
  return [...mine, ...(browserGames || []).filter((g) => !seen.has(g.id))];
}
