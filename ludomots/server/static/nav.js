// Navigation inside the app without reloading the page. The router (app.js) registers itself
// here, so that pages (home.js, lexicon.js...) can navigate without importing the router that
// loads them.

let router = () => {};

/** app.js's route(): draws the page of the current address. */
export function setRouter(route) {
  router = route;
}

/** Navigate inside the app without reloading the page. */
export function navigate(path, { replaceState = false } = {}) {
  if (path === location.pathname + location.search && !replaceState) return;
  if (replaceState) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.scrollTo(0, 0);
  router();
}
