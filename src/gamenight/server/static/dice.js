// Dice in view drawn as dice: a roll you tap to keep (the button names the keep as it grows),
// kept and set-aside dice stay dice, and dice still in the cup are blank dice to roll.
import { h } from "./dom.js";
import { piece } from "./pieces.js";
import { seatName } from "./names.js";
import { zoneLabel } from "./zones.js";

export function renderDice(z, state, ctl) {
  const pieces = z.pieces || [];
  const hidden = z.hidden || 0;
  if (!pieces.length && !hidden) return null;
  const owner = z.owner !== null && z.owner !== undefined ? ` — ${seatName(state, z.owner)}` : "";
  const source = `zone:${z.name}`;
  return h("div", { class: "zone dice-zone", dataset: { pile: z.name } },
    h("div", { class: "label" }, zoneLabel(z), owner),
    h("div", { class: "dice" }, pieces.map((p, i) => piece("die", p, ctl.pieceOpts(source, i, p))),
      Array.from({ length: hidden }, () => h("span", { class: "die blank", role: "img", "aria-label": "a die to roll" }))));
}
