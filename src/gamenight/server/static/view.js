// The table drawn from any game's typed view: the seats around it with the trick (or the small
// heaps: stock, discard pile, dice) in the middle, then the wide zones by their own renderers
// (melds, trains, a board), the facts in words, and the summary at the end of a hand.
import { h } from "./dom.js";
import { renderFoot, renderRing } from "./ring.js";
import { renderTrick } from "./tricks.js";
import { renderHeap } from "./zones.js";
import { renderDice } from "./dice.js";
import { renderPot } from "./chips.js";
import { renderMelds } from "./melds.js";
import { renderTrains } from "./trains.js";
import { renderBoard } from "./board.js";
import { renderFacts } from "./facts.js";
import { renderSummary } from "./summary.js";

export { eventLine, eventText, fill, isolate, seatName } from "./names.js";
export { myHand } from "./hand.js";
export { piece } from "./pieces.js";
export { renderSheet } from "./sheet.js";
export { foldToFit } from "./facts.js";

function sortZones(state) {
  const out = { heaps: [], dice: [], melds: [], trains: [], boards: [] };
  for (const zone of state.view.zones || []) {
    const z = { ...zone, kind: zone.kind || "pile" };
    const faces = (z.pieces || []).length;
    const owned = z.owner !== null && z.owner !== undefined;
    switch (z.kind) {
      case "trick": case "last-trick": break;
      case "hand":  // yours is in the dock; another's shows only when laid face up (a showdown)
        if (z.owner !== state.you && faces) out.melds.push(z);
        break;
      case "meld": if (faces) out.melds.push(z); break;
      case "train": case "layout": out.trains.push(z); break;
      case "board": out.boards.push(z); break;
      case "dice": out.dice.push(z); break;
      default:
        if (!faces && !z.hidden) break;
        if (!faces && owned && z.owner !== state.you) break;  // another's face-down pile: a fact says it
        out.heaps.push(z);
    }
  }
  return out;
}

export function renderFelt(state, ctl, events, send, redraw) {
  if (!state.view) return [renderRing(state, null)].flat();
  const zones = sortZones(state);
  const small = [...zones.heaps.map((z) => (z.kind === "pot" ? renderPot(z) : renderHeap(z, state))),
                 ...zones.dice.map((z) => renderDice(z, state, ctl))].filter(Boolean);
  const trick = renderTrick(state, redraw);
  const out = [renderRing(state, trick || h("div", { class: "heaps" }, small), !!trick)].flat();
  // beside a trick the heaps (stock, kitty, up-card) lie above the seats, so yours is the lowest
  if (trick && small.length) out.splice(out.length - 1, 0, h("div", { class: "heaps strip" }, small));
  if (zones.melds.length) out.push(renderMelds(zones.melds, state));
  if (zones.trains.length) out.push(renderTrains(zones.trains, state));
  for (const z of zones.boards) out.push(renderBoard(z, state, ctl));
  out.push(trick ? renderFacts(state) : renderFoot(state, renderFacts(state)));
  const summary = renderSummary(state, events, send, redraw);
  return summary ? [summary, ...out.filter(Boolean)] : out.filter(Boolean);
}
