// Tile trains: each a line of dominoes laid end to end from the engine, as they lie (the zone's
// "at" gives each tile's ends in laying order), the open end marked; a seat's train carries its
// player's name, yours first.
import { h } from "./dom.js";
import { piece } from "./pieces.js";
import { seatName } from "./names.js";
import { zoneLabel } from "./zones.js";

function train(z, state) {
  const tiles = (z.pieces || []).map((p, i) => {
    const laid = (z.at?.[i] || p).split(",")[0].trim();
    const open = /open/.test(z.at?.[i] || "");
    return h("span", { class: `laid${open ? " open" : ""}` }, piece("tile", /^\d+-\d+$/.test(laid) ? laid : p,
      { label: `domino ${laid}${open ? ", the open end" : ""}` }), open ? h("span", { class: "open-end" }, "open") : null);
  });
  const owner = z.owner !== undefined && z.owner !== null;
  const name = owner ? `${seatName(state, z.owner)}${z.owner === state.you ? "r train" : "'s train"}` : zoneLabel(z);
  return h("div", { class: `train${owner && z.owner === state.you ? " mine" : ""}`, dataset: { pile: z.name, owner: z.owner } },
    h("div", { class: "label" }, name),
    h("div", { class: "tiles" }, tiles.length ? tiles : h("span", { class: "muted" }, "not started")));
}

// The layout (the engine) and every train, in one block.
export function renderTrains(zones, state) {
  const layout = zones.filter((z) => z.kind === "layout");
  const trains = zones.filter((z) => z.kind === "train");
  const n = state.table.seats.length;
  const me = state.you ?? 0;
  const rank = (z) => (z.owner === undefined || z.owner === null ? -1 : (z.owner - me + n) % n);
  trains.sort((a, b) => rank(b) === -1 ? -1 : rank(a) === -1 ? 1 : rank(a) - rank(b));
  return h("div", { class: "zone trains", id: "trains" },
    layout.map((z) => h("div", { class: "train engine", dataset: { pile: z.name } },
      h("div", { class: "label" }, zoneLabel(z)), h("div", { class: "tiles" }, (z.pieces || []).map((p) => piece("tile", p))))),
    trains.map((z) => train(z, state)));
}
