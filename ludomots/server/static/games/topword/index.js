// The browser client of topword, as table.js and replay.js load it (see gameclient.js).

export { mount } from "./screen.js";
export { renderTopword as renderReplay } from "./replay.js";
