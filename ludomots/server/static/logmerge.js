// A game's move logs over the table socket: a welcome carries them whole, an update only their
// new entries ("logs": {key: start index}); the socket completes each update from what it has
// received so far, so that pages always see complete views. Pure: usable from Node's test runner.

/**
 * Completes the logs of `message` in place from `known` ({key: entries} received so far).
 * Returns the logs known after it, or null on a gap (an update that starts past what was
 * received, or a log the last welcome did not have): the socket then asks for a new welcome.
 */
export function mergeLogs(known, message) {
  const game = message.view && message.view.game;
  if (!game || typeof game !== "object") return known;
  if (message.type === "welcome") {
    const logs = {};
    for (const [key, value] of Object.entries(game)) {
      if (Array.isArray(value)) logs[key] = value;
    }
    return logs;
  }
  if (message.type !== "update" || !message.logs) return known;
  const logs = { ...known };
  for (const [key, start] of Object.entries(message.logs)) {
    const have = logs[key];
    if (!Array.isArray(have) || have.length < start || !Array.isArray(game[key])) return null;
    game[key] = have.slice(0, start).concat(game[key]);
    logs[key] = game[key];
  }
  return logs;
}
