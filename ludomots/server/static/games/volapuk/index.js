// The browser client of volapuk, as table.js and replay.js load it (see gameclient.js).

export { mount } from "./screen.js";
export { renderVolapuk as renderReplay } from "./replay.js";
