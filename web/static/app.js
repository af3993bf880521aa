// ruleplay's page: plays any game the server offers. It knows no game:
// the server describes the board (cells with coordinates, stacks and
// zones) and the legal moves (their texts, docs/notation.md, and their
// cells in click order), and a move is clicked cell by cell.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

let catalog = null; // GET /api/games
let game = null; // the session's state
let chosen = []; // cells clicked so far
let paused = false;
let timer = null;
let frames = []; // a replayed record's positions
let replayPlayers = []; // and its players
let replayBoard = null; // and its board (the cells of the frames' stacks)
let replayed = null; // and the answer of /api/replay
let replayFile = null; // and the file replayed: {name, text}

// ---- the server ----

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = typeof body === "string" ? "application/yaml" : "application/json";
  }
  let r;
  try {
    r = await fetch(path, init);
  } catch (e) {
    throw new Error("the server does not answer: is ruleplay serve still running?");
  }
  const data = await r.json().catch(() => ({ error: "the server answered " + r.status }));
  if (!r.ok) {
    const e = new Error(data.error || "error " + r.status);
    e.data = data;
    e.status = r.status;
    throw e;
  }
  return data;
}

function showError(e) {
  let msg = e ? e.message : "";
  if (e && e.data && e.data.closest) msg += "; did you mean " + e.data.closest + "?";
  $("error").textContent = msg;
}

// ---- setting up a game ----

async function loadCatalog() {
  catalog = await api("GET", "/api/games");
  const sel = $("game");
  const was = sel.value;
  sel.textContent = "";
  for (const g of catalog.games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.error ? g.name + " (has errors)" : g.title + " (" + g.name + ")";
    sel.appendChild(o);
  }
  if (was && catalog.games.some((g) => g.name === was)) sel.value = was;
  sel.onchange = showSetup;
  showSetup();
}

// recheck asks the server again about the games (a rules file is read
// again when it changed): a file fixed since enables Start, a file broken
// since shows its diagnostics. The setup is redrawn only when the chosen
// game's state changed, so that the options chosen stay.
async function recheck() {
  const before = currentEntry();
  let fresh;
  try {
    fresh = await api("GET", "/api/games");
  } catch (e) {
    return;
  }
  const now = fresh.games.find((g) => before && g.name === before.name);
  catalog = fresh;
  if (!before || !now || (now.error || "") !== (before.error || "") || now.title !== before.title) {
    const sel = $("game");
    const was = sel.value;
    for (const [i, g] of fresh.games.entries()) {
      if (sel.options[i]) sel.options[i].textContent = g.error ? g.name + " (has errors)" : g.title + " (" + g.name + ")";
    }
    sel.value = was;
    showSetup();
  }
}

function currentEntry() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function showSetup() {
  const g = currentEntry();
  $("source").textContent = g.source === "bundled" ? "bundled game" : "file " + g.source;
  $("diag").hidden = !g.error;
  $("diag").textContent = g.error || "";
  $("new").disabled = !!g.error;
  $("rules").hidden = g.source !== "bundled";
  $("rules").href = "/rules/" + encodeURIComponent(g.name);
  const opts = $("options");
  opts.textContent = "";
  for (const o of g.options) {
    const l = document.createElement("label");
    l.title = (o.doc ? o.doc + " " : "") + "(" + o.allowed + ")";
    l.append(o.name + " ");
    let input;
    if (o.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = o.default === "true";
    } else if (o.type === "choice") {
      input = document.createElement("select");
      for (const c of o.choices) {
        const opt = document.createElement("option");
        opt.value = opt.textContent = c;
        input.appendChild(opt);
      }
      input.value = o.default;
    } else {
      input = document.createElement("input");
      input.value = o.default;
      input.size = 8;
    }
    input.dataset.option = o.name;
    input.dataset.default = o.default;
    input.onchange = refreshSeats;
    l.appendChild(input);
    opts.appendChild(l);
  }
  showSeats(g.players || []);
}

// chosenOptions are the options of the setup panel that differ from their
// defaults.
function chosenOptions() {
  const options = {};
  for (const el of $("options").querySelectorAll("[data-option]")) {
    const v = el.type === "checkbox" ? String(el.checked) : el.value.trim();
    if (v !== el.dataset.default) options[el.dataset.option] = v;
  }
  return options;
}

// refreshSeats asks the server for the players of the game with the
// options chosen (an option may change how many there are) and shows
// their seats; a bad option leaves the seats as they are until Start says
// what is wrong.
let seatsAsked = 0; // the latest /api/players request: older answers are stale

async function refreshSeats() {
  const g = currentEntry();
  const asked = ++seatsAsked;
  for (let tries = 0; ; tries++) {
    try {
      const r = await api("POST", "/api/players", { game: g.name, options: chosenOptions() });
      if (asked === seatsAsked && currentEntry() === g) showSeats(r.players);
      return;
    } catch (e) {
      // A bad option: Start reports it. A busy server: ask again, then
      // say why the seats could not follow the options.
      if (e.status === 400 || asked !== seatsAsked) return;
      if (e.status !== 503 || tries >= 3) {
        showError(e);
        return;
      }
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

// showSeats lays out one seat (player kind, mcts think time) per player.
function showSeats(players) {
  const seats = $("seats");
  seats.textContent = "";
  players.forEach((name, i) => {
    const d = document.createElement("div");
    d.className = "seat";
    const sel = document.createElement("select");
    sel.id = "seat" + i;
    for (const p of catalog.players) {
      const o = document.createElement("option");
      o.value = o.textContent = p;
      sel.appendChild(o);
    }
    sel.value = i === 0 ? "human" : "mcts";
    const think = document.createElement("input");
    think.id = "think" + i;
    think.type = "number";
    think.min = 10;
    think.max = catalog.limits.think_ms;
    think.value = Math.min(500, catalog.limits.think_ms);
    think.title = "mcts: thinking time per move, in milliseconds";
    const ms = document.createElement("span");
    ms.textContent = "ms";
    const sync = () => { think.hidden = ms.hidden = sel.value !== "mcts" && sel.value !== "ab"; };
    sel.onchange = sync;
    sync();
    d.append(name + " ", sel, think, ms);
    seats.appendChild(d);
  });
}

// chosenSeats are the seats of the setup panel (those of game g, with
// the options chosen).
function chosenSeats(g) {
  return Array.from($("seats").querySelectorAll("select")).map((sel, i) => {
    const player = sel.value;
    return player === "mcts" || player === "ab" ? { player, think_ms: Number($("think" + i).value) } : { player };
  });
}

async function newGame() {
  const g = currentEntry();
  const options = chosenOptions();
  const seats = chosenSeats(g);
  const req = { game: g.name, options, seats, seed: Number($("seed").value) || 1 };
  const position = $("position").value.trim();
  if (position) req.position = position;
  try {
    const st = await api("POST", "/api/sessions", req);
    if (game) api("DELETE", "/api/sessions/" + game.id).catch(() => {});
    $("diag").hidden = true;
    paused = false;
    cursor = -1;
    show(st);
    toBoard();
  } catch (e) {
    // The game open goes on: its board stays, the diagnostics show in
    // the setup panel beside it.
    $("diag").hidden = false;
    $("diag").textContent = e.message;
    if (game) $("error").textContent = "The new game did not start (see New game); this one goes on.";
  }
}

// ---- the game ----

// toBoard scrolls the page to the game when it starts out of sight (on a
// phone, Start is below the game).
function toBoard() {
  if ($("play").getBoundingClientRect().top < 0) window.scrollTo(0, 0);
}

// The server gives every legal move's cells in click order (start, each
// landing, end; a group's tail, head, destination; a drop's or a
// removal's cell) and the cells it captures (game.move_cells, parallel
// to game.legal): the page never parses a move's text.

function humanToMove() {
  return game && !game.over && game.seats[game.to_move].player === "human";
}

function cellName(i) {
  return game.board.cells[i].name;
}

// fitIndex returns the index in move d's cells of the last cell clicked
// when the clicks so far (chosen, cell indices) fit d, else -1: the first
// click is the move's first cell (a group's head will do for its tail),
// each later click one of its later cells, in order (landings may be
// skipped: a chain's end can be clicked at once).
function fitIndex(d, clicks) {
  const cells = d.cells;
  if (clicks.length === 0 || cells.length === 0) return -1;
  let k;
  if (clicks[0] === cells[0]) k = 0;
  else if (d.kind === "group" && cells.length === 3 && clicks[0] === cells[1]) k = 1;
  else return -1;
  for (let j = 1; j < clicks.length; j++) {
    k = cells.indexOf(clicks[j], k + 1);
    if (k < 0) return -1;
  }
  return k;
}

// candidates are the legal moves (indices) the clicks fit.
function candidates(clicks) {
  const out = [];
  (game.move_cells || []).forEach((d, i) => { if (fitIndex(d, clicks) >= 0) out.push(i); });
  return out;
}

// ends tells whether move i ends on the last click.
function endsOnLast(i, clicks) {
  const c = game.move_cells[i].cells;
  return c[c.length - 1] === clicks[clicks.length - 1];
}

function show(st) {
  game = st;
  chosen = [];
  restartArmed = false;
  document.body.classList.add("playing");
  $("play").hidden = false;
  $("replay").hidden = true;
  $("error").textContent = "";
  $("feedback").textContent = "";
  $("title").textContent = st.title;
  $("download").href = "/api/sessions/" + st.id + "/record";
  $("download").setAttribute("download", st.game + ".yaml");
  $("restart").textContent = "Restart";
  const moves = $("moves");
  moves.textContent = "";
  for (const m of st.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  $("undo").disabled = st.moves.length === 0;
  $("pause").textContent = paused ? "Resume" : "Pause";
  document.body.dataset.ply = st.ply;
  render();
  schedule();
}

// hintText explains how the kinds of moves of the position are clicked.
function hintText(st) {
  const kinds = new Set((st.move_cells || []).map((d) => d.kind));
  const parts = [];
  if (kinds.has("leap")) parts.push("Click a piece, then where it goes; a chain landing by landing, or its end at once (click the last landing again to stop there).");
  if (kinds.has("group")) parts.push("A group moves by its tail, its head, then where the head goes (or its head, then where it goes); a single stone by itself, then where it goes.");
  if (kinds.has("drop")) parts.push("Click an empty cell to place a piece from your hand" + (st.hand && st.hand[st.to_move] ? " (in hand: " + st.hand[st.to_move] + ")" : "") + ".");
  if (kinds.has("remove")) parts.push("Click a piece to remove it.");
  if (kinds.has("pass")) parts.push("A pass is a button in the list of legal moves.");
  if (!st.move_cells && st.legal.length > 0) parts.push("This position has too many moves to click (" + st.legal.length + "): pick one in the list of legal moves, or type it.");
  return parts.join(" ");
}

// swatch is a small disc in a player's colour.
function swatch(players, i) {
  const [fill] = colours(players, { owner: i, kind: "" });
  const s = document.createElement("span");
  s.className = "swatch";
  s.style.background = fill;
  return s;
}

function render() {
  const st = game;
  const seat = st.seats[st.to_move];
  let status;
  if (st.over) status = "Result: " + st.result;
  else status = st.players[st.to_move] + " to move (" + seat.player + ")";
  $("status").textContent = status;
  const counts = $("counts");
  counts.textContent = "";
  const head = counts.insertRow();
  head.innerHTML = "<th></th>" + (st.captures ? "<th>captured</th>" : "") + (st.hand ? "<th>in hand</th>" : "") + (st.scores ? "<th>score</th>" : "");
  st.players.forEach((p, i) => {
    const r = counts.insertRow();
    const name = r.insertCell();
    name.append(swatch(st.players, i), p + (i === st.to_move && !st.over ? " ◀" : ""));
    if (st.captures) r.insertCell().textContent = st.captured[i];
    if (st.hand) r.insertCell().textContent = st.hand[i] || "none";
    if (st.scores) r.insertCell().textContent = st.scores[i];
  });
  $("hint").textContent = humanToMove() ? hintText(st) : "";
  const human = humanToMove();
  const data = st.move_cells || [];
  const cands = chosen.length > 0 ? candidates(chosen) : [];
  const cls = new Map(); // cell index -> classes
  const add = (c, name) => { if (!cls.has(c)) cls.set(c, new Set()); cls.get(c).add(name); };
  const done = [];
  if (human) {
    if (chosen.length === 0) {
      for (const d of data) {
        if (d.cells.length === 0) continue;
        const c = d.cells[0];
        if (d.kind === "remove") { add(c, "target"); add(c, "remove"); }
        else if (d.kind === "drop") add(c, "target");
        else add(c, "movable");
      }
    } else {
      for (const i of cands) {
        const d = data[i];
        const k = fitIndex(d, chosen);
        if (k === d.cells.length - 1 && endsOnLast(i, chosen)) { done.push(i); continue; }
        add(d.cells[k + 1], "target");
        if (k + 1 < d.cells.length - 1) add(d.cells[d.cells.length - 1], "end");
        for (const c of d.captured || []) add(c, "capture");
      }
      for (const c of chosen) add(c, "chosen");
    }
  }
  drawBoard($("board"), st.board, st.players, (cell, g) => {
    for (const c of cls.get(cell) || []) g.classList.add(c);
  }, clickCell, $("legend"));
  const pending = $("pending");
  pending.textContent = "";
  if (human && chosen.length > 0) {
    pending.append("selected: " + chosen.map(cellName).join(" ") + " ");
    for (const i of done) {
      const b = document.createElement("button");
      b.className = "finish";
      if (done.length === 1) b.id = "finish";
      b.textContent = "play " + st.legal[i];
      b.onclick = () => play(st.legal[i]);
      b.onmouseenter = () => preview(data[i]);
      b.onmouseleave = () => preview(null);
      pending.appendChild(b);
    }
    const c = document.createElement("button");
    c.textContent = "cancel";
    c.onclick = () => { chosen = []; render(); };
    pending.appendChild(c);
  }
  const legal = $("legal");
  legal.textContent = "";
  $("nlegal").textContent = st.legal.length;
  st.legal.forEach((m, i) => {
    const b = document.createElement("button");
    b.textContent = m;
    b.disabled = !human;
    b.onclick = () => play(m);
    const d = data[i];
    if (d) {
      b.onmouseenter = () => preview(d);
      b.onmouseleave = () => preview(null);
    }
    legal.appendChild(b);
  });
  if (human && (data.some((d) => d.kind === "pass") || !st.move_cells)) $("legalbox").open = true; // a pass, or a position with too many moves to click, is played from the list
}

// preview outlines a move's cells and captures on the board (null: none).
function preview(d) {
  for (const g of $("board").querySelectorAll(".cell.preview, .cell.capture-preview")) g.classList.remove("preview", "capture-preview");
  if (!d) return;
  for (const c of d.cells) { const g = $("board").querySelector('[data-cell="' + cellName(c) + '"]'); if (g) g.classList.add("preview"); }
  for (const c of d.captured || []) { const g = $("board").querySelector('[data-cell="' + cellName(c) + '"]'); if (g) g.classList.add("capture-preview"); }
}

// stackText describes a cell's pieces, bottom to top.
function stackText(players, c) {
  if (!c.stack || c.stack.length === 0) return c.name + ": empty";
  const ps = c.stack.map((p) => (p.owner >= 0 ? players[p.owner] + " " : "") + p.kind);
  return c.name + ": " + (ps.length > 1 ? ps.join(", ") + " (bottom to top)" : ps[0]);
}

function clickCell(cell) {
  if (!game) return;
  $("error").textContent = "";
  $("feedback").textContent = "";
  const cellData = game.board.cells[cell];
  if (!humanToMove()) {
    if (cellData.stack && cellData.stack.length > 1) $("feedback").textContent = stackText(game.players, cellData);
    return;
  }
  if (!game.move_cells) {
    $("feedback").textContent = "Too many moves to click here: pick one in the list of legal moves, or type it.";
    $("legalbox").open = true;
    return;
  }
  if (chosen.length > 0 && cell === chosen[chosen.length - 1]) {
    const done = candidates(chosen).filter((i) => fitIndex(game.move_cells[i], chosen) === game.move_cells[i].cells.length - 1);
    if (done.length === 1) return play(game.legal[done[0]]);
    if (done.length === 0) { chosen = chosen.slice(0, -1); render(); return; } // a second click takes the cell back
    render();
    return;
  }
  let next = chosen.concat([cell]);
  let cands = candidates(next);
  if (cands.length === 0 && chosen.length > 0) {
    const again = candidates([cell]); // another piece: start again from it
    if (again.length > 0) { next = [cell]; cands = again; }
  }
  if (cands.length === 0) {
    const what = next.map(cellName).join(" then ");
    let msg = chosen.length === 0 ? "No move starts at " + cellName(cell) + "." : what + " fits no move.";
    if (cellData.stack && cellData.stack.length > 0) msg += " " + stackText(game.players, cellData) + ".";
    if ((game.move_cells || []).some((d) => d.kind === "group")) msg += " A group moves by its tail, its head, then where the head goes.";
    $("feedback").textContent = msg;
    render();
    return;
  }
  const ending = cands.filter((i) => endsOnLast(i, next));
  if (ending.length === cands.length && new Set(ending.map((i) => game.legal[i])).size === 1) return play(game.legal[ending[0]]);
  chosen = next;
  render();
  if (ending.length > 1 && ending.length === cands.length) $("feedback").textContent = "Several moves end here: pick one (hover a button to see its cells and captures).";
  else if (cellData.stack && cellData.stack.length > 1) $("feedback").textContent = stackText(game.players, cellData) + ".";
}

// play sends a move; it tells whether the server took it.
async function play(text) {
  try {
    show(await api("POST", "/api/sessions/" + game.id + "/move", { move: text }));
    return true;
  } catch (e) {
    showError(e);
    return false;
  }
}

// schedule lets a computer to move play after the chosen delay.
function schedule() {
  clearTimeout(timer);
  if (!game || game.over || paused || game.seats[game.to_move].player === "human") return;
  const id = game.id;
  document.body.dataset.busy = "1";
  timer = setTimeout(async () => {
    try {
      const st = await api("POST", "/api/sessions/" + id + "/advance");
      if (game && game.id === id) show(st);
    } catch (e) {
      showError(e);
    } finally {
      delete document.body.dataset.busy;
    }
  }, Number($("speed").value));
}

async function action(name) {
  if (!game) return;
  try {
    show(await api("POST", "/api/sessions/" + game.id + "/" + name));
  } catch (e) {
    showError(e);
  }
}

// restart asks first: the first click arms the button, a second within
// a few seconds restarts.
let restartArmed = false;
function restart() {
  if (!restartArmed) {
    restartArmed = true;
    $("restart").textContent = "Restart? Click again";
    setTimeout(() => { if (restartArmed) { restartArmed = false; $("restart").textContent = "Restart"; } }, 4000);
    return;
  }
  restartArmed = false;
  action("restart");
}

// ---- drawing (laid out as package picture lays out its SVGs) ----

const UNIT = 48, MARGIN = 28;
const OWNER_FILL = ["#f4efe1", "#2b2b2b", "#c0392b", "#2e86c1", "#27ae60", "#8e44ad"];
const OWNER_TEXT = ["#222", "#f4efe1", "#fff", "#fff", "#fff", "#fff"];
const COLOURS = {
  white: "#f7f7f7", black: "#222222", red: "#d33b2c", green: "#2f9e44", blue: "#2f6fd3", yellow: "#f2c12e",
  orange: "#f08c2e", purple: "#8e44ad", brown: "#8b5a2b", grey: "#8a8a8a", gray: "#8a8a8a", pink: "#e78fb3",
};
const ZONE_COLOURS = ["#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#f59f00", "#d6336c"];
let flipped = false;
let cursor = -1; // the cell the keyboard is on (index), -1: none

function colours(players, p) {
  let name = p.kind.toLowerCase();
  if (p.owner >= 0) {
    name = (players[p.owner] || "").toLowerCase();
    if (!(name in COLOURS)) return [OWNER_FILL[p.owner % OWNER_FILL.length], OWNER_TEXT[p.owner % OWNER_TEXT.length]];
  }
  const c = COLOURS[name];
  if (!c) return ["#9a9a9a", "#fff"];
  return [c, c === "#f7f7f7" || c === "#f2c12e" ? "#222" : "#fff"];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, x, y, s, attrs) {
  const t = el("text", Object.assign({ x, y, "text-anchor": "middle" }, attrs), parent);
  t.textContent = s;
  return t;
}

// light tells whether a colour (#rrggbb) is light.
function light(c) {
  const n = parseInt(c.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 180;
}

// zonesDrawn are the zones of b a goal or a lock reads, each with its
// colour and, per player, its cells (one list when every player has the
// same cells).
function zonesDrawn(b, players) {
  const out = [];
  (b.zones || []).forEach((z) => {
    if (!z.read) return;
    const same = z.cells.every((cs) => cs.length === z.cells[0].length && cs.every((c, i) => c === z.cells[0][i]));
    if (same) {
      const colour = ZONE_COLOURS[out.length % ZONE_COLOURS.length];
      out.push({ label: z.name + " (" + z.read + ")", cells: z.cells[0] || [], colour, edge: colour });
    }
    else z.cells.forEach((cs, p) => {
      const colour = colours(players, { owner: p, kind: "" })[0];
      out.push({ label: z.name + " of " + players[p] + " (" + z.read + ")", cells: cs, colour, edge: light(colour) ? "#7a6a4a" : colour, dashed: true });
    });
  });
  return out;
}

// drawBoard draws b into svg; mark(cellIndex, g) may add classes to a
// cell, onClick(cellIndex) is called for a click on one (both may be
// null). A legend of the zones drawn goes into legend (when given).
function drawBoard(svg, b, players, mark, onClick, legend) {
  const hadFocus = svg.contains(document.activeElement) && document.activeElement !== svg;
  svg.textContent = "";
  const rowH = (UNIT * Math.sqrt(3)) / 2;
  const w = 2 * MARGIN + b.width * UNIT;
  const h = b.hex ? 2 * MARGIN + (b.height - 1) * rowH + UNIT : 2 * MARGIN + b.height * UNIT;
  const turn = ([x, y]) => (flipped ? [w - x, h - y] : [x, y]);
  const centre = (c) => turn(b.hex
    ? [MARGIN + ((c.x + b.width - 1) * UNIT) / 2 + UNIT / 2, MARGIN + (b.height - 1 - c.y) * rowH + UNIT / 2]
    : [MARGIN + (c.x + 0.5) * UNIT, MARGIN + (b.height - 1 - c.y + 0.5) * UNIT]);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.style.maxWidth = Math.round(w * 1.5) + "px";
  svg.setAttribute("font-family", "sans-serif");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "board" + (flipped ? " (flipped)" : ""));
  const onBoard = new Set(b.cells.map((c) => c.x + "," + c.y));
  // A board of dark (or light) cells only is drawn as a checkerboard;
  // any other without one colour per cell.
  const parity = new Set(b.cells.map((c) => (((c.x + c.y) % 2) + 2) % 2));
  const oneColour = !b.hex && parity.size === 1 && b.cells.length < b.width * b.height;
  if (!b.hex) {
    for (let y = 0; y < b.height; y++) {
      for (let x = 0; x < b.width; x++) {
        if (onBoard.has(x + "," + y)) continue;
        const [cx, cy] = centre({ x, y });
        el("rect", { x: cx - UNIT / 2, y: cy - UNIT / 2, width: UNIT, height: UNIT, fill: "#f3ead6" }, svg);
      }
    }
    for (let x = 0; x < b.width; x++) {
      const [cx] = centre({ x, y: 0 });
      text(svg, cx, flipped ? MARGIN - 10 : MARGIN + b.height * UNIT + 16, String.fromCharCode(97 + x), { "font-size": 12, fill: "#555" });
    }
    for (let y = 0; y < b.height; y++) {
      const [, cy] = centre({ x: 0, y });
      text(svg, flipped ? w - MARGIN / 2 : MARGIN / 2, cy + 4, y + 1, { "font-size": 12, fill: "#555" });
    }
  }
  const zones = zonesDrawn(b, players);
  const inZones = b.cells.map(() => []);
  zones.forEach((z, k) => { for (const c of z.cells) if (inZones[c]) inZones[c].push(k); });
  const rowsLeft = {};
  b.cells.forEach((c, idx) => {
    const [cx, cy] = centre(c);
    const g = el("g", { class: "cell", "data-cell": c.name, "data-index": idx, tabindex: idx === cursor ? 0 : -1, role: "button" }, svg);
    let shape;
    if (b.hex) {
      const r = UNIT / Math.sqrt(3);
      const pts = [];
      for (let k = 0; k < 6; k++) {
        const a = Math.PI / 6 + (k * Math.PI) / 3;
        pts.push((cx + r * Math.cos(a)).toFixed(1) + "," + (cy + r * Math.sin(a)).toFixed(1));
      }
      const fill = ["#efe3c8", "#e2cfa6", "#d6bd8c"][(((c.x % 3) + 3 + c.y) % 3 + 3) % 3];
      shape = { name: "polygon", attrs: { points: pts.join(" ") } };
      el("polygon", { points: pts.join(" "), fill, stroke: "#8d7650", "stroke-width": 1 }, g);
      if (!(c.y in rowsLeft) || cx < rowsLeft[c.y][0]) rowsLeft[c.y] = [cx, cy];
    } else {
      const a = { x: cx - UNIT / 2, y: cy - UNIT / 2, width: UNIT, height: UNIT };
      shape = { name: "rect", attrs: a };
      if (oneColour) el("rect", Object.assign({ fill: "#b58863" }, a), g);
      else el("rect", Object.assign({ fill: "#efe3c8", stroke: "#c9b68f", "stroke-width": 1 }, a), g);
    }
    inZones[idx].forEach((k, j) => {
      const z = zones[k];
      const inset = 3 + j * 4;
      const attrs = b.hex ? { points: shape.attrs.points } : { x: cx - UNIT / 2 + inset, y: cy - UNIT / 2 + inset, width: UNIT - 2 * inset, height: UNIT - 2 * inset };
      const zattrs = { class: "zone", "data-zone": z.label, fill: z.colour, "fill-opacity": j === 0 ? (z.dashed ? 0.5 : 0.28) : 0, stroke: z.edge, "stroke-width": 2.5, "stroke-opacity": 0.9 };
      if (z.dashed) zattrs["stroke-dasharray"] = "6 3";
      el(shape.name, Object.assign(zattrs, attrs), g);
    });
    el(shape.name, Object.assign({ class: "hl" }, shape.attrs), g);
    const label = stackText(players, c) + (inZones[idx].length ? "; " + inZones[idx].map((k) => zones[k].label).join(", ") : "");
    el("title", {}, g).textContent = label;
    g.setAttribute("aria-label", label);
    if (onClick) g.addEventListener("click", () => { cursor = idx; onClick(idx); });
    if (mark) mark(idx, g);
  });
  for (const [y, [x, cy]] of Object.entries(rowsLeft)) text(svg, x - UNIT * 0.75, cy + 4, Number(y) + 1, { "font-size": 12, fill: "#555" });
  const last = b.last || [];
  if (last.length > 0) {
    const g = el("g", { id: "last-move", fill: "none", stroke: "#e8590c", "stroke-width": 3, class: "piece" }, svg);
    const pts = last.map((i) => centre(b.cells[i]));
    el("circle", { cx: pts[0][0], cy: pts[0][1], r: UNIT * 0.46, "stroke-dasharray": "4 3" }, g);
    if (pts.length > 1) {
      const [ex, ey] = pts[pts.length - 1];
      el("circle", { cx: ex, cy: ey, r: UNIT * 0.46 }, g);
      el("polyline", { points: pts.map((p) => p.join(",")).join(" "), "stroke-opacity": 0.75, "stroke-linejoin": "round" }, g);
      for (const [x, y] of pts.slice(1, -1)) el("circle", { cx: x, cy: y, r: 4, fill: "#e8590c" }, g);
    }
  }
  for (const i of b.last_captured || []) {
    const [x, y] = centre(b.cells[i]);
    const g = el("g", { class: "piece captured", "data-cell": b.cells[i].name, stroke: "#c92a2a", "stroke-width": 3.5 }, svg);
    el("circle", { cx: x, cy: y, r: UNIT * 0.3, fill: "none", "stroke-dasharray": "3 3", "stroke-width": 2 }, g);
    const r = UNIT * 0.18;
    el("line", { x1: x - r, y1: y - r, x2: x + r, y2: y + r }, g);
    el("line", { x1: x - r, y1: y + r, x2: x + r, y2: y - r }, g);
  }
  const rad = UNIT * 0.36;
  for (const c of b.cells) {
    if (!c.stack || c.stack.length === 0) continue;
    const [cx, cy] = centre(c);
    const g = el("g", { class: "piece stack", "data-height": c.stack.length }, svg);
    const n = c.stack.length;
    c.stack.forEach((p, i) => {
      const [fill, ink] = colours(players, p);
      el("circle", { cx, cy: cy + (n - 1 - i) * 3, r: rad, fill, stroke: "#555", "stroke-width": 1.2 }, g);
      if (i === n - 1 && p.label) text(g, cx, cy + 5, p.label, { "font-size": p.label.length > 2 ? 11 : 14, "font-weight": "bold", fill: ink });
    });
    if (n > 1) {
      el("circle", { cx: cx + rad * 0.8, cy: cy - rad * 0.8, r: 8, fill: "#e8590c" }, g);
      text(g, cx + rad * 0.8, cy - rad * 0.8 + 4, n, { "font-size": 11, fill: "#fff" });
    }
  }
  if (hadFocus) {
    const g = svg.querySelector('.cell[data-index="' + cursor + '"]');
    if (g) g.focus();
  }
  if (legend) {
    legend.textContent = "";
    for (const z of zones) {
      const item = document.createElement("span");
      item.className = "zonekey";
      const sw = document.createElement("span");
      sw.className = "zoneswatch";
      sw.style.borderColor = z.edge;
      if (z.dashed) sw.style.borderStyle = "dashed";
      sw.style.background = z.colour + (z.dashed ? "80" : "47");
      item.append(sw, z.label);
      legend.appendChild(item);
    }
  }
}

// boardKey moves the keyboard's cursor over the board with the arrow
// keys (to the nearest cell that way on the screen) and clicks the cell
// under it with Enter or Space.
function boardKey(ev, svg, onClick) {
  const cells = Array.from(svg.querySelectorAll(".cell"));
  if (cells.length === 0) return;
  const pos = (g) => { const r = g.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  if (cursor < 0 || cursor >= cells.length) cursor = 0;
  const here = cells[cursor];
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    if (onClick) onClick(cursor);
    const g = svg.querySelector('.cell[data-index="' + cursor + '"]');
    if (g) g.focus();
    return;
  }
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[ev.key];
  if (!d) return;
  ev.preventDefault();
  const [x0, y0] = pos(here);
  let best = -1, bestScore = Infinity;
  cells.forEach((g, i) => {
    const [x, y] = pos(g);
    const along = (x - x0) * d[0] + (y - y0) * d[1];
    const across = Math.abs((x - x0) * d[1]) + Math.abs((y - y0) * d[0]);
    if (along <= 1 || across > along) return; // within 45 degrees of the key's way
    const score = Math.hypot(along, across) + across / 100;
    if (score < bestScore) { best = i; bestScore = score; }
  });
  if (best < 0) return;
  here.setAttribute("tabindex", -1);
  cursor = best;
  cells[best].setAttribute("tabindex", 0);
  cells[best].focus();
}

// ---- replaying a record ----

async function loadRecord(file) {
  if (!file) return;
  try {
    replayFile = { name: file.name, text: await file.text() };
    await showReplay(0);
  } catch (e) {
    $("diag").hidden = false;
    $("diag").textContent = e.message;
  } finally {
    $("load").value = "";
  }
}

// showReplay asks the server to check the file loaded and shows its
// positions: game number n of a PDN file (0: the first), listing its
// games to choose from.
async function showReplay(n) {
  const path = "/api/replay?name=" + encodeURIComponent(replayFile.name) + (n > 0 ? "&game=" + n : "");
  const r = await api("POST", path, replayFile.text);
  clearTimeout(timer);
  paused = true;
  frames = r.frames;
  // Each frame names the cells that changed: rebuild every position's stacks.
  let stacks = r.board ? r.board.cells.map((c) => c.stack || null) : [];
  for (const f of frames) {
    stacks = stacks.slice();
    for (const c of f.changed) stacks[c.cell] = c.stack;
    f.stacks = stacks;
  }
  replayPlayers = r.players || [];
  replayBoard = r.board;
  replayed = r;
  $("play").hidden = true;
  $("replay").hidden = false;
  $("rtitle").textContent = r.title || r.game || replayFile.name;
  showPDNGames(r.pdn);
  $("rverdict").textContent = r.verdict === "ok" ? "check: ok" : "check: " + r.verdict + (r.problem ? ": " + (r.problem.pos ? r.problem.pos + ": " : "") + r.problem.message : "");
  $("rverdict").className = r.verdict === "ok" ? "" : "error";
  $("rreport").textContent = r.report;
  const list = $("rmoves");
  list.textContent = "";
  frames.slice(1).forEach((f, k) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = f.move;
    b.onclick = () => goFrame(k + 1);
    li.appendChild(b);
    list.appendChild(li);
  });
  const s = $("rslider");
  s.max = Math.max(0, frames.length - 1);
  s.disabled = frames.length === 0;
  $("rplay").disabled = frames.length === 0;
  goFrame(frames.length - 1);
}

// showPDNGames lists the games of a PDN file (pdn: the replay's "pdn",
// absent for a YAML record) with their titles, results and problems.
function showPDNGames(pdn) {
  const sel = $("rgames");
  sel.textContent = "";
  $("rgamesbox").hidden = !pdn;
  if (!pdn) return;
  for (const g of pdn.games) {
    const o = document.createElement("option");
    o.value = g.index;
    let t = g.index + ". " + g.title;
    if (g.result) t += " (" + g.result + ")";
    t += g.moves >= 0 ? ", " + g.moves + (g.moves === 1 ? " move" : " moves") : "";
    if (g.problem) t += " \u26a0 " + g.problem;
    o.textContent = t;
    o.title = g.problem || "";
    sel.appendChild(o);
  }
  sel.value = pdn.chosen;
  $("rgamesmore").hidden = !pdn.more;
}

function goFrame(i) {
  if (frames.length === 0) {
    $("rboard").textContent = "";
    $("rstatus").textContent = "no position to show";
    return;
  }
  i = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[i];
  $("rslider").value = i;
  const b = Object.assign({}, replayBoard, {
    cells: replayBoard.cells.map((c, k) => Object.assign({}, c, { stack: f.stacks[k] })),
    last: f.last,
    last_captured: f.last_captured,
  });
  drawBoard($("rboard"), b, replayPlayers, null, null, $("rlegend"));
  $("rmoves").querySelectorAll("li").forEach((li, k) => li.classList.toggle("current", k + 1 === i));
  $("rstatus").textContent = (f.ply > 0 ? f.ply + ". " + f.move + "; " : "start; ") + f.status;
  document.body.dataset.frame = i;
}

// playFromHere starts a game from the position shown: the record's game,
// options and setup, its moves up to here, and the seats chosen in the
// setup panel when it shows the same game (else people on every side).
async function playFromHere() {
  const r = replayed;
  const i = Number($("rslider").value);
  const moves = frames.slice(1, i + 1).map((f) => f.move);
  let seats = [{ player: "human" }];
  const g = currentEntry();
  if (g && g.name === r.game) seats = chosenSeats(g);
  const req = { game: r.game, options: r.options || {}, setup: r.setup, seats, moves };
  if (r.start) req.position = r.start;
  try {
    const st = await api("POST", "/api/sessions", req);
    if (game) api("DELETE", "/api/sessions/" + game.id).catch(() => {});
    paused = false;
    // The setup panel shows the game played on, with its seats.
    if (!g || g.name !== r.game) {
      $("game").value = r.game;
      showSetup();
      st.seats.forEach((s, i) => { const sel = $("seat" + i); if (sel) { sel.value = s.player; sel.dispatchEvent(new Event("change")); } });
    }
    cursor = -1;
    show(st);
    toBoard();
  } catch (e) {
    $("rverdict").textContent = e.message;
    $("rverdict").className = "error";
  }
}

// ---- wiring ----

function init() {
  $("new").onclick = newGame;
  $("undo").onclick = () => action("undo");
  $("restart").onclick = restart;
  $("flip").onclick = () => { flipped = !flipped; if (game && !$("play").hidden) render(); if (!$("replay").hidden) goFrame(Number($("rslider").value)); };
  for (const [id, click] of [["board", (i) => clickCell(i)], ["rboard", null]]) {
    const svg = $(id);
    svg.setAttribute("tabindex", 0);
    svg.addEventListener("keydown", (ev) => boardKey(ev, svg, click));
    svg.addEventListener("focus", () => {
      if (cursor < 0) cursor = 0;
      const g = svg.querySelector('.cell[data-index="' + cursor + '"]');
      if (g) { g.setAttribute("tabindex", 0); g.focus(); }
    });
  }
  $("rflip").onclick = $("flip").onclick;
  $("game").onfocus = recheck;
  // A rules file named on the command line may be edited while the page
  // is open: ask again now and then (the server reads a file again only
  // when it changed).
  setInterval(() => { if (!document.hidden && catalog && catalog.games.some((g) => g.source !== "bundled")) recheck(); }, 2000);
  $("pause").onclick = () => { paused = !paused; if (game) show(game); };
  const speed = () => { $("speedText").textContent = $("speed").value + " ms"; };
  $("speed").oninput = speed;
  speed();
  $("typed").onsubmit = (ev) => {
    ev.preventDefault();
    const t = $("movetext").value.trim();
    if (t) play(t).then((ok) => { if (ok) $("movetext").value = ""; });
  };
  $("load").onchange = () => loadRecord($("load").files[0]);
  $("rgames").onchange = () => showReplay(Number($("rgames").value)).catch((e) => {
    $("rverdict").textContent = e.message;
    $("rverdict").className = "error";
  });
  $("rslider").oninput = () => goFrame(Number($("rslider").value));
  $("rfirst").onclick = () => goFrame(0);
  $("rprev").onclick = () => goFrame(Number($("rslider").value) - 1);
  $("rnext").onclick = () => goFrame(Number($("rslider").value) + 1);
  $("rlast").onclick = () => goFrame(frames.length - 1);
  $("rplay").onclick = playFromHere;
  $("rclose").onclick = () => {
    $("replay").hidden = true;
    if (game) { $("play").hidden = false; }
  };
  // Leaving the page closes its game, so that reloads do not fill the
  // server's games.
  window.addEventListener("pagehide", () => {
    if (game) fetch("/api/sessions/" + game.id, { method: "DELETE", keepalive: true }).catch(() => {});
  });
  loadCatalog().catch((e) => { $("diag").hidden = false; $("diag").textContent = "cannot list the games: " + e.message; });
}

init();
