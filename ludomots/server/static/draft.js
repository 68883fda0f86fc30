// What a player prepares at a table (tiles laid but not played, cards picked, a word typed: the
// draft) belongs to one step of the game: once the step moves on, it no longer applies. A game
// names its step with a key (`${step}:${turn}` and whatever else starts a new step); the table
// frame (tablescreen.js) compares each view's key with the last one and has the draft reset
// when it changes. Pure: usable from Node's test runner.

/**
 * Whether `key` differs from the last key `holder` saw (the first key always does); remembers
 * it in `holder.draftKey`.
 */
export function stepChanged(holder, key) {
  if (holder.draftKey === key) return false;
  holder.draftKey = key;
  return true;
}
