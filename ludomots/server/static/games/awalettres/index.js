// The browser client of awalettres, as table.js and replay.js load it (see gameclient.js).

export { mount } from "./screen.js";
export { renderAwalettres as renderReplay } from "./replay.js";
