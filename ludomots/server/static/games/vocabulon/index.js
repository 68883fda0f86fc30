// The browser client of vocabulon, as table.js and replay.js load it (see gameclient.js).

export { mount } from "./screen.js";
export { renderVocabulon as renderReplay } from "./replay.js";
