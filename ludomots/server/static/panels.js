// A game screen in parts: its mount() keeps the page's skeleton, and its other functions live
// in panel modules (board, rack, actions, journal, players...) as `f(s, ...args)`, where `s` is
// the screen object holding its state, its boxes and every panel function bound to it. A panel
// function reads what it needs from `s` (`const { st, renderBoard } = s;`), so that the panels
// call each other without importing each other.

/** Binds every function of the panel modules onto `s` (`s.f(...args)` runs `f(s, ...args)`). */
export function bindPanels(s, ...panels) {
  for (const panel of panels) {
    for (const [name, fn] of Object.entries(panel)) {
      if (typeof fn !== "function") continue;
      if (Object.prototype.hasOwnProperty.call(s, name)) throw new Error(`panel function ${name} defined twice`);
      s[name] = (...args) => fn(s, ...args);
    }
  }
  return s;
}
