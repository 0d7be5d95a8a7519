// Chips and money drawn as chips: a pot in the middle as a stack with its amount, a player's
// chips and a money figure with a chip beside the number (the label says what they are:
// "Chips", "Quarters", "Pot").
import { h } from "./dom.js";
import { zoneLabel } from "./zones.js";

export function chipAmount(kind, value) {
  const text = kind === "money" ? `$${(value / 100).toFixed(2)}` : `${value}`;
  return h("span", { class: "chip-amount", title: kind === "money" ? "money" : "chips" },
    h("span", { class: "chip", "aria-hidden": "true" }), text);
}

// A pot zone: its chips ("5ch") added up, as one stack.
export function renderPot(z) {
  const total = (z.pieces || []).reduce((sum, p) => sum + (parseInt(p, 10) || 0), 0);
  const money = (z.pieces || []).some((p) => p.startsWith("$"));
  const value = money ? (z.pieces || []).reduce((s, p) => s + Math.round(parseFloat(p.slice(1)) * 100), 0) : total;
  return h("div", { class: "zone heap zone-pot", dataset: { pile: z.name } },
    h("div", { class: "label" }, zoneLabel(z)), h("div", { class: "faces" }, chipAmount(money ? "money" : "chips", value)));
}
