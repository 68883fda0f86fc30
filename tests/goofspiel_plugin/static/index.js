// The Goofspiel plugin's browser screen (only served by the tests: /static/games/goofspiel/).
export function mount(root) {
  root.textContent = "Goofspiel";
}
