// Small DOM helpers shared by the lobby and the table.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const CARD = /^(10|[2-9JQKA])[CDHS]$|^JK$/;
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function isCard(text) {
  return typeof text === "string" && CARD.test(text);
}

export function cardParts(text) {
  if (text === "JK") return ["★", "JK", false];
  const suit = text.slice(-1);
  return [text.slice(0, -1), SUIT[suit], suit === "D" || suit === "H"];
}

// A card face: a <span>, or a <button> when onclick is given.
export function card(text, opts = {}) {
  const [rank, suit, red] = cardParts(text);
  const tag = opts.onclick ? "button" : "span";
  const cls = ["card", red ? "red" : "", opts.cls || ""].join(" ").trim();
  return h(tag, { class: cls, dataset: { card: text }, onclick: opts.onclick, title: text,
                  type: opts.onclick ? "button" : null, "aria-label": text },
           h("span", { class: "r" }, rank), h("span", { class: "s" }, suit));
}

export function cardBack(n) {
  return h("span", { class: "card back", title: `${n} cards` }, "");
}

export async function api(path, opts = {}) {
  const res = await fetch(path, opts);
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  if (!res.ok) throw new Error((body && body.detail) || res.statusText);
  return body;
}
