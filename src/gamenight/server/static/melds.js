// Melds on the table, grouped by player (or team, partners side by side): each meld a group of
// cards, lay-offs by another player marked as theirs; at a showdown a player's unmatched cards
// (a hand laid face up) sit apart after their melds.
import { h } from "./dom.js";
import { piece } from "./pieces.js";
import { seatName } from "./names.js";

function meldGroup(z, state) {
  return h("div", { class: "group meld", role: "group", "aria-label": "meld", dataset: { pile: z.name } },
    (z.pieces || []).map((p, i) => {
      const by = z.by?.[i];
      const laid = by !== undefined && by !== z.owner;
      const label = laid ? `${p}, laid off by ${seatName(state, by)}` : null;
      return piece(z.piece || "card", p, { cls: laid ? "laid-off" : "", label });
    }));
}

// `zones`: meld zones and face-up hands of other players; grouped by owner (teams together).
export function renderMelds(zones, state) {
  const owners = [];
  for (const z of zones) if (!owners.includes(z.owner)) owners.push(z.owner);
  const teams = state.view?.teams || [];
  const teamOf = (s) => teams.findIndex((t) => t.includes(s));
  const n = state.table.seats.length;
  const me = state.you ?? 0;
  owners.sort((a, b) => (teamOf(a) - teamOf(b)) || (((a - me + n) % n) - ((b - me + n) % n)));
  return h("div", { class: "zone melds", id: "melds" }, owners.map((o) => {
    const mine = zones.filter((z) => z.owner === o);
    const melds = mine.filter((z) => z.kind === "meld" && (z.pieces || []).length);
    const loose = mine.filter((z) => z.kind !== "meld" && (z.pieces || []).length);
    const who = o === null || o === undefined ? "On the table" : seatName(state, o);
    return h("div", { class: `meld-owner${o === state.you ? " mine" : ""}`, dataset: { owner: o } },
      h("div", { class: "label" }, who),
      h("div", { class: "groups" }, melds.map((z) => meldGroup(z, state)),
        loose.map((z) => h("div", { class: "group unmatched", role: "group", "aria-label": z.label || "unmatched cards" },
          h("span", { class: "group-label" }, z.label || "Unmatched"), (z.pieces || []).map((p) => piece(z.piece || "card", p))))));
  }));
}
