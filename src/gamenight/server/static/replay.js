// A finished game replayed move by move from its log: face up, or as one seat saw it.
import { api, h } from "./dom.js";
import { eventText, isolate, myHand, piece, renderBoard, renderSheet } from "./view.js";

const $ = (id) => document.getElementById(id);
const [, , tableId, , number] = location.pathname.split("/").map(decodeURIComponent);
let plies = 0;
let ply = Number(new URLSearchParams(location.search).get("ply") ?? 0);
let seat = "";

async function show() {
  const query = new URLSearchParams({ ply: String(ply) });
  if (seat !== "") query.set("seat", seat);
  let got;
  try {
    got = await api(`/api/tables/${encodeURIComponent(tableId)}/games/${number}?${query}`);
  } catch (e) {
    $("banner").replaceChildren(h("div", { class: "banner refused", role: "alert" }, String(e.message || e)));
    return;
  }
  plies = got.plies;
  const t = got.table;
  const state = { table: t, you: got.you, view: got.view, sheet: got.sheet, to_act: got.view.to_act || [],
                  legal: [], over: got.over };
  document.title = `${t.title}, game ${got.number}, move ${got.ply} — gamenight replay`;
  $("title").textContent = `${t.title}: game ${got.number}`;
  $("status").textContent = got.face_up ? "face up" : `as ${t.seats[got.you].name} saw it`;
  $("where").textContent = `move ${got.ply} of ${got.plies}`;
  $("ply").max = String(got.plies);
  $("ply").value = String(got.ply);
  if (!$("seat").options.length) {
    $("seat").replaceChildren(h("option", { value: "" }, "everyone (face up)"),
      ...t.seats.map((s) => h("option", { value: String(s.seat) }, isolate(s.name))));
  }
  const hand = myHand(state);  // the seat's own hand, drawn below the table as at the table itself
  $("board").replaceChildren(...renderBoard(state), hand ? h("div", { class: "hand", id: "hand",
    "aria-label": `${t.seats[got.you].name}'s hand` }, (hand.pieces || []).map((p) => piece(hand.piece || "card", p))) : "");
  $("sheet").replaceChildren(renderSheet(got.sheet, state));
  $("events").replaceChildren(...got.events.map((e) => h("li", {}, eventText(e, state))));
  $("log").replaceChildren(...got.log.map((line) => {
    const [seatNo, ...move] = line.split(": ");
    return h("li", {}, h("strong", {}, isolate(t.seats[Number(seatNo)]?.name ?? seatNo)), ": ", move.join(": "));
  }));
  $("log").scrollTop = $("log").scrollHeight;
  $("first").disabled = $("prev").disabled = got.ply === 0;
  $("next").disabled = $("last").disabled = got.ply === got.plies;
  history.replaceState(null, "", `?ply=${got.ply}${seat !== "" ? `&seat=${seat}` : ""}`);
}

function go(to) {
  ply = Math.max(0, Math.min(plies, to));
  show();
}

$("back").href = `/table/${encodeURIComponent(tableId)}`;
$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(ply - 1));
$("next").addEventListener("click", () => go(ply + 1));
$("last").addEventListener("click", () => go(plies));
$("ply").addEventListener("change", () => go(Number($("ply").value)));
$("seat").addEventListener("change", () => { seat = $("seat").value; show(); });
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight") go(ply + 1);
  if (e.key === "ArrowLeft") go(ply - 1);
});
seat = new URLSearchParams(location.search).get("seat") ?? "";
show().then(() => { $("seat").value = seat; });
