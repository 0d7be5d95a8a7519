// Melds on the table, grouped by player or by side (a side's melds under its players' names,
// partners side by side; yours last, nearest your seat and hand): each meld a group of cards
// under its number, lay-offs by another player marked as theirs; a closed meld (a canasta)
// squared up as one pile showing its top card and whether it is natural or mixed; at a showdown
// a player's unmatched cards sit apart after their melds.
import { h } from "./dom.js";
import { piece } from "./pieces.js";
import { seatName } from "./names.js";

// "3: 7s (4)" -> "3": the number moves name a meld by ("lay 7C on 3").
const number = (z) => (z.label || "").split(":")[0];

function openMeld(z, state) {
  return h("div", { class: "group meld", role: "group", "aria-label": `meld ${z.label || ""}`.trim(),
                    title: z.label || null, dataset: { pile: z.name, meld: number(z) } },
    h("span", { class: "group-label meld-no" }, number(z)),
    (z.pieces || []).map((p, i) => {
      const by = z.by?.[i];
      const team = state.view?.teams?.[z.team];
      const mine = z.owner !== null && z.owner !== undefined;  // the Community's melds are everyone's
      const laid = by !== undefined && (team ? !team.includes(by) : mine && by !== z.owner);
      const label = laid ? `${p}, laid off by ${seatName(state, by)}` : null;
      return piece(z.piece || "card", p, { cls: laid ? "laid-off" : "", label });
    }));
}

function closedMeld(z) {
  const pieces = z.pieces || [];
  const words = `${z.closed} canasta, ${pieces.length} cards`;
  return h("div", { class: `group meld closed ${z.closed}`, role: "group", "aria-label": `meld ${z.label || ""}`.trim(),
                    title: z.label || null, dataset: { pile: z.name, meld: number(z), closed: z.closed } },
    h("span", { class: "group-label meld-no" }, number(z)),
    h("span", { class: "squared" }, piece(z.piece || "card", pieces[pieces.length - 1], { label: `${words}, ${pieces[pieces.length - 1]} on top` })),
    h("span", { class: "closed-words" }, h("strong", {}, z.closed), h("span", {}, `${pieces.length} cards`)));
}

// Who a zone belongs to: a side (its team) or a seat, or nobody (the community's melds).
function holder(z) {
  if (z.team !== null && z.team !== undefined) return `team:${z.team}`;
  return z.owner === null || z.owner === undefined ? "table" : `seat:${z.owner}`;
}

// `zones`: meld zones and face-up hands of other players; grouped by side or owner.
export function renderMelds(zones, state) {
  const teams = state.view?.teams || [];
  const n = state.table.seats.length;
  const me = state.you ?? 0;
  const myTeam = teams.findIndex((t) => t.includes(me));
  // the table's own melds first, then the others', yours last: next to your seat at the foot
  // (a side's melds, then its players' own piles, from your left)
  const side = (t) => (t < 0 ? 0 : t === myTeam ? teams.length + 1 : 1 + t);
  const order = (k) => {
    const [kind, v] = k.split(":");
    if (kind === "table") return -1;
    if (kind === "team") return side(Number(v)) * (n + 1);
    const t = teams.findIndex((s) => s.includes(Number(v)));
    return side(t) * (n + 1) + 1 + ((Number(v) - me - 1 + n) % n);
  };
  const holders = [...new Set(zones.map(holder))].sort((a, b) => order(a) - order(b));
  return h("div", { class: "zone melds", id: "melds" }, holders.map((k) => {
    const [kind, v] = k.split(":");
    const mine = zones.filter((z) => holder(z) === k);
    const melds = mine.filter((z) => z.kind === "meld" && (z.pieces || []).length);
    const loose = mine.filter((z) => z.kind !== "meld" && (z.pieces || []).length);
    const who = kind === "table" ? "On the table"
      : kind === "team" ? (teams[Number(v)] || []).map((s) => seatName(state, s)).join(" & ")
      : seatName(state, Number(v));
    const ours = kind === "team" ? Number(v) === myTeam : Number(v) === state.you;
    const shut = melds.filter((z) => z.closed).length;
    return h("div", { class: `meld-owner${ours ? " mine" : ""}`, dataset: kind === "team" ? { team: v } : { owner: v } },
      h("div", { class: "label" }, who, shut ? h("span", { class: "muted" }, ` · ${shut} closed`) : null),
      h("div", { class: "groups" }, melds.map((z) => (z.closed ? closedMeld(z) : openMeld(z, state))),
        loose.map((z) => h("div", { class: "group unmatched", role: "group", "aria-label": z.label || "unmatched cards" },
          h("span", { class: "group-label" }, z.label || "Unmatched"), (z.pieces || []).map((p) => piece(z.piece || "card", p))))));
  }));
}
