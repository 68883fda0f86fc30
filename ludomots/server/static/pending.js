// The player's action on its way to the server (`st.pendingAction`, which keeps the controls
// disabled) and what settles it. In a simultaneous step (Typo's choice, a vote, a secret word)
// other players' actions arrive while ours is on its way: they must not settle it, or the
// controls come back for a moment and a second click sends the action twice, whose refusal
// then came back while a later action was on its way and released that one too.

/** Note the action just sent: its id, and how many actions the seat had played then
 * (`view.table.acted`). */
export function markSent(st, id, pending) {
  st.pendingAction = pending;
  const acted = st.table ? st.table.acted : undefined;
  st.pendingMark = { id, acted: Number.isInteger(acted) ? acted : null };
}

export function clearPending(st) {
  st.pendingAction = null;
  st.pendingMark = null;
}

/** Whether `table` (a new view's) shows the pending action played: the seat has played more
 * actions since it was sent. Without a count to compare, any new view does (as before). */
export function ownActionLanded(st, table) {
  if (!st.pendingAction) return false;
  const mark = st.pendingMark;
  if (!mark || mark.acted === null || !Number.isInteger(table.acted)) return true;
  return table.acted > mark.acted;
}

/** Whether a new view settles the pending action: it was played (`landed`, from
 * `ownActionLanded`), nothing is asked of the seat any more (`asked`), or the view is a welcome
 * (after a reconnection the welcome is the truth: an action lost with the old connection may be
 * sent again). */
export function viewSettles(st, { landed, initial, asked }) {
  return Boolean(st.pendingAction) && (landed || initial || !asked);
}

/** Whether an error answers the pending action: an error about an earlier action (ids "a…")
 * leaves a later one pending; an error without an id (a malformed message, the rate limit)
 * settles it, as the action may be the one refused. */
export function errorSettles(st, msg) {
  const mark = st.pendingMark;
  return typeof msg.id !== "string" || !mark || msg.id === mark.id;
}
