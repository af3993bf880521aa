// ruleplay's page: plays any game the server offers. It knows no game:
// the server describes the board (cells with coordinates and stacks) and
// the legal moves by their texts (docs/notation.md), and a move is clicked
// as the cells of its text, one at a time.
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
  sel.textContent = "";
  for (const g of catalog.games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.error ? g.name + " (has errors)" : g.title + " (" + g.name + ")";
    sel.appendChild(o);
  }
  sel.onchange = showSetup;
  showSetup();
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
async function refreshSeats() {
  const g = currentEntry();
  try {
    const r = await api("POST", "/api/players", { game: g.name, options: chosenOptions() });
    if (currentEntry() === g) showSeats(r.players);
  } catch (e) {
    // Start reports the option's error.
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
    const sync = () => { think.hidden = ms.hidden = sel.value !== "mcts"; };
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
    return player === "mcts" ? { player, think_ms: Number($("think" + i).value) } : { player };
  });
}

async function newGame() {
  const g = currentEntry();
  const options = chosenOptions();
  const seats = chosenSeats(g);
  try {
    if (game) api("DELETE", "/api/sessions/" + game.id).catch(() => {});
    const st = await api("POST", "/api/sessions", { game: g.name, options, seats, seed: Number($("seed").value) || 1 });
    $("diag").hidden = true;
    paused = false;
    show(st);
  } catch (e) {
    $("diag").hidden = false;
    $("diag").textContent = e.message;
  }
}

// ---- the game ----

// tokens splits a move text into the cells clicked to make it.
function tokens(text) {
  if (text === "pass") return null;
  if (text.startsWith("x")) return [text.slice(1)];
  if (text.includes("@")) return [text.slice(text.indexOf("@") + 1)]; // a drop

  if (!/^[a-z]+[0-9]+([-:][a-z]+[0-9]+)*$/.test(text)) return null;
  return text.split(/[-:]/);
}

function startsWith(ts, prefix) {
  if (!ts || ts.length < prefix.length) return false;
  return prefix.every((c, i) => ts[i] === c);
}

function humanToMove() {
  return game && !game.over && game.seats[game.to_move].player === "human";
}

function show(st) {
  game = st;
  chosen = [];
  $("setup").hidden = false;
  $("play").hidden = false;
  $("replay").hidden = true;
  $("error").textContent = "";
  $("title").textContent = st.title;
  $("download").href = "/api/sessions/" + st.id + "/record";
  $("download").setAttribute("download", st.game + ".yaml");
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
  head.innerHTML = "<th></th><th>captured</th>" + (st.hand ? "<th>in hand</th>" : "") + (st.scores ? "<th>score</th>" : "");
  st.players.forEach((p, i) => {
    const r = counts.insertRow();
    r.insertCell().textContent = p + (i === st.to_move && !st.over ? " ◀" : "");
    r.insertCell().textContent = st.captured[i];
    if (st.hand) r.insertCell().textContent = st.hand[i] || "none";
    if (st.scores) r.insertCell().textContent = st.scores[i];
  });
  const human = humanToMove();
  const cands = st.legal.filter((m) => startsWith(tokens(m), chosen));
  const next = new Map(); // cell -> "target" | "remove"
  let exact = null;
  for (const m of cands) {
    const ts = tokens(m);
    if (ts.length === chosen.length) exact = m;
    else next.set(ts[chosen.length], m.startsWith("x") ? "remove" : m.includes("@") ? "drop" : "target");
  }
  drawBoard($("board"), st.board, st.players, (cell, g) => {
    if (!human) return;
    if (chosen.length === 0 && next.has(cell)) g.classList.add(next.get(cell) === "remove" || next.get(cell) === "drop" ? "target" : "movable");
    if (next.get(cell) === "remove") g.classList.add("remove");
    if (chosen.length > 0 && next.has(cell)) g.classList.add("target");
    if (chosen.includes(cell)) g.classList.add("chosen");
  }, clickCell);
  const pending = $("pending");
  pending.textContent = "";
  if (human && chosen.length > 0) {
    pending.append("selected: " + chosen.join(" ") + " ");
    if (exact) {
      const b = document.createElement("button");
      b.id = "finish";
      b.textContent = "play " + exact;
      b.onclick = () => play(exact);
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
  for (const m of st.legal) {
    const b = document.createElement("button");
    b.textContent = m;
    b.disabled = !human;
    b.onclick = () => play(m);
    legal.appendChild(b);
  }
  if (human && st.legal.some((m) => !tokens(m))) $("legalbox").open = true; // a pass is only a button
}

function clickCell(cell) {
  if (!humanToMove()) return;
  const legal = game.legal;
  let next = chosen.concat([cell]);
  if (chosen.length > 0 && cell === chosen[chosen.length - 1]) {
    const exact = legal.find((m) => { const t = tokens(m); return t && t.length === chosen.length && startsWith(t, chosen); });
    if (exact) return play(exact);
  }
  let cands = legal.filter((m) => startsWith(tokens(m), next));
  if (cands.length === 0) {
    next = [cell]; // start again from this cell
    cands = legal.filter((m) => startsWith(tokens(m), next));
    if (cands.length === 0) { chosen = []; render(); return; }
  }
  const exact = cands.find((m) => tokens(m).length === next.length);
  if (exact && cands.length === 1) return play(exact);
  chosen = next;
  render();
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

// ---- drawing (laid out as package picture lays out its SVGs) ----

const UNIT = 48, MARGIN = 28;
const OWNER_FILL = ["#f4efe1", "#2b2b2b", "#c0392b", "#2e86c1", "#27ae60", "#8e44ad"];
const OWNER_TEXT = ["#222", "#f4efe1", "#fff", "#fff", "#fff", "#fff"];
const COLOURS = {
  white: "#f7f7f7", black: "#222222", red: "#d33b2c", green: "#2f9e44", blue: "#2f6fd3", yellow: "#f2c12e",
  orange: "#f08c2e", purple: "#8e44ad", brown: "#8b5a2b", grey: "#8a8a8a", gray: "#8a8a8a", pink: "#e78fb3",
};

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

// drawBoard draws b into svg; mark(cellName, g) may add classes to a cell,
// onClick(cellName) is called for a click on one (both may be null).
function drawBoard(svg, b, players, mark, onClick) {
  svg.textContent = "";
  const rowH = (UNIT * Math.sqrt(3)) / 2;
  const centre = (c) => b.hex
    ? [MARGIN + ((c.x + b.width - 1) * UNIT) / 2 + UNIT / 2, MARGIN + (b.height - 1 - c.y) * rowH + UNIT / 2]
    : [MARGIN + (c.x + 0.5) * UNIT, MARGIN + (b.height - 1 - c.y + 0.5) * UNIT];
  const w = 2 * MARGIN + b.width * UNIT;
  const h = b.hex ? 2 * MARGIN + (b.height - 1) * rowH + UNIT : 2 * MARGIN + b.height * UNIT;
  svg.setAttribute("width", w);
  svg.setAttribute("height", h);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("font-family", "sans-serif");
  const onBoard = new Set(b.cells.map((c) => c.x + "," + c.y));
  if (!b.hex) {
    for (let y = 0; y < b.height; y++) {
      for (let x = 0; x < b.width; x++) {
        if (onBoard.has(x + "," + y)) continue;
        el("rect", { x: MARGIN + x * UNIT, y: MARGIN + (b.height - 1 - y) * UNIT, width: UNIT, height: UNIT, fill: "#f3ead6" }, svg);
      }
    }
    for (let x = 0; x < b.width; x++) text(svg, MARGIN + (x + 0.5) * UNIT, MARGIN + b.height * UNIT + 16, String.fromCharCode(97 + x), { "font-size": 12, fill: "#555" });
    for (let y = 0; y < b.height; y++) text(svg, MARGIN / 2, MARGIN + (b.height - 1 - y + 0.5) * UNIT + 4, y + 1, { "font-size": 12, fill: "#555" });
  }
  const rowsLeft = {};
  for (const c of b.cells) {
    const [cx, cy] = centre(c);
    const g = el("g", { class: "cell", "data-cell": c.name }, svg);
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
      const fill = (c.x + c.y) % 2 === 0 ? "#b58863" : "#efe3c8";
      const a = { x: cx - UNIT / 2, y: cy - UNIT / 2, width: UNIT, height: UNIT };
      shape = { name: "rect", attrs: a };
      el("rect", Object.assign({ fill }, a), g);
    }
    el(shape.name, Object.assign({ class: "hl" }, shape.attrs), g);
    el("title", {}, g).textContent = c.name;
    if (onClick) g.addEventListener("click", () => onClick(c.name));
    if (mark) mark(c.name, g);
  }
  for (const [y, [x, cy]] of Object.entries(rowsLeft)) text(svg, x - UNIT * 0.75, cy + 4, Number(y) + 1, { "font-size": 12, fill: "#555" });
  if (b.last.length > 0) {
    const g = el("g", { id: "last-move", fill: "none", stroke: "#e8590c", "stroke-width": 3, class: "piece" }, svg);
    const pts = b.last.map((i) => centre(b.cells[i]));
    for (const [x, y] of pts) el("circle", { cx: x, cy: y, r: UNIT * 0.46, "stroke-dasharray": "4 3" }, g);
    if (pts.length > 1) el("polyline", { points: pts.map((p) => p.join(",")).join(" "), "stroke-opacity": 0.7 }, g);
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
}

// ---- replaying a record ----

async function loadRecord(file) {
  if (!file) return;
  try {
    const body = await file.text();
    const r = await api("POST", "/api/replay?name=" + encodeURIComponent(file.name), body);
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
    $("rtitle").textContent = r.title || r.game || file.name;
    $("rverdict").textContent = r.verdict === "ok" ? "check: ok" : "check: " + r.verdict + (r.problem ? ": " + (r.problem.pos ? r.problem.pos + ": " : "") + r.problem.message : "");
    $("rverdict").className = r.verdict === "ok" ? "" : "error";
    $("rreport").textContent = r.report;
    const s = $("rslider");
    s.max = Math.max(0, frames.length - 1);
    s.disabled = frames.length === 0;
    $("rplay").disabled = frames.length === 0;
    goFrame(frames.length - 1);
  } catch (e) {
    $("diag").hidden = false;
    $("diag").textContent = e.message;
  } finally {
    $("load").value = "";
  }
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
  });
  drawBoard($("rboard"), b, replayPlayers, null, null);
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
  try {
    if (game) api("DELETE", "/api/sessions/" + game.id).catch(() => {});
    const st = await api("POST", "/api/sessions", { game: r.game, options: r.options || {}, setup: r.setup, seats, moves });
    paused = false;
    show(st);
  } catch (e) {
    $("rverdict").textContent = e.message;
    $("rverdict").className = "error";
  }
}

// ---- wiring ----

function init() {
  $("new").onclick = newGame;
  $("undo").onclick = () => action("undo");
  $("restart").onclick = () => action("restart");
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
