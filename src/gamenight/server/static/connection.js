// The table's connection: one WebSocket, opened again whenever it drops, a heartbeat that
// notices a dead one, a bar that says so, and the page's presence (a hidden or cached page
// is away). A move is kept until the server answers it: made while the connection is down,
// it is sent when the connection is back, and the server's answer (the state it made, or done,
// or refused with the reason) always comes; sending it twice is harmless, each move carries its own id.
import { h } from "./dom.js";

const PING_EVERY = 15000;
const DEAD_AFTER = 35000;
const FINAL = [4400, 4403, 4404, 4409, 4410, 4001];

export class TableLink {
  constructor(tableId, { hello, onMessage, onFinal }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onFinal = onFinal;
    this.ws = null;
    this.retry = 0;
    this.pending = [];
    this.heard = Date.now();
    this.everOpen = false;
    this.stopped = false;
    this.bar = h("div", { id: "connection", class: "connection", role: "status", "aria-live": "polite", hidden: true });
    document.body.prepend(this.bar);
    setInterval(() => this.beat(), PING_EVERY / 3);
    document.addEventListener("visibilitychange", () => this.send({ type: "presence", here: !document.hidden }));
    // Leaving the page (a link followed, the tab closed, the page put in the back/forward cache):
    // say so and close, so the seat is away at once; coming back opens the connection again.
    window.addEventListener("pagehide", () => { this.stopped = true; this.ws?.close(1000, "page hidden"); });
    window.addEventListener("pageshow", (e) => { if (e.persisted) { this.stopped = false; this.open(); } });
    window.addEventListener("online", () => { if (!this.isOpen()) this.open(); });
  }

  isOpen() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  open() {
    const old = this.ws;
    this.ws = null;
    if (old && old.readyState <= WebSocket.OPEN) old.close();
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.ready = false;
    ws.onopen = () => {
      this.heard = Date.now();
      ws.send(JSON.stringify({ ...this.hello(), here: !document.hidden }));
    };
    ws.onmessage = (ev) => {
      this.heard = Date.now();
      const msg = JSON.parse(ev.data);
      if (msg.type === "state" && !this.ready) this.arrived();
      if (msg.type === "state") this.ply = msg.ply;
      // a move made now is answered in the state that follows it; one already made, refused or
      // failed, by a message of its own
      const answered = msg.type === "state" ? msg.done : ["done", "refused", "error"].includes(msg.type) && msg.id;
      if (answered) {
        this.pending = this.pending.filter((p) => p.id !== answered);
        this.show();
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ready = false;
      if (FINAL.includes(ev.code)) {
        this.stopped = true;
        this.show();
        this.onFinal(ev.code, ev.reason);
        return;
      }
      this.show();
      if (this.stopped) return;
      this.retry = Math.min(this.retry + 1, 5);
      setTimeout(() => { if (!this.stopped && this.ws === ws) this.open(); }, 250 * 2 ** this.retry);
    };
    this.show();
  }

  // The first state after (re)connecting: the table is there again; unanswered moves go out.
  arrived() {
    this.ready = true;
    this.everOpen = true;
    this.retry = 0;
    for (const p of this.pending) this.ws.send(JSON.stringify({ type: "act", ...p }));
    this.show();
  }

  send(msg) {
    if (!this.isOpen() || !this.ready) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  act(action) {
    // `at`: the ply this page was at, by which any process can tell the move was made already
    const move = { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, action, at: this.ply };
    this.pending.push(move);
    if (this.isOpen() && this.ready) this.ws.send(JSON.stringify({ type: "act", ...move }));
    this.show();
  }

  beat() {
    if (!this.isOpen()) return;
    if (Date.now() - this.heard > DEAD_AFTER) {  // nothing heard, not even a pong: the line is dead
      this.ws.close(4000, "no heartbeat");
      return;
    }
    if (Date.now() - this.heard > PING_EVERY) this.ws.send(JSON.stringify({ type: "ping" }));
  }

  show() {
    const down = !this.stopped && !(this.isOpen() && this.ready) && this.everOpen;
    const waiting = this.pending.length;
    const moves = waiting ? ` ${waiting === 1 ? "Your move is" : `${waiting} moves are`} kept and will be sent.` : "";
    this.bar.hidden = !down && !(this.stopped && waiting);
    this.bar.className = `connection ${down ? "down" : "stopped"}`;
    this.bar.textContent = down ? `Connection lost — reconnecting…${moves}`
      : waiting ? `Not connected: ${waiting === 1 ? "your move was" : `${waiting} moves were`} not sent.` : "";
    document.body.classList.toggle("offline", down);
  }
}
