// The lobby: the games with a line on each and their player counts; pick one, its players,
// preset and house options (from the game's own option descriptions, each with its rule
// sentence), choose bot seats, create the table. Tables are private; the ones their hosts
// chose to list are shown for anyone to watch.
import { api, h } from "./dom.js";
import { readOptions, renderOptionForm } from "./options.js";
import { createTable, readSeats, renderSeatFields } from "./seats.js";

const $ = (id) => document.getElementById(id);
let games = [];

let readers = {};

function renderOptions() {
  const game = games.find((g) => g.id === $("game").value);
  readers = renderOptionForm($("options"), game, game.presets[$("preset").value] || {});
}

function renderSeats() {
  renderSeatFields($("seats"), Number($("players").value));
}

// "3–7 players", "2 or 4 players", "4 players"
export function playerCounts(counts) {
  const ps = [...counts].sort((a, b) => a - b);
  if (ps.length > 2 && ps[ps.length - 1] - ps[0] === ps.length - 1) return `${ps[0]}–${ps[ps.length - 1]} players`;
  if (ps.length === 1) return `${ps[0]} players`;
  return `${ps.slice(0, -1).join(", ")} or ${ps[ps.length - 1]} players`;
}

const words = (key) => (key.charAt(0).toUpperCase() + key.slice(1)).replaceAll(/[-_]/g, " ");

function renderGameList() {
  $("games").replaceChildren(...games.map((g) => h("li", { class: "game-card", dataset: { game: g.id } },
    h("h3", {}, g.title), h("p", { class: "help" }, g.summary),
    h("p", { class: "counts" }, playerCounts(g.players)),
    h("button", { type: "button", "aria-label": `Set a table of ${g.title}`, onclick: () => {
      $("game").value = g.id;
      renderGame();
      $("new-table").scrollIntoView({ behavior: "smooth" });
      $("game").focus();
    } }, "Set a table"))));
}

function renderGame() {
  const game = games.find((g) => g.id === $("game").value);
  $("summary").textContent = game.summary;
  $("players").replaceChildren(...game.players.map((n) =>
    h("option", { value: n, selected: n === game.default_players }, `${n} players`)));
  $("preset").replaceChildren(...Object.keys(game.presets).map((p) => h("option", { value: p }, words(p))));
  renderOptions();
  renderSeats();
}

async function create(ev) {
  ev.preventDefault();
  const n = Number($("players").value);
  const body = { game: $("game").value, players: n, preset: $("preset").value || null,
                 options: readOptions(readers), listed: $("listed").checked, ...readSeats(n) };
  await createTable($("created"), body);
  await renderListed();
}

async function renderListed() {
  const tables = await api("/api/tables");
  $("listed-tables").replaceChildren(...(tables.length ? tables.map((t) => h("li", {},
    h("a", { href: `/table/${encodeURIComponent(t.id)}` }, t.title), ` · ${t.players} players · ${t.status}`))
    : [h("li", { class: "muted" }, "No table is listed just now.")]));
}

async function main() {
  games = await api("/api/games");
  renderGameList();
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  $("preset").addEventListener("change", renderOptions);
  $("create").addEventListener("submit", create);
  renderGame();
  await renderListed();
}

main();
