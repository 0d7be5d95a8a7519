// A board of squares (r3c7) drawn as a board: each square's picture comes from the view's table
// fact that pictures the board (rows r0, r1..., columns c0, c1...), the zone's pieces sit on their
// squares as discs. When a tapped card may go to several squares, those squares light up and a
// tap on one makes the move.
import { h } from "./dom.js";
import { cardWords } from "./cards.js";

// The table fact that pictures a board: columns "", c0, c1...; rows r0, r1...
export function boardPicture(state) {
  return (state.view?.facts || []).find((f) => f.kind === "table" && f.value?.columns?.[1] === "c0" &&
    (f.value.rows || []).every((r, i) => r[0] === `r${i}`));
}

const SYMBOL_CARD = /^(10|[2-9JQKA])([♣♦♥♠])$/;
const LETTER = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" };

function pictureWords(pic) {
  const m = SYMBOL_CARD.exec(pic);
  if (m) return cardWords(m[1] + LETTER[m[2]]);
  return pic === "free" ? "free corner" : pic;
}

export function renderBoard(z, state, ctl) {
  const picture = boardPicture(state);
  const at = new Map((z.pieces || []).map((p, i) => [z.at?.[i], p]));
  const cells = picture ? picture.value.rows.map((r) => r.slice(1)) : [];
  let rows = cells.length;
  let cols = cells[0]?.length || 0;
  for (const sq of z.at || []) {
    const m = /^r(\d+)c(\d+)$/.exec(sq);
    if (m) { rows = Math.max(rows, +m[1] + 1); cols = Math.max(cols, +m[2] + 1); }
  }
  const grid = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const sq = `r${r}c${c}`;
      const p = at.get(sq);
      const colour = p && /^([a-z]+)#/.exec(p)?.[1];
      const pic = cells[r]?.[c] ?? "";
      const move = ctl.squareMove(sq);
      const suit = SYMBOL_CARD.exec(pic)?.[2];
      const name = `${pictureWords(pic)}${p ? `, ${colour} disc` : ""}`;
      const tag = move ? "button" : "div";
      grid.push(h(tag, { class: `sq${suit ? ` s-${LETTER[suit]}` : ""}${move ? " target" : ""}`, dataset: { square: sq },
                         title: name, "aria-label": move ? `${name}: put your disc here` : name, type: move ? "button" : null,
                         onclick: move ? () => ctl.go(move) : null, role: move ? null : "img" },
        h("span", { class: "pic", "aria-hidden": "true" }, pic === "free" ? "★" : pic),
        p ? h("span", { class: `disc ${colour || ""}`, "aria-hidden": "true" }) : null));
    }
  }
  return h("div", { class: "zone board-zone", dataset: { pile: z.name } },
    h("div", { class: "board", id: "board-grid", style: `grid-template-columns: repeat(${cols}, 1fr)` }, grid));
}

