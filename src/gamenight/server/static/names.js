// Players' names everywhere a seat is meant: "{0}" templates of events and prompts, and the
// "seat 2" / "seats 0 & 2" words of score sheets, notes and refusals; your own seat is "You".
// Running text is shown with its pieces as pieces (QS as Q♠).
import { h } from "./dom.js";
import { cardText, isCard } from "./cards.js";
import { ruleLink } from "./rules_link.js";

// A name a player chose, isolated (FSI … PDI) so right-to-left or override characters in it
// cannot reorder the text around it.
export const isolate = (name) => `\u2068${name}\u2069`;

export function seatName(state, seat) {
  if (seat === state.you) return "You";
  return isolate(state.table.seats[seat]?.name || `Seat ${seat}`);
}

const IRREGULAR = { has: "have", is: "are", was: "were", does: "do" };
function secondPerson(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/(sses|shes|ches|xes|zes)$/.test(verb)) return verb.slice(0, -2);
  if (verb.endsWith("s") && !verb.endsWith("ss")) return verb.slice(0, -1);
  return verb;
}

// "seat 1 knocked", "seats 0 & 2" -> "Bea knocked", "Ann & Cy" (you: "You" / "you").
export function withNames(text, state) {
  const count = (state.table.seats || []).length;
  return String(text).replace(/\b[Ss]eats? (\d+(?: & \d+)*)\b/g, (whole, list, at) => {
    const seats = list.split(" & ").map(Number);
    if (seats.some((s) => s >= count)) return whole;
    return seats.map((s, i) => (s !== state.you ? seatName(state, s) : at === 0 && i === 0 ? "You" : "you"))
      .join(" & ");
  });
}

// "{0} takes the trick with QS" -> "Bea takes the trick with QS"; your own seat: "You take..."
export function fill(text, seats, state) {
  const template = String(text);
  const out = template.replace(/\{(\d+)\}( ?)([a-z]+)?/g, (_, i, space, verb, at) => {
    const s = seats?.[Number(i)];
    if (s === undefined) return `?${space}${verb || ""}`;
    if (s === state.you) {
      const start = at === 0 || /[.:!?]\s*$/.test(template.slice(0, at));
      return start ? `You${space}${verb ? secondPerson(verb) : ""}` : `you${space}${verb || ""}`;
    }
    return `${seatName(state, s)}${space}${verb || ""}`;
  });
  const named = withNames(out, state);
  if (!named.startsWith("You ")) return named;
  // "You keep their hand" → "your hand", up to the next clause (as the engine's fill does)
  const [head, ...rest] = named.replace(/ and ([a-z]+s) /, (_, v) => ` and ${secondPerson(v)} `).split(";");
  return [head.replace(" their ", " your "), ...rest].join(";");
}

// Text with the cards and dice named in it drawn as small cards and dice ("plays QS", "melds 11Y 11G W",
// "sets pk:9 up").
export function rich(text) {
  const out = [];
  let plain = "";
  for (const token of String(text).split(/(\s+)/)) {
    const m = /^([('"]?)([0-9A-Z]{1,3})([)'",.;:!?]*)$/.exec(token);  // a card of any deck isCard knows
    const die = /^([('"]?)(?:d\d+|pk):(\w+)([)'",.;:!?]*)$/.exec(token);
    if (m && isCard(m[2])) {
      out.push(plain + m[1], cardText(m[2]));
      plain = m[3];
    } else if (die) {
      out.push(plain + die[1], h("span", { class: "dietext", title: `die showing ${die[2]}` }, die[2]));
      plain = die[3];
    } else {
      plain += token;
    }
  }
  out.push(plain);
  return out.filter((p) => p !== "");
}

export function eventText(e, state) {
  return fill(e.text, e.seats || [], state);
}

// An event as a line: names in, cards drawn, and a link to the rule it applies (never its id).
export function eventLine(e, state, tag = "li") {
  return h(tag, { class: e.kind ? `event-${e.kind}` : null }, rich(eventText(e, state)), ruleLink(e.clause));
}
