// The zones of a view laid out by kind: small ones (stock, discard pile, up-card, kitty, pot,
// dice) as labelled heaps, the wide ones by their own renderers (melds, trains, a board).
import { h } from "./dom.js";
import { cardBack } from "./cards.js";
import { piece } from "./pieces.js";
import { seatName } from "./names.js";

export function zoneLabel(z) {
  return z.label || (z.name.charAt(0).toUpperCase() + z.name.slice(1)).replaceAll(/[-_]/g, " ");
}

function backs(z) {
  const n = z.hidden || 0;
  if (!n) return [];
  const kind = z.piece || "card";
  if (kind === "card") {
    return [h("span", { class: "stack" }, cardBack(`${n} face-down card${n === 1 ? "" : "s"}`)),
            h("span", { class: "count" }, String(n))];
  }
  if (kind === "tile") return [h("span", { class: "tile back", "aria-hidden": "true" }), h("span", { class: "count" }, String(n))];
  return [h("span", { class: "muted count" }, `${n} hidden`)];
}

// How deep a discard pile or line is, unless its label says so already.
function depth(z, more) {
  const n = (z.pieces || []).length;
  if (z.kind !== "discard" && !more) return "";
  return !n || (z.label || "").includes(String(n)) ? "" : h("span", { class: "depth" }, ` · ${n} card${n === 1 ? "" : "s"}`);
}

// A heap: its label (with its owner's name), its faces (a discard pile shows its top cards), its backs.
export function renderHeap(z, state) {
  const kind = z.piece || "card";
  const pieces = z.pieces || [];
  const owner = z.owner !== null && z.owner !== undefined ? ` — ${seatName(state, z.owner)}` : "";
  let shown = pieces.map((p, i) => [p, i]);
  let more = 0;
  if (z.kind === "discard" && shown.length > 4) {
    more = shown.length - 4;
    shown = shown.slice(-4);
  }
  const faces = shown.map(([p]) => piece(kind, p));
  return h("div", { class: `zone heap zone-${z.kind}`, dataset: { pile: z.name } },
    h("div", { class: "label" }, zoneLabel(z), owner, depth(z, more)),
    h("div", { class: `faces${z.kind === "discard" ? " fanned" : ""}` }, faces, backs(z)));
}
