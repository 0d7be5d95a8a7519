// The lobby: pick a game, its players, preset and house options (from the game's own
// option descriptions, each with its rule sentence), choose bot seats, create the table.
import { api, h } from "./dom.js";

const $ = (id) => document.getElementById(id);
let games = [];

function sentence(opt, value) {
  const shown = typeof value === "boolean" ? (value ? "yes" : "no") : value;
  return opt.rule.replaceAll("{value}", shown);
}

function optionInput(opt, value) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.choices) {
    input = h("select", { id, name: opt.name },
      opt.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(value) }, String(c))));
  } else if (opt.kind === "bool") {
    input = h("input", { id, name: opt.name, type: "checkbox", checked: !!value });
  } else if (opt.kind === "int") {
    input = h("input", { id, name: opt.name, type: "number", value, min: opt.minimum, max: opt.maximum, step: 1 });
  } else {
    input = h("input", { id, name: opt.name, type: "text", value });
  }
  const help = h("p", { class: "help" }, sentence(opt, value));
  const read = () => (opt.kind === "bool" ? input.checked : opt.kind === "int" && !opt.choices
    ? Number(input.value) : opt.kind === "int" ? Number(input.value) : input.value);
  input.addEventListener("input", () => { help.textContent = sentence(opt, read()); });
  input.addEventListener("change", () => { help.textContent = sentence(opt, read()); });
  return { el: h("div", {}, h("label", { for: id }, opt.label + (value === opt.default ? "" : " *")), input, help),
           read };
}

let readers = {};

function renderOptions() {
  const game = games.find((g) => g.id === $("game").value);
  const preset = game.presets[$("preset").value] || {};
  const box = $("options");
  box.replaceChildren(h("legend", {}, "Options (the book's main rule is the default)"));
  readers = {};
  for (const opt of game.options) {
    const value = opt.name in preset ? preset[opt.name] : opt.default;
    const { el, read } = optionInput(opt, value);
    readers[opt.name] = read;
    box.append(el);
  }
}

function renderSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  box.replaceChildren(h("legend", {}, "Seats"));
  for (let i = 0; i < n; i++) {
    box.append(h("div", {},
      h("label", { for: `name-${i}`, style: "display:inline" }, `Seat ${i} `),
      h("input", { id: `name-${i}`, type: "text", maxlength: 40, placeholder: i === 0 ? "you" : "name",
                   size: 10 }),
      h("label", { style: "display:inline; font-weight:normal" }, " ",
        h("input", { type: "checkbox", id: `bot-${i}`, checked: i !== 0 }), " bot")));
  }
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
  const options = {};
  for (const [k, read] of Object.entries(readers)) options[k] = read();
  const body = {
    game: $("game").value, players: n, preset: $("preset").value || null, options,
    bots: [...Array(n).keys()].filter((i) => $(`bot-${i}`).checked),
    names: [...Array(n).keys()].map((i) => $(`name-${i}`).value.trim()),
  };
  const out = $("created");
  try {
    const made = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json" },
                                             body: JSON.stringify(body) });
    const abs = (p) => new URL(p, location.href).href;
    out.replaceChildren(
      h("h2", {}, "Table created"),
      h("p", {}, "Send each player their own link. Keep the host link: it starts the game."),
      h("ul", { class: "links" },
        h("li", {}, h("strong", {}, "Host (you): "), h("a", { href: made.links.host, id: "host-link" },
          abs(made.links.host))),
        made.links.seats.filter((s) => s.link).map((s) =>
          h("li", {}, `Seat ${s.seat}: `, h("a", { href: s.link, class: "seat-link", dataset: { seat: s.seat } },
            abs(s.link)))),
        h("li", {}, "Spectators: ", h("a", { href: made.links.spectator }, abs(made.links.spectator)))),
      h("p", {}, h("a", { href: made.links.host }, h("button", { class: "primary", type: "button" },
        "Go to the table"))));
  } catch (e) {
    out.replaceChildren(h("p", { class: "banner refused" }, String(e.message || e)));
  }
}

async function main() {
  games = await api("/api/games");
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  $("preset").addEventListener("change", renderOptions);
  $("create").addEventListener("submit", create);
  renderGame();
}

main();
