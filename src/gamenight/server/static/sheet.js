// The score sheet with the players' names as column heads, each row's notes in words with
// names, each note linked to its rule in the rulebook panel.
import { h } from "./dom.js";
import { rich, withNames } from "./names.js";
import { ruleLink } from "./rules_link.js";

// A note ({text: "the kitty went to seat 2", clause: "hearts.kitty"}) in words with names, and
// a link to its rule; a note of several stretches ({parts: [{text, clause}, ...]}) links each
// stretch to its own rule.
export function noteText(note, state) {
  return h("span", { class: "note" }, (note.parts || [note]).map((p) => [rich(withNames(p.text, state)),
    ruleLink(p.clause)]), " ");
}

export function renderSheet(sheet, state) {
  if (!sheet) return h("p", { class: "muted" }, "No scores yet.");
  return h("table", { class: "sheet" },
    h("thead", {}, h("tr", {}, h("td", {}), sheet.columns.map((c) => h("th", { scope: "col" }, withNames(c, state))))),
    h("tbody", {}, sheet.rows.map((r) => [
      h("tr", {}, h("td", {}, withNames(r.label, state)), r.points.map((p, i) => h("td", { title: `total ${r.totals[i]}` },
        p > 0 ? `+${p}` : String(p)))),
      r.notes.length ? h("tr", { class: "notes" }, h("td", { colspan: sheet.columns.length + 1 },
        r.notes.map((n) => noteText(n, state)))) : null,
    ])),
    h("tfoot", {}, h("tr", {}, h("td", {}, "total"), sheet.totals.map((t) => h("td", {}, String(t))))));
}
