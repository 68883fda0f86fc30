// The browser client of typo, as table.js and replay.js load it (see gameclient.js).

export { mount } from "./screen.js";
export { renderTypo as renderReplay } from "./replay.js";
