// The seats part of a new-table form (names, which seats bots take) and the links shown
// once a table is made: shared by the lobby and a house's "start a table".
import { api, h } from "./dom.js";

export function renderSeatFields(box, n, names = []) {
  box.replaceChildren(h("legend", {}, "Seats"));
  for (let i = 0; i < n; i++) {
    box.append(h("div", {},
      h("label", { for: `name-${i}`, style: "display:inline" }, `Seat ${i} `),
      h("input", { id: `name-${i}`, type: "text", maxlength: 40, placeholder: i === 0 ? "you" : "name",
                   size: 10, value: names[i] || null }),
      h("label", { style: "display:inline; font-weight:normal" }, " ",
        h("input", { type: "checkbox", id: `bot-${i}`, checked: i !== 0 }), " bot")));
  }
}

export function readSeats(n) {
  return {
    bots: [...Array(n).keys()].filter((i) => document.getElementById(`bot-${i}`).checked),
    names: [...Array(n).keys()].map((i) => document.getElementById(`name-${i}`).value.trim()),
  };
}

// POST the table and show its links in `out` (or the refusal); `headers` may carry a house
// member's own key (a table under a house is made by a member).
export async function createTable(out, body, headers = {}) {
  try {
    const made = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json", ...headers },
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
    return made;
  } catch (e) {
    out.replaceChildren(h("p", { class: "banner refused" }, String(e.message || e)));
    return null;
  }
}
