// The lobby: pick a game, its players, preset and house options (from the game's own
// option descriptions, each with its rule sentence), choose bot seats, create the table.
// Tables are private; the ones their hosts chose to list are shown for anyone to watch.
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

function renderGame() {
  const game = games.find((g) => g.id === $("game").value);
  $("summary").textContent = game.summary;
  $("players").replaceChildren(...game.players.map((n) =>
    h("option", { value: n, selected: n === game.default_players }, `${n} players`)));
  $("preset").replaceChildren(...Object.keys(game.presets).map((p) => h("option", { value: p }, p)));
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
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  $("preset").addEventListener("change", renderOptions);
  $("create").addEventListener("submit", create);
  renderGame();
  await renderListed();
}

main();
