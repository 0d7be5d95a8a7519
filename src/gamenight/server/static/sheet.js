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

// Many columns (Court Whist's eight players) fit the side panel and a phone: each head cut to the
// fewest letters (three to five) that tell its player from the others, the whole name its title.
const MANY = 5;

function heads(columns, state) {
  if (columns.length < MANY) return columns.map((c) => withNames(c, state));
  // (the marks isolating a name's direction are not letters; the head isolates it already)
  const names = columns.map((c) => [...withNames(c, state).replaceAll(/[\u2066-\u2069]/g, "")]);
  const start = (n, k) => n.slice(0, k).join("");
  return names.map((n, i) => {
    let k = 3;  // up to five letters; a name alike for longer is said whole, wrapping
    while (k <= 5 && names.some((m, j) => j !== i && start(m, k) === start(n, k))) k++;
    const whole = n.join("");
    return k > 5 || n.length <= k ? whole : h("abbr", { title: whole }, start(n, k));
  });
}

export function renderSheet(sheet, state) {
  if (!sheet) return h("p", { class: "muted" }, "No scores yet.");
  return h("table", { class: `sheet${sheet.columns.length >= MANY ? " many" : ""}` },
    h("thead", {}, h("tr", {}, h("td", {}), heads(sheet.columns, state).map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, sheet.rows.map((r) => [
      h("tr", {}, h("td", {}, withNames(r.label, state)), r.points.map((p, i) => h("td", { title: `total ${r.totals[i]}` },
        p > 0 ? `+${p}` : String(p)))),
      r.notes.length ? h("tr", { class: "notes" }, h("td", { colspan: sheet.columns.length + 1 },
        r.notes.map((n) => noteText(n, state)))) : null,
    ])),
    h("tfoot", {}, h("tr", {}, h("td", {}, "total"), sheet.totals.map((t) => h("td", {}, String(t))))));
}
