// The page of `camelot serve`: draws the board from the game's view, enters
// moves leg by leg (click or drag), browses the move list, runs the clocks
// and the new-game dialog. Everything it knows of the rules comes from the
// server (docs/web-api.md); this file only draws and asks.
"use strict";

/* ------------------------------------------------------------------ */
/* Constants and state                                                 */
/* ------------------------------------------------------------------ */

const SVGNS = "http://www.w3.org/2000/svg";
const UNIT = 100; // one square cell, in SVG units
const HEX_R = 58; // a hexagon's radius, in SVG units
const SQRT3 = Math.sqrt(3);
const FILE_OPTION = "__file__"; // the "from file…" entry of the variant list
const SAVED_OPTION = "__saved__"; // the list's entry for a saved game's own variant file
const DRAG_THRESHOLD = 6; // pixels before a press becomes a drag

// Board colours (lichess-like browns; hex boards take three tones).
const BOARD = {
  light: "#f0d9b5",
  dark: "#b58863",
  hex: ["#f0d9b5", "#d8b689", "#bd9467"],
};

// A knight's head, a crown and a castle's tower, in a 40 × 40 box centred on (20, 20).
const KNIGHT_PATH =
  "M11.5 34.5 C11 30 13.5 26.5 17 24 C15.5 23.2 13 23.6 10.8 25.2 C9.3 26.3 7.4 26 6.6 24.4 " +
  "C5.8 22.9 6.3 21.5 7.6 20.2 C10.5 17.3 12.4 13.6 14.2 10.4 C15 9 15.6 7.6 15.4 5.2 " +
  "C17.4 6.2 18.6 7.6 19.2 8.6 C20.3 7.2 21.8 6.3 23.6 6 C23.1 7.4 23.2 8.5 23.6 9.3 " +
  "C29.6 11.4 33 17.2 32.6 24.2 C32.4 28 31.2 31.6 30.4 34.5 Z";
const CROWN_PATH = "M8.5 29 L6 13 L13.5 20 L20 9 L26.5 20 L34 13 L31.5 29 Z";
const CASTLE_PATH =
  "M9 33 V14 H13 V18 H17 V14 H23 V18 H27 V14 H31 V33 H24 V26 A4 4 0 0 0 16 26 V33 Z";

const S = {
  game: null, // the view (docs/web-api.md)
  ply: 0, // the ply shown (index into game.positions)
  flipped: false,
  geo: null, // where everything is drawn (see buildGeometry)
  sel: null, // a move being entered: {from, path, next, complete, start}
  busy: false, // a request of the move entry is under way
  events: null, // the EventSource of the game
  offline: false, // the event stream lost the server, and has not found it again
  clocks: null, // the last clocks heard, and when (performance.now())
  clockAt: 0,
  clocksVersion: null, // the game's version they were heard at
  analysing: false,
  analysisPly: null,
  // The analysis's best line; `others` its other lines, by line number (2, 3, ...).
  analysis: null,
  analysisLines: 1,
  reviewing: false,
  // The review of the game's moves: `moves` by ply (the position after
  // the move), `of` the moves it reviews, `summary` once done.
  review: null,
  variants: [],
  press: null, // a pointer pressed on the board: a tap or a drag in the making
  keyFrom: null, // the cell of the piece last chosen: the keyboard's focus goes back to it
  suppressClick: false, // the click after a press handled on release
  ngVariantPlayers: null, // the players of the variant file chosen in the dialog, as the server reads it
  ngSaved: null, // the saved game chosen in the dialog, as the server reads it (GET /api/saved/FILE)
  ngRecordText: null, // the text of the record uploaded in the dialog, once read
  ngClockGiven: null, // a record's clock set in the dialog: {shown: the minutes shown, base_ms}
  ngClockOwn: null, // the dialog's clock as the player had it before a record's replaced it
  confirm: null, // a resignation asked to be confirmed: {player, at (performance.now()), timer}
  lost: null, // the game shown, which the server no longer has: {id, url (its record, as a blob)}
  uploads: {}, // the variant files of the games shown that were not of a built-in variant: id → {variant_text, variant_file}
};

// How long a resignation waits for its confirmation, and how long after
// it is asked its buttons take no click (the second click of a double
// click, a bounce).
const CONFIRM_MS = 5000;
const CONFIRM_GUARD_MS = 400;

const $ = (id) => document.getElementById(id);

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

// Makes an SVG element with attributes.
function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(el);
  return el;
}

// Makes an HTML element with a class and text.
function html(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

// Fills `el` with `text`, its parts quoted in backticks (the server
// quotes commands and moves so: "type `pass`") shown as <code> without
// them. Built of nodes: the server's text is never read as HTML.
function quotedText(el, text) {
  el.replaceChildren();
  String(text || "").split(/`([^`\n]+)`/).forEach((part, i) => {
    if (part) el.append(i % 2 ? html("code", "", part) : part);
  });
  return el;
}

// An element of a class holding `text`, its quoted parts as <code>.
function quoted(tag, cls, text) {
  return quotedText(html(tag, cls), text);
}

// "#rrggbb" → [r, g, b].
function rgb(color) {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(color || "").trim());
  if (!m) return [128, 128, 128];
  let h = m[1];
  if (h.length === 3) h = h.split("").map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

// Mixes two colours (t = share of b).
function mix(a, b, t) {
  const x = rgb(a), y = rgb(b);
  const c = x.map((v, i) => Math.round(v * (1 - t) + y[i] * t));
  return "#" + c.map((v) => v.toString(16).padStart(2, "0")).join("");
}

// Relative lightness 0..1.
function lightness(color) {
  const [r, g, b] = rgb(color);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

// A colour that reads well on top of `color`.
function inkOn(color) {
  return lightness(color) > 0.55 ? "#3b2f24" : "#f6f1e7";
}

// Rounds for SVG attributes.
function r2(v) {
  return Math.round(v * 100) / 100;
}

// Calls the API; answers the JSON body or throws an Error with the server's words.
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw new Error("the server does not answer (is `camelot serve` still running?)");
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = text;
  }
  if (!res.ok) {
    const msg = data && typeof data === "object" && data.error ? data.error : `${res.status} ${res.statusText}`;
    const err = new Error(msg);
    err.status = res.status;
    // The game shown is gone from the server (restarted, or it made room
    // for newer games): said in its place (see gameLost), not as the
    // refusal of whatever asked.
    const id = S.game && S.game.id;
    if (res.status === 404 && id && !S.lost && new RegExp(`^/api/games/${id}(/|$)`).test(path)) {
      gameLost(id, err);
      err.message = "";
    }
    throw err;
  }
  return data;
}

// A file's text, as the command line reads it: UTF-8; a game record
// that is not UTF-8 is read as Latin-1, the PGN standard's encoding, which
// old archives use (`latin1`), while a variant file must be UTF-8.
async function readFileText(file, latin1) {
  const bytes = await file.arrayBuffer().catch(() => { throw new Error(`cannot read ${file.name}`); });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (_) {
    if (latin1) return new TextDecoder("iso-8859-1").decode(bytes);
    throw new Error(`${file.name} is not UTF-8 text: a variant file is read as UTF-8`);
  }
}

/* ------------------------------------------------------------------ */
/* Reading the view                                                    */
/* ------------------------------------------------------------------ */

function lastPly() {
  return S.game ? S.game.positions.length - 1 : 0;
}

function atEnd() {
  return S.game !== null && S.ply === lastPly();
}

function playerName(i) {
  const p = S.game && S.game.layout.players[i];
  return p ? p.name : `Player ${i + 1}`;
}

function humanSeats() {
  if (!S.game) return [];
  return S.game.seats.map((s, i) => (s === "human" ? i : -1)).filter((i) => i >= 0);
}

// Whether player `i` is out of the game (three players: no pieces left).
function isOut(i) {
  const g = S.game;
  const last = g.positions[g.positions.length - 1];
  return g.layout.players.length > 2 && !!last && !last.pieces.some((p) => p.player === i);
}

// The humans still in the game: those who may resign or offer a draw (a
// player who is out has lost already, and the others play on).
function playingSeats() {
  return humanSeats().filter((i) => !isOut(i));
}

// The player the page acts for (resign, draw): the only human playing,
// else the human to move, else the first; null when none plays.
function actor() {
  const g = S.game;
  const humans = playingSeats();
  if (humans.length === 1) return humans[0];
  if (g.to_move !== null && humans.includes(g.to_move)) return g.to_move;
  return humans.length ? humans[0] : null;
}

function shownPosition() {
  return S.game ? S.game.positions[S.ply] : null;
}

function pieceAt(cell) {
  const pos = shownPosition();
  return pos ? pos.pieces.find((p) => p.cell === cell) || null : null;
}

// Why a move cannot be entered now, or null.
function entryBlocked() {
  const g = S.game;
  if (!g) return "no game: start one with New game";
  if (S.lost) return "this game is no longer on the server: Restore it to play on";
  if (g.result) return "the game is over";
  if (!atEnd()) {
    const what = S.ply === 0 ? "the start position" : `move ${S.ply}`;
    return `showing ${what}: go to the last move to play`;
  }
  if (g.to_move === null) return "no one is to move";
  if (g.seats[g.to_move] !== "human") return `${playerName(g.to_move)} (computer) is thinking…`;
  return null;
}

/* ------------------------------------------------------------------ */
/* Geometry                                                            */
/* ------------------------------------------------------------------ */

// Where every cell, label and the frame go, flipped or not.
function buildGeometry(layout, flipped) {
  const hex = layout.geometry === "hex";
  const size = hex ? HEX_R : UNIT;
  const centre = (x, y) => (hex ? [x * 1.5 * HEX_R, (y * SQRT3 / 2) * HEX_R] : [x * UNIT + UNIT / 2, y * UNIT + UNIT / 2]);
  const pts = layout.cells.map((c) => centre(c.x, c.y)).concat((layout.backdrop || []).map((b) => centre(b.x, b.y)));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const box = { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  // Flipping turns the picture round its centre: text is placed, never rotated.
  const turn = ([x, y]) => (flipped ? [box.x0 + box.x1 - x, box.y0 + box.y1 - y] : [x, y]);
  const at = new Map();
  for (const c of layout.cells) at.set(c.name, turn(centre(c.x, c.y)));
  const half = hex ? HEX_R : UNIT / 2;
  const margin = layout.geometry === "diagonal" ? UNIT * 0.12 : hex ? HEX_R * 0.95 : UNIT * 0.46;
  const view = {
    x: box.x0 - half - margin,
    y: box.y0 - (hex ? (HEX_R * SQRT3) / 2 : half) - margin,
    w: box.x1 - box.x0 + 2 * half + 2 * margin,
    h: box.y1 - box.y0 + 2 * (hex ? (HEX_R * SQRT3) / 2 : half) + 2 * margin,
  };
  return { hex, size, centre, turn, at, box, view, margin, layout, pieceR: hex ? HEX_R * 0.66 : layout.geometry === "diagonal" ? UNIT * 0.37 : UNIT * 0.4 };
}

// The outline of a cell centred on (cx, cy).
function cellShape(geo, cx, cy, attrs, parent) {
  if (geo.hex) {
    const r = HEX_R;
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      pts.push(`${r2(cx + r * Math.cos(a))},${r2(cy + r * Math.sin(a))}`);
    }
    return svg("polygon", Object.assign({ points: pts.join(" ") }, attrs), parent);
  }
  const h = UNIT / 2;
  return svg("rect", Object.assign({ x: r2(cx - h), y: r2(cy - h), width: UNIT, height: UNIT }, attrs), parent);
}

// The fill of a plain cell.
function cellFill(geo, x, y) {
  if (geo.hex) {
    const q = x, r = Math.floor((y - x) / 2);
    return BOARD.hex[(((q - r) % 3) + 3) % 3];
  }
  if (geo.layout.geometry === "diagonal") return BOARD.dark;
  return (x + y) % 2 === 0 ? BOARD.light : BOARD.dark;
}

// The cell under a point of the SVG, or null.
function cellAtPoint(px, py) {
  let best = null, bestD = Infinity;
  for (const [name, [cx, cy]] of S.geo.at) {
    const d = Math.hypot(cx - px, cy - py);
    if (d < bestD) {
      best = name;
      bestD = d;
    }
  }
  return bestD <= S.geo.size * 0.75 ? best : null;
}

// Screen coordinates → SVG coordinates.
function svgPoint(ev) {
  const board = $("board");
  const m = board.getScreenCTM();
  if (!m) return [0, 0];
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/* ------------------------------------------------------------------ */
/* Drawing the board                                                   */
/* ------------------------------------------------------------------ */

function renderBoard() {
  const board = $("board");
  const g = S.game;
  $("board-empty").hidden = !!g;
  // (The keyboard's focus on the board stays there as it is drawn again.)
  const active = document.activeElement;
  const focused = active && board.contains(active) ? (active.closest("[data-cell]") || board) : null;
  board.replaceChildren();
  if (!g) return;
  const geo = (S.geo = buildGeometry(g.layout, S.flipped));
  const v = geo.view;
  board.setAttribute("viewBox", `${r2(v.x)} ${r2(v.y)} ${r2(v.w)} ${r2(v.h)}`);
  board.style.setProperty("--ar", String(r2(v.w / v.h)));
  // (The layout gives the panel the width the board leaves: see style.css.)
  document.documentElement.style.setProperty("--board-ar", String(r2(v.w / v.h)));
  board.classList.toggle("hex", geo.hex);
  board.classList.toggle("flipped", S.flipped);

  drawFrame(board, geo);
  drawBackground(svg("g", { class: "layer-bg" }, board), geo);
  drawMarks(svg("g", { class: "layer-marks" }, board), geo);
  drawCells(svg("g", { class: "layer-cells" }, board), geo);
  drawLabels(svg("g", { class: "layer-labels" }, board), geo);
  svg("g", { id: "drag-layer" }, board);
  if (focused) refocus(board, focused.getAttribute("data-cell"));
}

// Gives the keyboard's focus back after the board is drawn again: to the
// cell it was on, else the moving piece, else the piece last chosen, when
// the keyboard can still reach them, else to the board itself (from which
// Tab goes on to its cells).
function refocus(board, cell) {
  for (const c of [cell, currentSquare(), S.keyFrom]) {
    const el = c && board.querySelector(`[data-cell="${CSS.escape(c)}"][tabindex="0"]`);
    if (el) return el.focus({ preventScroll: true });
  }
  board.focus({ preventScroll: true });
}

// The wooden frame round the board.
function drawFrame(board, geo) {
  const v = geo.view;
  const defs = svg("defs", {}, board);
  const grad = svg("linearGradient", { id: "wood", x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
  svg("stop", { offset: "0", "stop-color": "#8a5d3b" }, grad);
  svg("stop", { offset: "1", "stop-color": "#6b4428" }, grad);
  const shadow = svg("filter", { id: "pshadow", x: "-30%", y: "-30%", width: "160%", height: "160%" }, defs);
  svg("feDropShadow", { dx: 0, dy: geo.size * 0.04, stdDeviation: geo.size * 0.035, "flood-color": "#000", "flood-opacity": 0.45 }, shadow);
  svg("rect", { class: "frame", x: v.x, y: v.y, width: v.w, height: v.h, rx: geo.size * 0.12, fill: "url(#wood)" }, board);
}

// The cells' colours, castles, backdrop squares and square numbers.
function drawBackground(layer, geo) {
  const L = geo.layout;
  for (const b of L.backdrop || []) {
    const [cx, cy] = geo.turn(geo.centre(b.x, b.y));
    cellShape(geo, cx, cy, { class: "backdrop", fill: BOARD.light }, layer);
  }
  for (const c of L.cells) {
    const [cx, cy] = geo.at.get(c.name);
    cellShape(geo, cx, cy, { class: "sq", fill: cellFill(geo, c.x, c.y) }, layer);
    if (c.zone !== null && c.zone !== undefined) drawCastle(layer, geo, c, cx, cy);
    if (c.number !== null && c.number !== undefined) {
      const h = UNIT / 2;
      svg("text", { class: "sqnum", x: r2(cx - h + UNIT * 0.05), y: r2(cy - h + UNIT * 0.16) }, layer).textContent = c.number;
    }
  }
}

// A castle cell in its owner's colour, with a tower.
function drawCastle(layer, geo, c, cx, cy) {
  const owner = geo.layout.players[c.zone];
  const color = owner ? owner.color : "#888";
  const edge = lightness(color) > 0.55 ? mix(color, "#3b2f24", 0.75) : mix(color, "#000", 0.15);
  const inset = geo.hex ? 0.86 : 0.88;
  const g = svg("g", { class: "castle", "data-zone": c.zone }, layer);
  cellShape(geo, cx, cy, { fill: mix(color, cellFill(geo, c.x, c.y), 0.35) }, g);
  const inner = cellShape(geo, cx, cy, { fill: "none", stroke: edge, "stroke-width": geo.size * 0.07 }, g);
  inner.setAttribute("transform", `translate(${r2(cx)} ${r2(cy)}) scale(${inset}) translate(${r2(-cx)} ${r2(-cy)})`);
  const s = (geo.size * 0.62) / 40;
  svg("path", { d: CASTLE_PATH, fill: edge, opacity: 0.28, transform: `translate(${r2(cx - 20 * s)} ${r2(cy - 20 * s)}) scale(${r2(s)})` }, g);
  const t = svg("title", {}, g);
  t.textContent = `${owner ? owner.name : "a"}'s castle (${c.name})`;
}

// Marks under the pieces: the last move, the selection and its path.
function drawMarks(layer, geo) {
  const pos = shownPosition();
  const last = pos && pos.last && pos.last.length ? pos.last : null;
  if (last && !S.sel) {
    for (const cell of [last[0], last[last.length - 1]]) tintCell(layer, geo, cell, "last-cell");
    drawPath(layer, geo, last, "last-move");
  }
  if (S.sel) {
    tintCell(layer, geo, S.sel.from, "sel-cell");
    if (S.sel.path.length) {
      tintCell(layer, geo, S.sel.path[S.sel.path.length - 1], "sel-cell");
      drawPath(layer, geo, [S.sel.from].concat(S.sel.path), "partial");
    }
  }
}

// A tinted cell (the last move, the selection).
function tintCell(layer, geo, cell, cls) {
  const p = geo.at.get(cell);
  if (p) cellShape(geo, p[0], p[1], { class: cls }, layer);
}

// A path through cell centres, with a dot at each landing.
function drawPath(layer, geo, cells, cls) {
  const pts = cells.map((c) => geo.at.get(c)).filter(Boolean);
  if (pts.length < 2) return;
  const g = svg("g", { class: `path path-${cls}` }, layer);
  const points = pts.map((p) => `${r2(p[0])},${r2(p[1])}`).join(" ");
  svg("polyline", { class: cls, points, "data-path": cells.join(" "), "stroke-width": r2(geo.size * 0.11) }, g);
  for (const p of pts.slice(1)) svg("circle", { cx: r2(p[0]), cy: r2(p[1]), r: geo.size * 0.1 }, g);
}

// The clickable cells, each holding its piece and landing hint.
function drawCells(layer, geo) {
  const g = S.game;
  const pos = shownPosition();
  const shown = new Map(pos.pieces.map((p) => [p.cell, p]));
  if (S.sel) {
    // The moving piece stands where the path has brought it.
    const moving = shown.get(S.sel.from);
    shown.delete(S.sel.from);
    if (moving) shown.set(currentSquare(), Object.assign({}, moving, { cell: currentSquare(), moving: true }));
  }
  const mustMove = new Set(atEnd() && !g.result && !S.lost && !S.sel ? g.must_move || [] : []);
  const hints = new Map(S.sel ? S.sel.next.map((n) => [n.to, n]) : []);
  const keyed = keyboardCells(shown, hints);
  // (In the order they are seen, top row first, which Tab follows, flipped
  // or not; but the moving piece and its landings last, in that order, so
  // that Tab goes from the piece chosen to where it may go.)
  const moving = S.sel ? currentSquare() : null;
  const last = (name) => (name === moving ? 1 : hints.has(name) ? 2 : 0);
  const cells = [...g.layout.cells].sort((a, b) => {
    const [ax, ay] = geo.at.get(a.name), [bx, by] = geo.at.get(b.name);
    return last(a.name) - last(b.name) || (Math.abs(ay - by) > 1 ? ay - by : ax - bx);
  });
  for (const c of cells) {
    const [cx, cy] = geo.at.get(c.name);
    const cg = svg("g", { class: "cell", "data-cell": c.name }, layer);
    cellShape(geo, cx, cy, { class: "hit", fill: "transparent" }, cg);
    const piece = shown.get(c.name);
    if (piece) drawPiece(cg, geo, piece, cx, cy, mustMove.has(c.name));
    const hint = hints.get(c.name);
    if (hint) drawHint(cg, geo, hint, cx, cy);
    if (keyed.has(c.name)) {
      // Reached with Tab; Enter or Space is a click on it.
      cg.setAttribute("tabindex", "0");
      cg.setAttribute("role", "button");
      cg.setAttribute("aria-label", cellLabel(c.name, piece, hint));
    }
  }
}

// The cells the keyboard reaches while a move may be entered: the pieces
// of the player to move; once one is chosen, its landings and itself
// (and, before its first landing, the other pieces, to choose instead).
function keyboardCells(shown, hints) {
  const out = new Set();
  if (entryBlocked()) return out;
  const movers = [...shown.values()].filter((p) => p.player === S.game.to_move && !p.moving).map((p) => p.cell);
  if (!S.sel || !S.sel.path.length) movers.forEach((c) => out.add(c));
  if (S.sel) {
    out.add(currentSquare());
    hints.forEach((_, c) => out.add(c));
  }
  return out;
}

// What a cell the keyboard reaches is called: "E6, White Man", "G8, canter here".
function cellLabel(cell, piece, hint) {
  const parts = [cell];
  if (piece) {
    const L = S.game.layout;
    const player = L.players[piece.player];
    parts.push(`${player ? player.name : "?"} ${piece.kind}${piece.moving ? " (moving)" : ""}`);
  }
  if (hint) parts.push(`${hint.kind} here${hint.ends ? "" : " (goes on)"}`);
  return parts.join(", ");
}

// Enter or Space on a cell the keyboard reached: a click on it.
function onBoardKey(ev) {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const el = ev.target.closest && ev.target.closest("[data-cell][tabindex]");
  if (!el) return;
  ev.preventDefault();
  if (!ev.repeat) onCell(el.getAttribute("data-cell"));
}

// A piece: a disc in its player's colour, with its kind's mark.
function drawPiece(parent, geo, piece, cx, cy, mustMove) {
  const L = geo.layout;
  const player = L.players[piece.player] || { name: "?", color: "#999" };
  const kind = L.kinds.find((k) => k.name === piece.kind) || { name: piece.kind, symbol: "" };
  const r = geo.pieceR;
  const color = player.color;
  const rim = mix(color, "#000", lightness(color) > 0.55 ? 0.45 : 0.35);
  const ink = inkOn(color);
  const kname = String(kind.name).toLowerCase();
  const cls = ["piece", `kind-${kname.replace(/[^a-z0-9]+/g, "-")}`, `player-${piece.player}`];
  if (piece.moving) cls.push("moving");
  if (mustMove) cls.push("must-move");
  const g = svg("g", {
    class: cls.join(" "),
    "data-piece": `${player.name} ${kind.name}`,
    "data-on": piece.cell,
    transform: `translate(${r2(cx)} ${r2(cy)})`,
  }, parent);
  svg("title", {}, g).textContent = `${player.name} ${kind.name} on ${piece.cell}`;
  const body = svg("g", { class: "body", filter: "url(#pshadow)" }, g);
  const stacked = kname === "king";
  if (stacked) svg("circle", { cx: 0, cy: r2(r * 0.16), r: r2(r), fill: mix(color, "#000", 0.18), stroke: rim, "stroke-width": r2(r * 0.07) }, body);
  const top = stacked ? -r * 0.06 : 0;
  svg("circle", { class: "disc", cx: 0, cy: r2(top), r: r2(r), fill: color, stroke: rim, "stroke-width": r2(r * 0.07) }, body);
  svg("circle", { cx: 0, cy: r2(top), r: r2(r * 0.74), fill: "none", stroke: rim, "stroke-opacity": 0.45, "stroke-width": r2(r * 0.05) }, body);
  drawKindMark(g, kind, r, top, ink);
  if (mustMove) svg("circle", { class: "must-ring", cx: 0, cy: 0, r: r2(r * 1.14), "stroke-width": r2(r * 0.09) }, g);
}

// The mark of a piece's kind: a knight's head, a crown for kings and royal
// pieces, nothing for men, else the kind's letter.
function drawKindMark(g, kind, r, top, ink) {
  const name = String(kind.name).toLowerCase();
  const royal = kind.royal_like || /king|prince|queen|royal/.test(name);
  const path = name === "knight" ? KNIGHT_PATH : royal ? CROWN_PATH : null;
  if (path) {
    const s = (r * 1.45) / 40;
    svg("path", { class: "mark", d: path, fill: ink, transform: `translate(${r2(-20 * s)} ${r2(top - 20 * s)}) scale(${r2(s * 100) / 100})` }, g);
    if (royal && name !== "king") {
      svg("circle", { cx: 0, cy: r2(top), r: r2(r * 0.9), fill: "none", stroke: ink, "stroke-width": r2(r * 0.06) }, g);
    }
  } else if (!/^(man|men|pawn|checker|piece)$/.test(name) && kind.symbol) {
    const t = svg("text", { class: "mark-text", x: 0, y: r2(top + r * 0.36), "font-size": r2(r * 1.05), fill: ink }, g);
    t.textContent = String(kind.symbol).toUpperCase();
  }
}

// A landing hint: a dot for a step or canter, a ring for a jump.
function drawHint(parent, geo, hint, cx, cy) {
  const jump = hint.kind === "jump";
  const cls = ["hint", jump ? "ring" : "dot", hint.ends ? "ends" : "goes-on"];
  const attrs = { class: cls.join(" "), "data-target": hint.to, "data-kind": hint.kind, cx: r2(cx), cy: r2(cy) };
  const r = geo.hex ? { ring: 0.6, dot: 0.22, stroke: 0.11 } : { ring: 0.36, dot: 0.15, stroke: 0.085 };
  if (jump) Object.assign(attrs, { r: r2(geo.size * r.ring), "stroke-width": r2(geo.size * r.stroke) });
  else attrs.r = r2(geo.size * r.dot);
  const el = svg("circle", attrs, parent);
  svg("title", {}, el).textContent = `${hint.kind} to ${hint.to}${hint.ends ? "" : " (goes on)"}`;
}

// File letters and rank numbers on the edges (not for numbered checkers boards).
function drawLabels(layer, geo) {
  const L = geo.layout;
  if (L.geometry === "diagonal") return;
  const fs = geo.hex ? HEX_R * 0.44 : UNIT * 0.3;
  const put = (x, y, text) => {
    const [px, py] = geo.turn([x, y]);
    const t = svg("text", { class: "coord", x: r2(px), y: r2(py + fs * 0.36), "font-size": r2(fs) }, layer);
    t.textContent = text;
  };
  if (geo.hex) {
    for (const f of L.files || []) {
      const ys = L.cells.filter((c) => c.x === f.x).map((c) => geo.centre(c.x, c.y)[1]);
      if (!ys.length) continue;
      const x = geo.centre(f.x, 0)[0];
      put(x, Math.min(...ys) - HEX_R * 1.25, f.label);
      put(x, Math.max(...ys) + HEX_R * 1.25, f.label);
    }
    // Ranks in two straight columns, outside the widest rows.
    for (const rk of L.ranks || []) {
      if (!L.cells.some((c) => c.y === rk.y)) continue;
      const y = geo.centre(0, rk.y)[1];
      put(geo.box.x0 - HEX_R * 1.45, y, rk.label);
      put(geo.box.x1 + HEX_R * 1.45, y, rk.label);
    }
    return;
  }
  const b = geo.box, off = UNIT / 2 + geo.margin / 2;
  for (const f of L.files || []) {
    const x = geo.centre(f.x, 0)[0];
    put(x, b.y0 - off, f.label);
    put(x, b.y1 + off, f.label);
  }
  for (const rk of L.ranks || []) {
    const y = geo.centre(0, rk.y)[1];
    put(b.x0 - off, y, rk.label);
    put(b.x1 + off, y, rk.label);
  }
}

/* ------------------------------------------------------------------ */
/* The side panel                                                      */
/* ------------------------------------------------------------------ */

function render() {
  renderBoard();
  renderSide();
}

// Everything but the board.
function renderSide() {
  renderLost();
  renderPlayers();
  renderStatus();
  renderMoves();
  renderControls();
  renderClocks();
  renderAnalysis();
  renderReview();
  renderNotes();
}

// What the record the game was loaded from says of the move shown: its
// glyph, comments and variations; at the start, what it says before the
// first move.
function renderNotes() {
  const el = $("move-notes");
  el.replaceChildren();
  const intro = S.game && S.ply === 0 ? S.game.intro || [] : [];
  if (intro.length) {
    el.append(html("span", "n-label", "Before the first move"));
    for (const c of intro) el.append(html("span", "n-comment", c));
    return;
  }
  const m = S.game && S.ply > 0 ? S.game.moves[S.ply - 1] : null;
  const n = m && m.notes;
  if (!n) return;
  el.append(html("span", "n-label", `${moveNumbers()[S.ply - 1].number}${m.text}${n.glyph || ""}`));
  for (const c of n.comments) el.append(html("span", "n-comment", c));
  for (const v of n.variations) el.append(html("span", "n-variation", `(${v})`));
}

// Header, title and the game-over banner.
function renderHeader() {
  const g = S.game;
  $("variant-title").textContent = g ? g.variant.title : "";
  $("variant-title").title = g ? g.variant.title : "";
  document.title = g ? `${g.variant.title} · Camelot` : "Camelot";
  const banner = $("banner");
  if (g && g.result) {
    // (More than two players: each one's points by name, which a row of
    // scores does not tell apart.)
    const points = g.result.points || [];
    const token = g.layout.players.length > 2 && points.length === g.layout.players.length
      ? points.map((p, i) => `${playerName(i)} ${p}`).join(", ")
      : g.result.token;
    // (The separator goes with the reason after it: the line may break
    // before " ·", never after it, the space after it being a no-break
    // space; the reason wraps as text does.)
    const after = html("span", "after", "\u00a0");
    after.append(html("span", "reason", g.result.reason || ""));
    banner.replaceChildren(html("span", "token", token), html("span", "sep", " ·"), after);
    banner.hidden = false;
  } else {
    banner.hidden = true;
    banner.replaceChildren();
  }
}

// One row per player: colour, name, seat, clock.
function renderPlayers() {
  renderHeader();
  const g = S.game;
  for (let i = 0; i < 3; i++) {
    const row = $(`player-${i}`);
    const p = g && g.layout.players[i];
    row.hidden = !p;
    if (!p) continue;
    row.querySelector(".swatch").style.background = p.color;
    row.querySelector(".pname").textContent = p.name;
    // The person a loaded record names for the player, beside its name.
    const person = (g.player_names || [])[i];
    const who = row.querySelector(".pperson");
    who.textContent = person || "";
    who.title = person ? `${p.name}: ${person}` : "";
    who.hidden = !person;
    const engine = g.seats[i] === "engine";
    const level = g.engine_level ?? 8;
    let seat = engine ? (level < 8 ? `computer, level ${level}` : "computer") : "";
    // A player of three without pieces in the position shown is out of the game.
    const shown = g.positions[Math.min(S.ply, g.positions.length - 1)];
    const out = g.layout.players.length > 2 && shown && !shown.pieces.some((pc) => pc.player === i);
    if (out) seat = seat ? `${seat}, out` : "out";
    row.querySelector(".pseat").textContent = seat;
    row.classList.toggle("out", !!out);
    row.classList.toggle("to-move", g.to_move === i && !g.result);
    row.classList.toggle("thinking", g.to_move === i && !!g.thinking && !g.result && !S.lost);
    row.classList.toggle("winner", !!g.result && g.result.winner === i);
    $(`clock-${i}`).title = `${p.name}'s clock`;
  }
  // Clocks that wait for the game's first move on the server: said, as
  // they do not run (see renderClocks).
  const note = $("clock-note");
  note.hidden = !g || !g.clock_waits || !!g.result || !!S.lost;
  note.textContent = note.hidden ? "" : `The clocks start with the ${g.moves.length ? "next" : "first"} move.`;
}

// Whose turn, the obligation, the engine thinking, a pending draw offer.
function renderStatus() {
  const g = S.game;
  const st = $("status");
  st.replaceChildren();
  if (!g) {
    st.append(html("div", "turn", "No game"));
    return;
  }
  if (S.offline) {
    st.append(quoted("div", "offline", "The server does not answer (is `camelot serve` still running?): trying again…"));
  }
  if (!atEnd()) {
    // An earlier position, browsed: its own turn and obligation (the
    // server's words for it), said to be not the game's current one.
    const plies = lastPly() === 1 ? "ply" : "plies";
    st.append(html("div", "browsing", `Showing ${positionName(S.ply)} (${S.ply} of ${lastPly()} ${plies}), not the current position`));
    const shown = g.positions[S.ply];
    st.append(quoted("div", "turn", shown.status));
    if (shown.obligation) st.append(quoted("div", "obligation", shown.obligation));
    return;
  }
  // (The server's status says whose turn it is, and when the computer is thinking.)
  st.append(quoted("div", g.thinking && !g.result && !S.lost ? "turn thinking" : "turn", g.status));
  // (A game the server lost is no longer played: no obligation to keep.)
  if (g.obligation && !g.result && !S.lost) st.append(quoted("div", "obligation", g.obligation));
  // (While a draw offer stands, the notice is what the draw box shows.)
  if (g.notice && !g.result && !drawOffered()) st.append(quoted("div", "notice", g.notice));
}

// Each move's number by ply (index 0: the first move), and whether it
// opens a round (a row of the move list): `5.` for the first move of round
// 5, `5...` for the others.
function moveNumbers() {
  const out = [];
  let round = 0, lastPlayer = Infinity;
  for (const m of S.game.moves) {
    const first = m.player <= lastPlayer;
    // The server labels a round's first move ("1.", "1..."); else count.
    if (first) round = parseInt(m.label, 10) || round + 1;
    const number = first && !(m.label || "").endsWith("...") ? `${round}.` : `${round}...`;
    out.push({ number, first });
    lastPlayer = m.player;
  }
  return out;
}

// The position after `ply` plies, in a player's words: "the start
// position", "the position after 5... C11-E9".
function positionName(ply) {
  if (ply === 0) return "the start position";
  const m = S.game.moves[ply - 1];
  return m ? `the position after ${moveNumbers()[ply - 1].number} ${m.text}` : `the position after ply ${ply}`;
}

// A move's text with places where a line may break: before each `-` and
// `x`, never inside a cell's name, so that a line left goes on with the
// leg it starts ("F5xF9xF13", then "xH15", indented).
function breakableMove(text) {
  const frag = document.createDocumentFragment();
  for (const part of text.split(/(?=[-x])/)) {
    if (frag.childNodes.length) frag.append(document.createElement("wbr"));
    frag.append(part);
  }
  return frag;
}

// The move list, one row per round.
function renderMoves() {
  const box = $("moves");
  box.replaceChildren();
  const g = S.game;
  if (!g) return;
  const n = g.layout.players.length;
  box.style.setProperty("--players", n);
  const start = html("li", "mrow start");
  const startBtn = html("button", "move start-pos", "start");
  startBtn.type = "button";
  startBtn.dataset.nav = "0";
  startBtn.title = "The start position";
  if (S.ply === 0) startBtn.classList.add("current");
  start.append(html("span", "mlabel", ""), startBtn);
  box.append(start);
  let row = null, lastPlayer = Infinity;
  const numbers = moveNumbers();
  for (const [i, m] of g.moves.entries()) {
    if (!row || numbers[i].first) {
      row = html("li", "mrow");
      row.append(html("span", "mlabel", m.label || numbers[i].number));
      box.append(row);
      for (let j = 0; j < m.player; j++) row.append(html("span", "mgap", "…"));
    } else {
      for (let j = lastPlayer + 1; j < m.player; j++) row.append(html("span", "mgap", "…"));
    }
    lastPlayer = m.player;
    const b = html("button", "move");
    b.append(breakableMove(m.text));
    b.type = "button";
    b.dataset.move = m.text;
    b.dataset.ply = String(m.ply);
    b.title = `${playerName(m.player)}: ${m.text}`;
    const r = reviewOf(m.ply);
    if (r) {
      if (r.glyph) {
        const glyph = html("span", `glyph ${r.judgement}`, r.glyph);
        glyph.setAttribute("aria-label", r.judgement);
        b.append(glyph);
      }
      b.title += ` (${r.score}${r.judgement ? `; ${verdict(r)}` : ""})`;
    } else if (m.notes && m.notes.glyph) {
      // The glyph the record the game was loaded from gives the move.
      b.append(html("span", "glyph noted", m.notes.glyph));
    }
    if (m.notes && m.notes.comments.length) b.title += ` — ${m.notes.comments.join(" ")}`;
    if (m.ply === S.ply) {
      b.classList.add("current");
      b.setAttribute("aria-current", "true");
    }
    row.append(b);
  }
  if (g.result) {
    const res = html("li", "mrow result");
    res.append(html("span", "mresult", `${g.result.token}`));
    box.append(res);
  }
  showCurrentMove();
}

// Scrolls the move list to show its current move.
function showCurrentMove() {
  const box = $("moves");
  const cur = box.querySelector(".current");
  if (cur) scrollIntoList(box, cur);
}

// Scrolls the move list (only it) to show an entry.
function scrollIntoList(box, el) {
  // (The entry's place in the list's content, measured on the screen:
  // offsetTop depends on which ancestor is positioned.)
  const top = el.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
  if (top < box.scrollTop) box.scrollTop = top - 4;
  else if (top + el.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + el.offsetHeight - box.clientHeight + 4;
}

// Enables and labels the buttons.
function renderControls() {
  const focused = document.activeElement;
  const g = S.game;
  const has = !!g;
  const end = lastPly();
  const on = has && !g.result;
  $("nav-first").disabled = !has || S.ply === 0;
  $("nav-back").disabled = !has || S.ply === 0;
  $("nav-forward").disabled = !has || S.ply >= end;
  $("nav-last").disabled = !has || S.ply >= end;
  $("flip").setAttribute("aria-pressed", String(S.flipped));
  renderUndoButton();
  renderResignButtons();
  renderDrawButton();
  renderDrawOffer();
  $("finish").disabled = !(S.sel && S.sel.complete && S.sel.path.length);
  $("cancel-move").disabled = !S.sel;
  // (A game over takes no move: the box would only say so.)
  $("move-go").disabled = !on || !!S.lost;
  $("move-text").disabled = !on || !!S.lost;
  renderMoveBox();
  // (A game the server lost: only what the page holds is left, to browse
  // it, download its record or restore it.)
  $("save").disabled = !has || !!S.lost;
  $("save-name").disabled = !has || !!S.lost;
  $("analyse").disabled = !has || !!S.lost;
  $("analyse").setAttribute("aria-pressed", String(S.analysing));
  $("analyse").textContent = S.analysing ? "Stop analysis" : "Analyse";
  $("review").disabled = !has || !!S.lost || (!S.reviewing && !g.moves.length);
  $("review").setAttribute("aria-pressed", String(S.reviewing));
  $("review").textContent = S.reviewing ? "Stop review" : "Review game";
  const dl = $("download");
  if (has) {
    // (A game the server lost: the record of what the page holds.)
    dl.href = S.lost ? lostRecordUrl() : `/api/games/${encodeURIComponent(g.id)}/record`;
    dl.setAttribute("download", `${g.variant.name}-game-${g.id}.pgn`); // (as the server names it)
    dl.removeAttribute("aria-disabled");
  } else {
    dl.removeAttribute("href");
    dl.setAttribute("aria-disabled", "true");
  }
  renderEntryHint();
  // (A button with the keyboard's focus that goes grey, Undo back at the
  // start or Resign, would leave the focus nowhere: it goes to the board.)
  if (focused && focused.disabled && has) refocus($("board"), null);
}

// The move box's placeholder: how moves are written (an example in the
// position), or, while an earlier position is browsed, that moves are
// played at the last one; the longest wording that fits the box, whole
// in its title.
function renderMoveBox() {
  const g = S.game;
  const input = $("move-text");
  let texts = ["Type a move"];
  if (g && S.lost) texts = ["Restore the game to play on", "Restore the game to play", "Restore the game"];
  else if (g && g.result) texts = ["The game is over"];
  else if (g && !atEnd()) texts = ["Moves are played at the last move", "Go to the last move to play", "Go to the last move"];
  else if (g && g.example) texts = [`Type a move, e.g. ${g.example}`, `A move, e.g. ${g.example}`, `e.g. ${g.example}`, "Type a move"];
  const text = fitting(input, texts);
  if (input.placeholder !== text) input.placeholder = text;
  input.title = texts[0];
}

// The first of `texts` that the input shows whole (the last if none does;
// the first while the input is not laid out).
const MEASURE = document.createElement("canvas").getContext("2d");
function fitting(input, texts) {
  const cs = getComputedStyle(input);
  const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  if (!(room > 0) || !MEASURE) return texts[0];
  MEASURE.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  return texts.find((t) => MEASURE.measureText(t).width <= room) || texts[texts.length - 1];
}

// Undo: enabled while a takeback would take back something of a person's:
// a move of a person's seat, or an ending (a resignation, a draw). Moves
// of the computer alone (it moved first, and no one since) would only be
// played again.
function renderUndoButton() {
  const b = $("undo");
  const g = S.game;
  const persons = humanSeats();
  const mine = !!g && g.moves.some((m) => persons.includes(m.player));
  const can = !!g && !S.lost && g.can_undo && persons.length > 0;
  b.disabled = !can || !(mine || g.result);
  b.title = can && !mine && !g.result
    ? "No move of a person to take back: the computer's moves would only be played again"
    : "Take back the last move";
}

// Resign names who resigns (the player the server would take: the only
// person playing, else the person to move); a first click asks to
// confirm, in the buttons' place, for a few seconds.
function renderResignButtons() {
  const g = S.game;
  const who = g && !g.result && !S.lost ? actor() : null;
  const c = S.confirm;
  if (c && c.player !== who) endConfirm(false);
  const asking = !!S.confirm;
  const focused = document.activeElement;
  const inside = focused === $("resign-confirm") || focused === $("resign-cancel");
  const resign = $("resign");
  resign.disabled = who === null;
  resign.textContent = who === null ? "Resign" : `Resign (${playerName(who)})`;
  resign.title = who === null ? "Resign the game" : `${playerName(who)} resigns the game (a second click confirms)`;
  $("undo").hidden = asking;
  $("draw").hidden = asking;
  resign.hidden = asking;
  $("resign-confirm").hidden = !asking;
  $("resign-cancel").hidden = !asking;
  if (asking) {
    $("resign-confirm").textContent = `Confirm: ${playerName(who)} resigns`;
    $("resign-confirm").title = `${playerName(who)} resigns, and loses the game`;
  } else if (inside) {
    // (The focus goes back to Resign, or, when it is grey, to the board.)
    if (!resign.disabled) resign.focus();
    else if (g) refocus($("board"), null);
  }
}

// A first click on Resign: the confirmation asked for.
function onResign() {
  if (!S.game || S.game.result || S.lost || actor() === null) return;
  const keyed = document.activeElement === $("resign");
  endConfirm(false);
  S.confirm = { player: actor(), at: performance.now(), timer: setTimeout(() => endConfirm(true), CONFIRM_MS) };
  renderControls();
  // (From the keyboard: the focus on Cancel, so that Enter twice does not resign.)
  if (keyed) $("resign-cancel").focus();
}

// Whether the confirmation's buttons take a click yet.
function confirmReady() {
  return !!S.confirm && performance.now() - S.confirm.at >= CONFIRM_GUARD_MS;
}

function onResignConfirm() {
  if (!confirmReady()) return;
  const player = S.confirm.player;
  endConfirm(true);
  gameAction("resign", { player });
}

function onResignCancel() {
  if (confirmReady()) endConfirm(true);
}

// The confirmation goes (confirmed, cancelled, timed out, or no longer
// the question); `render`: the buttons are drawn again.
function endConfirm(render) {
  const c = S.confirm;
  if (!c) return;
  clearTimeout(c.timer);
  S.confirm = null;
  if (render) renderControls();
}

// Whether a draw offer stands in the game shown (one going on).
function drawOffered() {
  const g = S.game;
  return !!g && !g.result && !S.lost && g.draw_offer !== null && g.draw_offer !== undefined && !!g.draw_answers;
}

// The draw button offers a draw, for the player the page acts for; while
// an offer stands it says so, and the answers are the draw box's
// (renderDrawOffer), away from the button: a double click offers, and
// answers nothing.
function renderDrawButton() {
  const b = $("draw");
  const g = S.game;
  const who = g && !g.result && !S.lost ? actor() : null;
  if (drawOffered()) {
    b.disabled = true;
    b.textContent = "Draw offered";
    b.title = `${playerName(g.draw_offer)} has offered a draw: the players answer where the offer is shown`;
  } else {
    b.disabled = who === null;
    b.textContent = "Offer draw";
    b.title = who === null ? "Offer a draw" : `${playerName(who)} offers a draw`;
  }
}

// The draw offer standing (the view's draw_offer and draw_answers): who
// offered it, who accepted it and who is still to answer, with Accept
// and Decline for each person still to answer and Withdraw for the
// person who offered it. Drawn again only when it changes, so that a
// click in progress on its buttons is not lost.
function renderDrawOffer() {
  const box = $("draw-offer");
  const g = S.game;
  const on = drawOffered();
  const key = on ? JSON.stringify([g.id, g.draw_offer, g.draw_answers, g.seats]) : "";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const focused = box.contains(document.activeElement) ? document.activeElement.id : null;
  box.replaceChildren();
  box.hidden = !on;
  if (on) {
    const by = g.draw_offer;
    const person = (i) => g.seats[i] === "human";
    const head = html("div", "d-head");
    head.append(html("span", "d-text", `${playerName(by)} offers a draw`));
    if (person(by) && !isOut(by)) head.append(drawAnswerButton("withdraw", by, "Withdraw", `${playerName(by)} withdraws the offer of a draw`));
    box.append(head);
    const row = (i, state, text) => {
      const r = html("div", `d-row ${state}`);
      r.dataset.player = String(i);
      const swatch = html("span", "swatch");
      swatch.style.background = g.layout.players[i] ? g.layout.players[i].color : "";
      r.append(swatch, html("span", "d-name", playerName(i)), html("span", "d-state", text));
      box.append(r);
      return r;
    };
    for (const i of g.draw_answers.accepted) row(i, "accepted", "accepted");
    for (const i of g.draw_answers.waiting) {
      const r = row(i, "waiting", "to answer");
      if (person(i)) {
        const whose = `${playerName(by)}'s offer of a draw`;
        const buttons = html("span", "d-buttons");
        buttons.append(
          drawAnswerButton("accept", i, "Accept", `${playerName(i)} accepts ${whose}`),
          drawAnswerButton("decline", i, "Decline", `${playerName(i)} declines ${whose}`),
        );
        r.append(buttons);
      }
    }
  }
  // (A button gone that had the keyboard's focus: the same one drawn
  // again, else the board.)
  if (focused) {
    const again = $(focused);
    if (again) again.focus();
    else if (g) refocus($("board"), null);
  }
}

// A button of the draw box: `answer` (accept, decline, withdraw) for player `i`.
function drawAnswerButton(answer, i, text, title) {
  const b = html("button", `d-${answer}`, text);
  b.type = "button";
  b.id = answer === "withdraw" ? "draw-withdraw" : `draw-${answer}-${i}`;
  b.title = title;
  b.setAttribute("aria-label", title);
  b.addEventListener("click", () => gameAction("draw", answer === "accept" ? { player: i } : { player: i, decline: true }));
  return b;
}

// A line under the Finish button telling what the move entry expects.
function renderEntryHint() {
  const el = $("entry-hint");
  if (!el) return;
  let text = "";
  if (S.sel) {
    if (S.sel.path.length === 0) text = "Choose where the piece goes (Esc to cancel).";
    else if (S.sel.complete) text = "The move may end here: click the piece again or Finish, or go on.";
    else text = "The move must go on: choose the next landing.";
  }
  el.textContent = text;
}

// The message under the board: a refusal or an error, or (`done`) news
// of an action that worked, shown as such.
function setMessage(text, done = false) {
  const el = $("message");
  quotedText(el, text);
  el.classList.toggle("shown", !!text);
  el.classList.toggle("done", !!text && done);
}

/* ------------------------------------------------------------------ */
/* Clocks                                                              */
/* ------------------------------------------------------------------ */

// m:ss, with tenths under ten seconds.
function formatClock(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function setClocks(clocks, version) {
  S.clocks = clocks;
  S.clockAt = performance.now();
  S.clocksVersion = version;
}

// Draws the clocks, counting the running one down since the last news.
function renderClocks() {
  const g = S.game;
  for (let i = 0; i < 3; i++) {
    const el = $(`clock-${i}`);
    const c = g && S.clocks && S.clocks[i];
    el.hidden = !c;
    if (!c) continue;
    const running = c.running && !g.result && !S.lost;
    const ms = running ? c.ms - (performance.now() - S.clockAt) : c.ms;
    const text = formatClock(ms);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("running", running);
    el.classList.toggle("low", ms < 10000);
    el.classList.toggle("flag", ms <= 0);
  }
}

/* ------------------------------------------------------------------ */
/* Analysis                                                            */
/* ------------------------------------------------------------------ */

function renderAnalysis() {
  const el = $("analysis");
  el.replaceChildren();
  const a = S.analysis;
  if (!a) {
    if (S.analysing) el.append(html("div", "a-wait", "Analysing…"));
    return;
  }
  const head = html("div", "a-head");
  head.append(html("span", "a-score", a.score ?? ""));
  // Whose score it is: the side to move's; with three players, against
  // the other two together, which is how the engine searches.
  if (a.for && a.score !== "game over") {
    const many = S.game && S.game.layout.players.length > 2;
    const whose = html("span", "a-for", many ? `for ${a.for} against both others` : `for ${a.for}`);
    if (many) {
      whose.title =
        "With three players the computer weighs the side to move against the other two together: " +
        "an even position scores below zero, and \u201closs in N\u201d means the other two, playing together, " +
        "could force it.";
    }
    head.append(" ", whose);
  }
  head.append(" ", html("span", "a-depth", `depth ${a.depth ?? "?"}`));
  if (a.nodes !== undefined) head.append(" ", html("span", "a-nodes", `${Number(a.nodes).toLocaleString("en")} nodes`));
  if (a.done) head.append(" ", html("span", "a-done", "done"));
  el.append(head);
  el.append(html("div", "a-pv", `${(a.pv || []).join(" ")}`));
  // The other best moves, each with its score and line (when asked for).
  for (const other of (a.others || []).slice(0, S.analysisLines - 1)) {
    if (!other) continue;
    const line = html("div", "a-line");
    line.dataset.line = String(other.line);
    line.append(html("span", "a-line-score", other.score ?? ""), html("span", "a-line-pv", (other.pv || []).join(" ")));
    el.append(line);
  }
  if (a.ply !== S.ply) el.append(html("div", "a-where", `(analysis of ${positionName(a.ply)})`));
}

// Starts or moves the analysis to the ply shown.
async function analyseShown() {
  if (!S.game) return;
  S.analysisPly = S.ply;
  S.analysis = null;
  renderAnalysis();
  try {
    await api("POST", `/api/games/${S.game.id}/analysis`, { ply: S.ply, lines: S.analysisLines });
  } catch (e) {
    S.analysing = false;
    setMessage(e.message);
    renderControls();
  }
}

// Asks the server to stop the game's `job` ("analysis" or "review"),
// saying why if it cannot.
async function stopOnServer(job) {
  try {
    await api("POST", `/api/games/${S.game.id}/${job}`, { stop: true });
  } catch (e) {
    setMessage(e.message);
  }
}

async function toggleAnalysis() {
  if (!S.game) return;
  // (The server runs one analysis or review of a game: this one replaces it.)
  if (!S.analysing) S.reviewing = false;
  if (S.analysing) {
    S.analysing = false;
    renderControls();
    await stopOnServer("analysis");
    return;
  }
  S.analysing = true;
  renderControls();
  await analyseShown();
}

/* ------------------------------------------------------------------ */
/* Review                                                              */
/* ------------------------------------------------------------------ */

// The review a view carries (what the last review said of the moves the
// game still has), as the page keeps it.
function reviewFrom(view) {
  const r = view.review;
  if (!r) return null;
  return { moves: Object.fromEntries(r.moves.map((m) => [m.ply, m])), of: r.of, summary: r.summary, running: r.running };
}

// The review of the move that led to position `ply`, while the game
// still has that move.
function reviewOf(ply) {
  const r = S.review && S.review.moves[ply];
  const shown = S.game && S.game.positions[ply];
  return r && shown && shown.position === r.position ? r : null;
}

// What a move that fell short was: "Blunder: I10xK8 was best (-1.53)".
function verdict(r) {
  const name = r.judgement.charAt(0).toUpperCase() + r.judgement.slice(1);
  return `${name}: ${r.best} was best (${r.best_score})`;
}

function renderReview() {
  const el = $("review-report");
  el.replaceChildren();
  const rv = S.review;
  if (!rv) return;
  const done = Object.keys(rv.moves).length;
  if (S.reviewing || rv.running) {
    el.append(html("div", "r-progress", `Reviewing… ${done} of ${rv.of} moves`));
  } else if (!rv.summary) {
    el.append(html("div", "r-progress", `Review stopped after ${done} of ${rv.of} moves`));
  }
  // The move shown: its score, and what was better.
  const r = reviewOf(S.ply);
  if (r) {
    const m = S.game.moves[S.ply - 1];
    const line = html("div", `r-move${r.judgement ? ` ${r.judgement}` : ""}`);
    line.append(html("span", "r-label", `${moveNumbers()[S.ply - 1].number}${m.text}${r.glyph || ""}`), " ");
    line.append(html("span", "r-score", `${r.score} for ${r.for}`));
    if (r.judgement) {
      line.append(" ", html("span", "r-verdict", `${verdict(r)}.`));
      if (r.line && r.line.length > 1) line.append(" ", html("span", "r-line", r.line.join(" ")));
    } else if (!r.best) {
      line.append(" ", html("span", "r-verdict", "the engine's choice"));
    }
    el.append(line);
  }
  for (const p of (rv.summary || [])) {
    const sum = html("div", "r-summary");
    sum.dataset.player = String(p.player);
    sum.append(html("span", "r-name", `${p.name}:`), " ", p.text);
    el.append(sum);
  }
}

async function toggleReview() {
  if (!S.game) return;
  if (S.reviewing) {
    S.reviewing = false;
    render();
    await stopOnServer("review");
    return;
  }
  // (The server runs one analysis or review of a game: this one replaces it.)
  S.analysing = false;
  S.analysis = null;
  S.reviewing = true;
  S.review = { moves: {}, of: S.game.moves.length, summary: null };
  render();
  try {
    await api("POST", `/api/games/${S.game.id}/review`, { movetime: Number($("review-ms").value) || 500 });
  } catch (e) {
    S.reviewing = false;
    S.review = null;
    setMessage(e.message);
    render();
  }
}

/* ------------------------------------------------------------------ */
/* The game and its events                                             */
/* ------------------------------------------------------------------ */

// The key under which the browser remembers the last game it showed, so
// that the dialog can lead back to it once its tab is closed.
const LAST_GAME = "camelot.lastGame";

// The view's positions by ply: it carries the start and the last ones
// (each with its `ply`), the page asks for the others when they are
// browsed (see `fetchPositions`). Those the page had already of the same
// game are kept while the moves before them are the same.
function byPly(view) {
  if (!Array.isArray(view.positions) || view.positions.byPly) return view;
  const plies = view.plies ?? view.positions.length - 1;
  const all = new Array(plies + 1);
  view.positions.forEach((p, i) => (all[p.ply ?? i] = p));
  const old = S.game && S.game.id === view.id ? S.game : null;
  if (old) {
    let same = 0;
    while (same < Math.min(old.moves.length, view.moves.length) && old.moves[same].text === view.moves[same].text) same++;
    for (let i = 0; i <= same; i++) if (!all[i] && old.positions[i]) all[i] = old.positions[i];
  }
  all.byPly = true;
  view.positions = all;
  return view;
}

// Asks the server for the positions around `ply` that the page does not
// have; true once it has that one.
async function fetchPositions(ply) {
  const g = S.game;
  const from = Math.max(0, ply - 99);
  const to = Math.min(g.positions.length - 1, from + 199);
  let answer;
  try {
    answer = await api("GET", `/api/games/${encodeURIComponent(g.id)}/positions?from=${from}&to=${to}`);
  } catch (e) {
    setMessage(e.message);
    return false;
  }
  if (S.game !== g) return false;
  for (const p of answer.positions) if (p.ply < g.positions.length && !g.positions[p.ply]) g.positions[p.ply] = p;
  return !!g.positions[ply];
}

// Shows a game from scratch (a new game, a loaded one).
function setGame(view, opts = {}) {
  byPly(view);
  const changed = !S.game || S.game.id !== view.id;
  try {
    localStorage.setItem(LAST_GAME, view.id);
  } catch (e) {
    /* a browser that keeps nothing: nothing to lead back to */
  }
  if (changed && S.analysing && S.game) {
    api("POST", `/api/games/${S.game.id}/analysis`, { stop: true }).catch(() => {});
  }
  if (changed && S.reviewing && S.game) {
    api("POST", `/api/games/${S.game.id}/review`, { stop: true }).catch(() => {});
  }
  S.game = view;
  S.sel = null;
  S.ply = opts.fromStart ? 0 : view.positions.length - 1;
  if (changed) {
    forgetLost();
    endConfirm(false);
    // The name a Save writes under: the file the game was loaded from or
    // saved to (so that Save updates it), else none yet.
    $("save-name").value = saveName(view.id);
    S.offline = false;
    S.flipped = facesAway(view);
    S.analysing = false;
    S.analysis = null;
    S.reviewing = false;
    S.review = reviewFrom(view);
    setMessage("");
  }
  setClocks(view.clocks, view.version);
  render();
  if (changed) {
    openEvents(view.id);
    keepVariantFile(view);
  }
}

// The variant file of a game of a variant file (not a built-in variant),
// kept while the page shows the game, so that it can be restored should
// the server lose it: the page may not have uploaded it (a saved game's,
// beside its record; a game shown again after a reload of the tab).
async function keepVariantFile(view) {
  if (!view.variant.file || S.uploads[view.id]) return;
  try {
    const v = await api("GET", `/api/games/${encodeURIComponent(view.id)}/variant`);
    if (v && typeof v.variant_text === "string") {
      S.uploads[view.id] = { variant_text: v.variant_text, variant_file: v.variant_file };
    }
  } catch (e) {
    /* the game is gone already (said as such), or the server is: nothing to keep */
  }
}

// Whether the one human player's pieces start at the top (then the board
// is turned so that they face the player).
function facesAway(view) {
  const humans = view.seats.map((s, i) => (s === "human" ? i : -1)).filter((i) => i >= 0);
  if (humans.length !== 1 || !view.positions.length) return false;
  const ys = new Map(view.layout.cells.map((c) => [c.name, c.y]));
  const mine = view.positions[0].pieces.filter((p) => p.player === humans[0]).map((p) => ys.get(p.cell));
  if (!mine.length) return false;
  const all = view.layout.cells.map((c) => c.y);
  const mid = (Math.min(...all) + Math.max(...all)) / 2;
  return mine.reduce((a, b) => a + b, 0) / mine.length < mid;
}

// Takes a newer view (an answer or a `state` event).
function applyView(view) {
  if (!view || !view.positions) return;
  if (!S.game || S.game.id !== view.id) return setGame(view);
  if (view.version < S.game.version) return;
  byPly(view);
  const wasAtEnd = atEnd();
  const newer = view.version !== S.game.version;
  // A message about the position before a move (a refusal, a declined
  // draw) is stale once another move is made.
  if (view.moves.length !== S.game.moves.length) setMessage("");
  S.game = view;
  setClocks(view.clocks, view.version);
  if (!newer) {
    // The same position (an event repeating an answer): the board stays
    // as drawn, so that a click in progress on it is not lost.
    renderSide();
    return;
  }
  if (wasAtEnd || S.ply > lastPly() || !view.positions[S.ply]) S.ply = lastPly();
  // A finished review: what the server keeps of it, for the moves the game still has.
  if (!S.reviewing) S.review = reviewFrom(view);
  // An analysis of a position the game no longer has (taken back) goes.
  const a = S.analysis;
  if (a && !(a.ply <= lastPly() && view.positions[a.ply] && view.positions[a.ply].position === a.position)) S.analysis = null;
  S.sel = null;
  render();
  if (newer && S.analysing && wasAtEnd && S.analysisPly !== S.ply) analyseShown();
}

// Listens to the game's server-sent events.
function openEvents(id) {
  if (S.events) S.events.close();
  if (typeof EventSource === "undefined") return;
  const es = new EventSource(`/api/games/${encodeURIComponent(id)}/events`);
  S.events = es;
  // The stream reconnected (the browser does it by itself): an analysis
  // the server stopped meanwhile, with no one listening, is asked for again.
  let opened = false;
  es.addEventListener("open", () => {
    if (S.events !== es) return;
    if (opened && S.analysing) analyseShown();
    if (opened && S.reviewing) {
      // (The server stops a review no page listens to: it may be over.)
      api("GET", `/api/games/${id}/review`)
        .then((r) => {
          if (r && !r.reviewing && S.reviewing) {
            S.reviewing = false;
            renderSide();
          }
        })
        .catch(() => {});
    }
    opened = true;
    if (S.offline) refetch(id);
  });
  // The server is gone: said until it answers again. (The browser tries
  // again by itself, unless the server answered that the game is not
  // there: then the page asks for the game, to say why.)
  es.addEventListener("error", () => {
    if (S.events !== es) return;
    if (!S.offline) {
      S.offline = true;
      renderStatus();
    }
    if (es.readyState === EventSource.CLOSED) refetch(id);
  });
  es.addEventListener("state", (ev) => {
    const view = parseEvent(ev);
    if (view && S.game && view.id === S.game.id) applyView(view);
  });
  es.addEventListener("clock", (ev) => {
    const data = parseEvent(ev);
    if (!data || !S.game) return;
    if (data.version !== undefined && data.version < S.game.version) return;
    setClocks(data.clocks, data.version);
    renderClocks();
  });
  es.addEventListener("review", (ev) => {
    const data = parseEvent(ev);
    // (A review this page started, or one it found running when it loaded.)
    if (!data || !S.review || !(S.reviewing || S.review.running)) return;
    if (data.done) {
      S.review.summary = data.summary;
      S.reviewing = false;
      S.review.running = false;
    } else {
      S.review.moves[data.ply] = data;
    }
    renderSide();
  });
  es.addEventListener("analysis", (ev) => {
    const data = parseEvent(ev);
    if (!data || !S.analysing) return;
    // Line 1 is the best line (and the end, when done); the others keep
    // their last depth's until their turn comes.
    const others = S.analysis && S.analysis.ply === data.ply ? S.analysis.others || [] : [];
    if ((data.line || 1) === 1) {
      const shown = S.game && S.game.positions[data.ply];
      S.analysis = { ...data, others, position: shown ? shown.position : null };
    } else if (S.analysis && S.analysis.ply === data.ply) {
      others[data.line - 2] = data;
      S.analysis.others = others;
    }
    renderAnalysis();
  });
}

// The game afresh, after the event stream lost the server: its state, or
// that it is gone; asked again later while the server does not answer.
async function refetch(id) {
  let view;
  try {
    view = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  } catch (e) {
    if (!S.game || S.game.id !== id) return;
    if (e.status === 404) {
      if (S.events) S.events.close();
      S.events = null;
      S.offline = false;
      if (!S.lost) gameLost(id, e);
      return;
    }
    setTimeout(() => refetch(id), 2000);
    return;
  }
  if (!S.game || S.game.id !== id) return;
  S.offline = false;
  if (!S.events || S.events.readyState === EventSource.CLOSED) openEvents(id);
  applyView(view);
  renderStatus();
}

function parseEvent(ev) {
  try {
    return JSON.parse(ev.data);
  } catch (e) {
    return null;
  }
}

// Loads an existing game by id (the address already names it).
async function loadGame(id, opts = {}) {
  try {
    const view = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    setGame(view, opts);
  } catch (e) {
    gameLost(id, e);
  }
}

// A game the page cannot have: said, and the dialog offers another. The
// game shown, gone from the server, stays shown as what it is: its moves,
// which can be browsed, downloaded as a record or restored on the
// server, and nothing else.
function gameLost(id, e) {
  if (S.game && S.game.id === id && e.status === 404) {
    if (S.lost) return;
    if (S.events) S.events.close();
    S.events = null;
    S.offline = false;
    S.lost = { id, url: null };
    S.sel = null;
    S.analysing = false;
    S.reviewing = false;
    endConfirm(false);
    setMessage("");
    render();
    return;
  }
  const said = e.status === 404
    ? `game ${id} is no longer on the server (it was restarted, or made room for newer games): start a new game, or load a saved one`
    : `game ${id}: ${e.message}`;
  setMessage(said);
  render();
  openNewGame(S.game ? S.game.variant.name : "camelot", said);
}

// The box saying that the game shown is gone from the server.
function renderLost() {
  const box = $("lost");
  const g = S.game;
  box.hidden = !S.lost || !g;
  if (box.hidden) return;
  const n = g.moves.length;
  const moves = n === 1 ? "Its move is" : n ? `Its ${n} moves are` : "Its start is";
  const clocks = g.clock ? " (its clocks as shown)" : "";
  $("lost-text").textContent =
    `Game ${S.lost.id} is no longer on the server (it was restarted, or made room for newer games). ` +
    `${moves} still here: restore the game to play on${clocks}, or download its record.`;
  const dl = $("lost-download");
  dl.href = lostRecordUrl();
  dl.setAttribute("download", `${g.variant.name}-game-${g.id}.pgn`);
}

// The address of the lost game's record, as the page holds it (a blob).
function lostRecordUrl() {
  if (!S.lost.url) S.lost.url = URL.createObjectURL(new Blob([recordText(S.game)], { type: "text/plain" }));
  return S.lost.url;
}

function forgetLost() {
  if (S.lost && S.lost.url) URL.revokeObjectURL(S.lost.url);
  S.lost = null;
}

// A PGN tag's value, as the record's reader takes it.
function tagValue(text) {
  return String(text).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/[\n\r]/g, " ");
}

// A comment's text, which may not hold the brace that ends it.
function commentText(text) {
  return String(text).replace(/[{}]/g, (c) => (c === "{" ? "(" : ")"));
}

// The time a player had left after a move (whole milliseconds), as a
// record's comment writes it, as the server writes it: `[%clk 0:04:58.5]`.
function clockCommand(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  const fraction = String(ms % 1000).padStart(3, "0").replace(/0+$/, "");
  return `[%clk ${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}${fraction ? `.${fraction}` : ""}]`;
}

// The game as a record, from what the page holds, as the server writes
// it (docs/web-api.md): its variant, the tags the server's record has
// (the view's `tags`: the loaded record's, its players' names among them,
// the variant file's name, the time control, the annotators), its start
// position (unless a PDN `FEN` tag gives it), its moves with the time
// each player had left after each (where the game knows it) and what the
// loaded record and a review said of them, and its result (with how it
// ended, when that was not on the board).
function recordText(g) {
  const given = g.tags || [];
  const tags = [`[Variant "${tagValue(g.variant.name)}"]`];
  for (const [key, value] of given) tags.push(`[${key} "${tagValue(value)}"]`);
  const r = g.result;
  if (r && /(resigned|lost on time|gave no legal move)$|^drawn by agreement$/.test(r.reason || "")) {
    tags.push(`[Termination "${tagValue(r.reason)}"]`);
  }
  if (!given.some(([key]) => key.toLowerCase() === "fen")) {
    tags.push(`[Position "${tagValue(g.positions[0].position)}"]`);
  }
  tags.push(`[Result "${r ? r.token : "*"}"]`);
  const parts = (g.intro || []).map((c) => `{${commentText(c)}}`);
  for (const m of g.moves) {
    // (What the record writes of a move a review spoke of: the loaded
    // record's notes with the review's.)
    const n = m.record_notes || m.notes;
    parts.push(`${m.label || ""}${m.text}${(n && n.glyph) || ""}`);
    // (The time left at the start of the first comment, as the server writes it.)
    const comments = n ? n.comments.slice() : [];
    if (m.clock_ms !== undefined && m.clock_ms !== null) {
      const clock = clockCommand(m.clock_ms);
      if (comments.length) comments[0] = `${clock} ${comments[0]}`;
      else comments.push(clock);
    }
    for (const c of comments) parts.push(`{${commentText(c)}}`);
    if (n) for (const v of n.variations) parts.push(`(${v})`);
  }
  parts.push(r ? r.token : "*");
  return `${tags.join("\n")}\n\n${parts.join(" ")}\n`;
}

// Restore: the lost game started again on the server from its record, as
// the page holds it, with its seats, its clock (each player's time as the
// page shows it, the last it heard: a takeback, or a move thought on, took
// time that the record's times, after each player's last move, do not
// show), and the variant file it was started from (see keepVariantFile).
async function onRestore() {
  const g = S.game;
  if (!g || !S.lost) return;
  const body = { record: recordText(g), seats: g.seats, engine_ms: g.engine_ms, engine_level: g.engine_level };
  if (g.clock) {
    // (Clocks heard at another version than the moves held are not theirs: the view's own then.)
    const clocks = S.clocks && S.clocksVersion === g.version ? S.clocks : g.clocks;
    body.clock = { ...g.clock };
    if (clocks) body.clock.left_ms = clocks.map((c) => Math.max(0, Math.floor(c.ms)));
  }
  Object.assign(body, S.uploads[g.id] || {});
  let view;
  try {
    view = await api("POST", "/api/games", body);
  } catch (e) {
    return setMessage(e.message);
  }
  if (S.game !== g) return;
  if (S.uploads[g.id]) S.uploads[view.id] = S.uploads[g.id];
  history.replaceState(null, "", `?game=${encodeURIComponent(view.id)}`);
  const clocks = g.clock ? ", its clocks as they were" : "";
  const ply = S.ply;
  setGame(view);
  if (ply !== lastPly()) setPly(ply);
  setMessage(`the game is on the server again, as game ${view.id}${clocks}`, true);
}

// The file name a game saves under (sessionStorage, which a reload of the
// tab keeps): the record it was loaded from or saved to; "" if none.
const SAVE_NAMES = "camelot.saveNames";

function saveNames() {
  try {
    return JSON.parse(sessionStorage.getItem(SAVE_NAMES) || "{}") || {};
  } catch (e) {
    return {};
  }
}

function saveName(id) {
  return saveNames()[id] || "";
}

function rememberSaveName(id, name) {
  const names = saveNames();
  names[id] = name;
  try {
    sessionStorage.setItem(SAVE_NAMES, JSON.stringify(names));
  } catch (e) {
    /* a browser that keeps nothing: the box keeps it while the page lasts */
  }
}

// Starts a game; answers its view or throws the server's words. It is a
// new entry of the browser's history: Back returns to the game before,
// which goes on on the server.
async function createGame(body) {
  const view = await api("POST", "/api/games", body);
  const address = `?game=${encodeURIComponent(view.id)}`;
  if (S.game) history.pushState(null, "", address);
  else history.replaceState(null, "", address);
  return view;
}

// Back or Forward to another game of the page's history.
function onHistory() {
  const id = new URLSearchParams(location.search).get("game");
  if (id && (!S.game || S.game.id !== id)) loadGame(id);
}

/* ------------------------------------------------------------------ */
/* Navigation                                                          */
/* ------------------------------------------------------------------ */

function setPly(ply) {
  if (!S.game) return;
  const p = Math.max(0, Math.min(lastPly(), ply));
  if (p === S.ply) return;
  // (A move half entered is not thrown away by browsing, from the keys,
  // the buttons or the move list: Esc first.)
  if (S.sel && S.sel.path.length) {
    return setMessage("a move is being entered: finish it, or press Esc to take it back, before browsing");
  }
  // (A position of a long game the page does not have yet: asked for, then shown.)
  if (!S.game.positions[p]) {
    const game = S.game;
    fetchPositions(p).then((ok) => {
      if (ok && S.game === game) setPly(p);
    });
    return;
  }
  S.ply = p;
  S.sel = null;
  setMessage("");
  render();
  if (S.analysing) analyseShown();
}

/* ------------------------------------------------------------------ */
/* Entering a move                                                     */
/* ------------------------------------------------------------------ */

// Where the moving piece stands now.
function currentSquare() {
  return S.sel ? (S.sel.path.length ? S.sel.path[S.sel.path.length - 1] : S.sel.from) : null;
}

async function askLegs(from, path) {
  return api("POST", `/api/games/${S.game.id}/legs`, { from, path });
}

// Runs one step of the move entry, one at a time.
async function entryStep(fn) {
  if (S.busy) return;
  S.busy = true;
  try {
    await fn();
  } catch (e) {
    setMessage(e.message);
  } finally {
    S.busy = false;
  }
}

// A click on a cell (or its piece, or its hint).
function onCell(cell) {
  entryStep(async () => {
    const sel = S.sel;
    if (!sel) {
      const why = entryBlocked();
      if (why) return setMessage(why);
      if (!pieceAt(cell)) return setMessage("");
      return selectPiece(cell);
    }
    if (sel.next.some((n) => n.to === cell)) return takeLeg(cell);
    if (cell === currentSquare()) {
      if (!sel.path.length) return cancelSelection();
      if (sel.complete) return playPath();
      return explainCannotEnd();
    }
    if (!sel.path.length) {
      const p = pieceAt(cell);
      if (p && p.player === S.game.to_move) return selectPiece(cell);
      // (The piece stays chosen, as after a refused drag: the landings
      // the message lists are still a click away.)
      return setMessage(cannotGo(sel, cell));
    }
    if (!sel.complete) return explainCannotEnd();
    setMessage(`the piece cannot go to ${cell}: click it again or Finish to end the move here, or choose a marked landing`);
  });
}

// Selects a piece: asks for its first legs.
async function selectPiece(cell) {
  const res = await askLegs(cell, []);
  if (res.refusal) {
    S.sel = null;
    setMessage(res.refusal);
  } else if (!res.next.length) {
    S.sel = null;
    setMessage(`the piece on ${cell} has no legal move`);
  } else {
    S.sel = { from: cell, path: [], next: res.next, complete: res.complete, start: res };
    S.keyFrom = cell;
    setMessage("");
  }
  renderBoard();
  renderControls();
}

// Adds a landing to the path.
async function takeLeg(to) {
  const sel = S.sel;
  const path = sel.path.concat([to]);
  const res = await askLegs(sel.from, path);
  if (S.sel !== sel) return;
  if (res.refusal) return setMessage(res.refusal);
  sel.path = path;
  sel.next = res.next;
  sel.complete = res.complete;
  setMessage("");
  if (res.complete && !res.next.length) return playPath();
  renderBoard();
  renderControls();
}

// Plays the path entered.
async function playPath() {
  const sel = S.sel;
  if (!sel) return;
  try {
    const view = await api("POST", `/api/games/${S.game.id}/move`, { from: sel.from, path: sel.path });
    S.sel = null;
    setMessage("");
    applyView(view);
  } catch (e) {
    setMessage(e.message);
    renderBoard();
    renderControls();
  }
}

// Why the move cannot end where it stands: the server's words.
async function explainCannotEnd() {
  const sel = S.sel;
  try {
    const view = await api("POST", `/api/games/${S.game.id}/move`, { from: sel.from, path: sel.path });
    S.sel = null;
    applyView(view);
  } catch (e) {
    setMessage(e.message);
  }
}

// Lets the chosen piece go: what was said of it (where it cannot go) goes too.
function cancelSelection() {
  S.sel = null;
  setMessage("");
  renderBoard();
  renderControls();
}

// Escape / Cancel: back to the start of the move, then no selection.
function cancelOrReset() {
  const sel = S.sel;
  if (!sel && !S.busy) setMessage("");
  if (!sel || S.busy) return;
  if (sel.path.length) {
    sel.path = [];
    sel.next = sel.start.next;
    sel.complete = sel.start.complete;
    setMessage("");
    renderBoard();
    renderControls();
  } else cancelSelection();
}

function finishMove() {
  entryStep(async () => {
    if (S.sel && S.sel.complete && S.sel.path.length) await playPath();
  });
}

// A move typed in notation.
function submitTypedMove() {
  const input = $("move-text");
  const text = input.value.trim();
  if (!text) setMessage(""); // (Enter on an empty box: the last refusal goes.)
  if (!text || !S.game) return;
  entryStep(async () => {
    const why = entryBlocked();
    if (why) return setMessage(why);
    try {
      const view = await api("POST", `/api/games/${S.game.id}/move`, { text });
      input.value = "";
      S.sel = null;
      setMessage("");
      applyView(view);
    } catch (e) {
      setMessage(e.message);
    }
  });
}

/* ------------------------------------------------------------------ */
/* Pointer input: clicks and drags                                     */
/* ------------------------------------------------------------------ */

// The cell a click landed on: a hint's target, a piece's cell, or the cell.
function cellOf(target) {
  const el = target && target.closest ? target.closest("[data-target],[data-on],[data-cell]") : null;
  if (!el) return null;
  return el.getAttribute("data-target") || el.getAttribute("data-on") || el.getAttribute("data-cell");
}

// A click that no press and release on the board has handled already
// (a click made by a script, or by the keyboard).
function onBoardClick(ev) {
  if (S.suppressClick) {
    S.suppressClick = false;
    return;
  }
  tap(cellOf(ev.target));
}

// A click on a cell (null: outside every cell).
function tap(cell) {
  if (cell) onCell(cell);
  else if (S.sel && !S.sel.path.length) cancelSelection();
}

// A press: remembered as a tap in the making, and on a piece that may
// move, as a drag in the making.
function onPointerDown(ev) {
  if (ev.button !== 0 || !S.game) return;
  S.press = { id: ev.pointerId, cell: cellOf(ev.target), x: ev.clientX, y: ev.clientY, dragging: false, ghost: null, piece: false };
  const pieceEl = ev.target.closest && ev.target.closest("[data-piece]");
  if (!pieceEl || entryBlocked()) return;
  const cell = pieceEl.getAttribute("data-on");
  S.press.piece = S.sel && cell === currentSquare() ? true : (pieceAt(cell) || {}).player === S.game.to_move;
  // (Another player's piece does not lift: released elsewhere, it is
  // told why as a tap on it is.)
  S.press.other = !S.press.piece;
}

function onPointerMove(ev) {
  const pr = S.press;
  if (!pr || ev.pointerId !== pr.id || !pr.piece) return;
  if (!pr.dragging) {
    if (Math.hypot(ev.clientX - pr.x, ev.clientY - pr.y) < DRAG_THRESHOLD) return;
    startDrag(pr, ev);
  }
  moveGhost(pr, ev);
}

// Lifts the piece: a copy follows the pointer; hints come from the server.
function startDrag(pr, ev) {
  pr.dragging = true;
  const board = $("board");
  try {
    board.setPointerCapture(ev.pointerId);
  } catch (e) {
    /* not capturable: the drag still works inside the board */
  }
  const original = board.querySelector(`[data-piece][data-on="${CSS.escape(pr.cell)}"]`);
  if (original) {
    pr.ghost = original.cloneNode(true);
    pr.ghost.removeAttribute("data-piece");
    pr.ghost.removeAttribute("data-on");
    pr.ghost.classList.add("ghost");
    original.classList.add("lifted");
  }
  if (!S.sel || currentSquare() !== pr.cell) {
    pr.selecting = entryStep(() => selectPiece(pr.cell)).then(() => liftAgain(pr));
  }
}

// After a redraw the lifted piece is drawn again: fade it once more.
function liftAgain(pr) {
  if (!pr.dragging) return;
  const el = $("board").querySelector(`[data-piece][data-on="${CSS.escape(pr.cell)}"]`);
  if (el) el.classList.add("lifted");
}

function moveGhost(pr, ev) {
  if (!pr.ghost) return;
  const layer = $("drag-layer");
  if (layer && pr.ghost.parentNode !== layer) layer.appendChild(pr.ghost);
  const [x, y] = svgPoint(ev);
  pr.ghost.setAttribute("transform", `translate(${r2(x)} ${r2(y)}) scale(1.08)`);
}

// A release: the end of a drag, or a tap on the cell pressed. Taps are
// handled here rather than by the click event, which a redraw between
// press and release (a `state` event) would swallow.
// Why the selected piece cannot go to `cell` (a click or a drop there).
function cannotGo(sel, cell) {
  const marked = sel.next.map((n) => n.to).join(", ");
  return `the piece on ${sel.from} cannot go to ${cell}: it can go to ${marked}`;
}

async function onPointerUp(ev) {
  const pr = S.press;
  if (!pr || ev.pointerId !== pr.id) return;
  S.press = null;
  S.suppressClick = true;
  setTimeout(() => (S.suppressClick = false), 0);
  if (!pr.dragging) {
    const [x, y] = svgPoint(ev);
    const cell = cellOf(ev.target) || cellAtPoint(x, y);
    const moved = Math.hypot(ev.clientX - pr.x, ev.clientY - pr.y) >= DRAG_THRESHOLD;
    if (cell === pr.cell || (pr.other && moved)) tap(pr.cell);
    return;
  }
  if (pr.ghost) pr.ghost.remove();
  const [x, y] = svgPoint(ev);
  const target = cellAtPoint(x, y);
  if (pr.selecting) await pr.selecting;
  // (Only the piece dragged: a choice that did not happen leaves another chosen.)
  const sel = S.sel && currentSquare() === pr.cell ? S.sel : null;
  if (sel && target && target !== pr.cell && sel.next.some((n) => n.to === target)) {
    entryStep(() => takeLeg(target));
  } else {
    if (sel && target && target !== pr.cell) setMessage(cannotGo(sel, target));
    renderBoard();
  }
}

function onPointerCancel(ev) {
  const pr = S.press;
  if (!pr || ev.pointerId !== pr.id) return;
  S.press = null;
  if (pr.ghost) pr.ghost.remove();
  renderBoard();
}

/* ------------------------------------------------------------------ */
/* Game actions                                                        */
/* ------------------------------------------------------------------ */

// Posts an action that answers the view.
async function gameAction(action, body) {
  if (!S.game) return;
  try {
    const view = await api("POST", `/api/games/${S.game.id}/${action}`, body);
    S.sel = null;
    setMessage("");
    applyView(view);
  } catch (e) {
    setMessage(e.message);
  }
}

function onUndo() {
  if (!S.game) return;
  S.ply = lastPly(); // the page follows the game back
  gameAction("undo", {});
}

// Offer draw: an offer of the player the page acts for (answered in the
// draw box, or, by the computer, in the status box's notice).
async function onDraw() {
  if (!S.game || S.game.result || S.lost || drawOffered()) return;
  const who = actor();
  if (who === null) return;
  await gameAction("draw", { player: who });
}

async function onSave() {
  if (!S.game) return;
  const input = $("save-name");
  const game = S.game;
  const name = input.value.trim() || `${game.variant.name}-${game.id}`;
  try {
    const res = await api("POST", `/api/games/${game.id}/save`, { name });
    const file = res && res.file ? res.file : name;
    // (The box shows the file, which the next Save updates.)
    rememberSaveName(game.id, file);
    if (S.game === game) input.value = file;
    setMessage(`saved as ${file}`, true);
  } catch (e) {
    setMessage(e.message);
  }
}

function onFlip() {
  S.flipped = !S.flipped;
  renderBoard();
  renderControls();
}

/* ------------------------------------------------------------------ */
/* The new-game dialog                                                 */
/* ------------------------------------------------------------------ */

async function loadVariants() {
  if (S.variants.length) return S.variants;
  try {
    S.variants = await api("GET", "/api/variants");
  } catch (e) {
    S.variants = [];
  }
  const sel = $("ng-variant");
  sel.replaceChildren();
  for (const v of S.variants) {
    const o = html("option", "", v.title || v.name);
    o.value = v.name;
    sel.append(o);
  }
  const f = html("option", "", "from file…");
  f.value = FILE_OPTION;
  sel.append(f);
  return S.variants;
}

// Lists the games folder's records, none chosen.
async function loadSaved() {
  const sel = $("ng-saved");
  let names = [];
  try {
    names = await api("GET", "/api/saved");
  } catch (e) {
    names = [];
  }
  sel.replaceChildren();
  const none = html("option", "", "none");
  none.value = "";
  sel.append(none);
  for (const n of names || []) {
    const o = html("option", "", n);
    o.value = n;
    sel.append(o);
  }
  sel.value = "";
}

// Opens the dialog afresh (no record, saved game or variant file from
// the last time), with a variant preselected.
async function openNewGame(preselect, notice) {
  const dlg = $("new-game-dialog");
  showNgError("");
  // (Why the dialog opened by itself, said inside it, in sight.)
  quotedText($("ng-notice"), notice || "");
  $("ng-notice").hidden = !notice;
  await loadVariants();
  clearNgRecord();
  clearNgSaved();
  clearNgVariantFile();
  $("ng-continue").checked = false;
  loadSaved();
  const sel = $("ng-variant");
  const want = preselect || (S.game && S.game.variant.name);
  if (want && [...sel.options].some((o) => o.value === want)) sel.value = want;
  else if (!sel.value && sel.options.length) sel.selectedIndex = 0;
  updateNgVariant();
  updateNgClock();
  offerResume();
  if (!dlg.open) {
    if (typeof dlg.showModal === "function") dlg.showModal();
    else dlg.setAttribute("open", "");
  }
}

// Offers, in the dialog, the last game this browser showed when the server
// still holds it and the page shows another (or none): a game whose tab
// was closed is not lost from sight.
async function offerResume() {
  const box = $("ng-resume");
  box.hidden = true;
  let id = null;
  try {
    id = localStorage.getItem(LAST_GAME);
  } catch (e) {
    return;
  }
  if (!id || (S.game && S.game.id === id)) return;
  let view;
  try {
    view = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  } catch (e) {
    return;
  }
  if (S.game && S.game.id === view.id) return;
  const moves = view.moves.length;
  const where = view.result ? "over" : `${moves} move${moves === 1 ? "" : "s"} played`;
  $("ng-resume-text").textContent = `Your last game, ${view.variant.title} (${where}), is still open.`;
  $("ng-resume-button").onclick = () => {
    closeNewGame();
    history.pushState(null, "", `?game=${encodeURIComponent(view.id)}`);
    setGame(view);
  };
  box.hidden = false;
}

function closeNewGame() {
  const dlg = $("new-game-dialog");
  if (dlg.open) dlg.close();
}

function showNgError(text) {
  const el = $("ng-error");
  quotedText(el, text);
  el.hidden = !text;
}

// The players of the variant chosen (a saved game's or a variant file's
// as the server reads them, a built-in's).
function ngPlayers() {
  if (S.ngSaved && S.ngSaved.file === $("ng-saved").value) return S.ngSaved.players;
  const name = $("ng-variant").value;
  if (name === FILE_OPTION && S.ngVariantPlayers) return S.ngVariantPlayers;
  const v = S.variants.find((x) => x.name === name);
  if (v && v.players && v.players.length) return v.players;
  return ["White", "Black"];
}

// The persons the record chosen names for `players` (a saved game's as
// the server reads them; an uploaded one's from its tags, as the server
// reads them: the tag of the player's name, unless empty or `?`); none
// without a record.
function ngPersons(players) {
  if (S.ngSaved && S.ngSaved.file === $("ng-saved").value) return S.ngSaved.player_names || [];
  const text = $("ng-record").files.length ? S.ngRecordText : null;
  if (text === null) return [];
  return players.map((p) => {
    const t = recordTag(text, p);
    const person = t ? t[1].trim() : "";
    return person && person !== "?" ? person : null;
  });
}

// Seat labels and the third seat follow the chosen variant, with the
// persons a chosen record names: "White · Michael Nolan".
function updateNgVariant() {
  const players = ngPlayers();
  const persons = ngPersons(players);
  for (let i = 0; i < 3; i++) {
    const label = $(`ng-seat-label-${i}`);
    if (!players[i]) continue;
    label.textContent = persons[i] ? `${players[i]} · ${persons[i]}` : players[i];
    label.title = persons[i] ? `${players[i]}: ${persons[i]}` : "";
  }
  const three = players.length >= 3;
  document.querySelectorAll("#new-game-dialog .seat-2").forEach((el) => (el.hidden = !three));
}

// The dialog starts a game either of the variant chosen (in the list, or
// a variant file) or from a record (uploaded, or saved in the games
// folder): choosing the one drops the other, so that Start does what the
// dialog shows.

// Drops the uploaded record.
function clearNgRecord() {
  $("ng-record").value = "";
  S.ngRecordText = null;
  updateNgContinue();
  restoreNgClock();
}

// Drops the saved game.
function clearNgSaved() {
  $("ng-saved").value = "";
  forgetNgSaved();
}

// Forgets what the server said of the saved game, and its variant's entry in the list.
function forgetNgSaved() {
  S.ngSaved = null;
  restoreNgClock();
  const own = $("ng-variant").querySelector(`option[value="${SAVED_OPTION}"]`);
  if (own) own.remove();
  updateNgContinue();
}

// Drops the variant file.
function clearNgVariantFile() {
  $("ng-variant-file").value = "";
  S.ngVariantPlayers = null;
}

// "Continue" applies to a record only.
function updateNgContinue() {
  $("ng-continue").disabled = !($("ng-record").files.length || $("ng-saved").value);
}

// A variant chosen in the list: a new game of it, not of a record; a
// built-in variant drops the variant file too.
function onNgVariantChange() {
  const variant = $("ng-variant").value;
  showNgError("");
  if (variant === SAVED_OPTION) return; // the saved game's own, chosen again
  clearNgRecord();
  clearNgSaved();
  if (variant !== FILE_OPTION) clearNgVariantFile();
  updateNgVariant();
}

// The clock's fields stay in place; those the kind of clock ignores are
// dimmed and disabled (out of the Tab order).
function updateNgClock() {
  const kind = $("ng-clock").value;
  const dim = (sel, off) =>
    document.querySelectorAll(`#new-game-dialog ${sel}`).forEach((el) => {
      el.classList.toggle("off", off);
      el.querySelectorAll("input").forEach((input) => (input.disabled = off));
    });
  dim(".clock-opt", kind === "none");
  dim(".clock-inc", kind !== "increment");
  dim(".clock-per", kind !== "period");
}

// The time on a clock the dialog takes, in minutes: from 6 seconds (a
// clock shorter is lost before a person can move) to a day (the server's
// longest).
const CLOCK_MIN_MINUTES = 0.1;
const CLOCK_MAX_MINUTES = 1440;

// The body of POST /api/games from the dialog.
async function ngBody() {
  const body = {};
  const variant = $("ng-variant").value;
  const rfile = $("ng-record").files[0];
  const saved = $("ng-saved").value;
  if (variant === FILE_OPTION) {
    const vfile = $("ng-variant-file").files[0];
    if (!vfile) throw new Error("choose a variant file (.toml)");
    body.variant_text = await readFileText(vfile, false);
    body.variant_file = vfile.name;
  } else if (!rfile && !saved) {
    body.variant = variant;
  }
  if (rfile) {
    body.record = await readFileText(rfile, true);
    body.record_file = rfile.name;
  }
  else if (saved) body.saved = saved;
  const players = ngPlayers();
  const seats = players.map((_, i) => $(`ng-seat-${i}`) ? $(`ng-seat-${i}`).value : "human").slice(0, Math.max(2, players.length));
  if (seats.some((s) => s === "engine") || body.variant) body.seats = seats;
  const msField = $("ng-engine-ms");
  // (A number field holding no number reads as "": its validity says so.)
  if (msField.validity && msField.validity.badInput) {
    throw new Error("the computer's time is a whole number of milliseconds from 10 to 600000");
  }
  const given = msField.value.trim();
  if (given !== "") {
    const ms = Number(given);
    if (!Number.isInteger(ms) || ms < 10 || ms > 600000) {
      throw new Error(`the computer's time is a whole number of milliseconds from 10 to 600000, not ${given}`);
    }
    body.engine_ms = ms;
  }
  body.engine_level = parseInt($("ng-engine-level").value, 10);
  const clock = $("ng-clock").value;
  if (clock !== "none") {
    // (A record's clock shown in minutes to 4 places is sent exact while
    // it is shown unchanged, so that the game goes on with the record's
    // times left, which the server keeps on the record's clock only; and
    // taken as the record has it, however short.)
    const given = S.ngClockGiven;
    let baseMs;
    if (given && given.shown === $("ng-base-min").value) {
      baseMs = given.base_ms;
    } else {
      // (A value the clock cannot take is refused, in the dialog's units,
      // not made another.)
      const text = $("ng-base-min").value.trim();
      const base = Number(text);
      if (text === "" || !(base >= CLOCK_MIN_MINUTES && base <= CLOCK_MAX_MINUTES) || $("ng-base-min").validity.badInput) {
        throw new Error(
          `the time on each clock is from ${CLOCK_MIN_MINUTES} minute (6 seconds) to ${CLOCK_MAX_MINUTES} minutes (a day), ` +
            `not ${text || "that"}`,
        );
      }
      baseMs = Math.round(base * 60000);
    }
    body.clock = { base_ms: baseMs };
    if (clock === "increment") {
      const text = $("ng-increment-s").value.trim();
      const inc = text === "" ? 0 : Number(text);
      if (!(inc >= 0 && inc <= CLOCK_MAX_MINUTES * 60) || $("ng-increment-s").validity.badInput) {
        throw new Error(`the increment is a number of seconds from 0 to ${CLOCK_MAX_MINUTES * 60} (a day), not ${text || "that"}`);
      }
      body.clock.increment_ms = Math.round(inc * 1000);
    }
    if (clock === "period") {
      const text = $("ng-moves").value.trim();
      const moves = Number(text);
      if (!Number.isInteger(moves) || moves < 1 || moves > 4294967295 || $("ng-moves").validity.badInput) {
        throw new Error(`the moves of a period are a whole number, 1 or more, not ${text || "that"}`);
      }
      body.clock.moves = moves;
    }
  }
  return body;
}

async function onNgStart() {
  const btn = $("ng-start");
  if (btn.disabled) return;
  showNgError("");
  btn.disabled = true;
  try {
    const body = await ngBody();
    const fromRecord = !!(body.record || body.saved);
    const view = await createGame(body);
    if (body.saved) rememberSaveName(view.id, body.saved);
    if (body.variant_text) S.uploads[view.id] = { variant_text: body.variant_text, variant_file: body.variant_file };
    closeNewGame();
    setGame(view, { fromStart: fromRecord && !$("ng-continue").checked });
  } catch (e) {
    showNgError(e.message);
  } finally {
    btn.disabled = false;
  }
}

// A variant file chosen: the list shows "from file…" and the seats its
// players. A saved game goes (it brings its own variant); an uploaded
// record stays (it may need the file).
async function onNgVariantFile() {
  const f = $("ng-variant-file").files[0];
  showNgError("");
  clearNgSaved();
  S.ngVariantPlayers = null;
  if (f) $("ng-variant").value = FILE_OPTION;
  updateNgVariant();
  if (!f) return;
  // The players as the server reads the file (its `extends` included), or
  // why it cannot be played, said at once.
  try {
    const text = await readFileText(f, false);
    const about = await api("POST", "/api/variants", { variant_text: text, variant_file: f.name });
    if ($("ng-variant-file").files[0] !== f) return; // another choice meanwhile
    S.ngVariantPlayers = about.players;
  } catch (e) {
    if ($("ng-variant-file").files[0] === f) showNgError(e.message);
  }
  updateNgVariant();
}

// A record chosen: the saved game goes, and the record's variant, as the
// server reads it, picks the variant (for the seats shown): its
// [Variant "…"] tag, checkers for a PDN record of English draughts
// ([GameType "21"], or neither tag and moves in square numbers: `11-15`),
// Camelot otherwise.
async function onNgRecord() {
  const f = $("ng-record").files[0];
  showNgError("");
  S.ngRecordText = null;
  if (f) clearNgSaved();
  restoreNgClock();
  updateNgContinue();
  if (!f) return updateNgVariant();
  const text = await readFileText(f, true).catch(() => "");
  if ($("ng-record").files[0] !== f) return; // another choice meanwhile
  S.ngRecordText = text;
  const named = recordTag(text, "Variant");
  const type = recordTag(text, "GameType");
  let name = "camelot";
  if (named) name = named[1];
  else if (type) name = type[1].split(",")[0].trim() === "21" ? "checkers" : "";
  else {
    // (Tags, `%` lines, comments and variations left out.)
    let moves = text.replace(/^\s*\[.*$/gm, "").replace(/^%.*$/gm, "").replace(/\{[^}]*\}/g, " ").replace(/;.*$/gm, "");
    for (let before = ""; before !== moves; ) {
      before = moves;
      moves = moves.replace(/\([^()]*\)/g, " ");
    }
    const first = /^\s*(?:\d+\.+\s*)?(\S+)/.exec(moves);
    if (first && /^\d+[-xX:]\d/.test(first[1])) name = "checkers";
  }
  const v = S.variants.find((x) => x.name.toLowerCase() === name.toLowerCase() || (x.title || "") === name);
  if (v && !$("ng-variant-file").files[0]) $("ng-variant").value = v.name;
  updateNgVariant();
  const control = recordTag(text, "TimeControl");
  const clock = control && clockOfTag(control[1]);
  if (clock) setNgClock(clock);
}

// The tag `name` of a record's text (in any case): its match, the value
// in [1], or null.
function recordTag(text, name) {
  const key = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\[\\s*${key}\\s+"([^"]*)"\\s*\\]`, "i").exec(text);
}

// The clock of a record's [TimeControl] tag, as the server reads it
// (`300+3`, `300`, `40/300`, seconds): {base_ms, increment_ms, moves}, or
// null for another form.
function clockOfTag(text) {
  const m = /^\s*(?:(\d+)\/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?\s*$/.exec(text);
  if (!m || !(parseFloat(m[2]) > 0) || m[1] === "0") return null;
  const ms = (t) => Math.round(parseFloat(t || "0") * 1000);
  return { base_ms: ms(m[2]), increment_ms: ms(m[3]), moves: m[1] ? parseInt(m[1], 10) : null };
}

// The dialog's clock fields.
const NG_CLOCK_FIELDS = ["ng-clock", "ng-base-min", "ng-increment-s", "ng-moves"];

// The dialog's clock fields' values, as they show.
function ngClockFields() {
  return NG_CLOCK_FIELDS.map((id) => $(id).value);
}

// The dialog's clock set to `clock` ({base_ms, increment_ms, moves}), the
// player's own kept to come back when the record goes.
function setNgClock(clock) {
  if (!S.ngClockOwn) S.ngClockOwn = ngClockFields();
  $("ng-clock").value = clock.moves ? "period" : "increment";
  $("ng-base-min").value = String(+(clock.base_ms / 60000).toFixed(4));
  S.ngClockGiven = { shown: $("ng-base-min").value, base_ms: clock.base_ms };
  $("ng-increment-s").value = String(clock.increment_ms / 1000);
  if (clock.moves) $("ng-moves").value = String(clock.moves);
  updateNgClock();
}

// The dialog's clock as the player had it before a record's was set.
function restoreNgClock() {
  const own = S.ngClockOwn;
  S.ngClockOwn = null;
  S.ngClockGiven = null;
  if (!own) return;
  NG_CLOCK_FIELDS.forEach((id, i) => ($(id).value = own[i]));
  updateNgClock();
}

// A saved game chosen: the uploaded record and the variant file go, and
// the list and the seats show the game's variant as the server reads it.
async function onNgSaved() {
  const name = $("ng-saved").value;
  clearNgRecord();
  forgetNgSaved();
  showNgError("");
  if (!name) return updateNgVariant();
  clearNgVariantFile();
  let game;
  try {
    game = await api("GET", `/api/saved/${encodeURIComponent(name)}`);
  } catch (e) {
    if ($("ng-saved").value === name) showNgError(e.message);
    return;
  }
  if ($("ng-saved").value !== name) return; // another choice meanwhile
  S.ngSaved = game;
  if (game.clock) setNgClock(game.clock);
  const sel = $("ng-variant");
  if (!game.variant_file && S.variants.some((v) => v.name === game.variant.name)) {
    sel.value = game.variant.name;
  } else {
    const o = html("option", "", `${game.variant.title} (${game.variant_file || name})`);
    o.value = SAVED_OPTION;
    sel.append(o);
    sel.value = SAVED_OPTION;
  }
  updateNgVariant();
}

/* ------------------------------------------------------------------ */
/* Wiring and start-up                                                 */
/* ------------------------------------------------------------------ */

function onKey(ev) {
  const t = ev.target;
  if ($("new-game-dialog").open) {
    // Escape closes the dialog whatever the browser does with the key:
    // Chrome's close watchers may pass over a dialog the page opened by
    // itself (at the start, with no click or key before: no user
    // activation), and the key then reaches only the page.
    if (ev.key === "Escape" && !ev.defaultPrevented) {
      ev.preventDefault();
      closeNewGame();
    }
    return;
  }
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const keys = {
    ArrowLeft: () => setPly(S.ply - 1),
    ArrowRight: () => setPly(S.ply + 1),
    ArrowUp: () => setPly(0),
    Home: () => setPly(0),
    ArrowDown: () => setPly(lastPly()),
    End: () => setPly(lastPly()),
    Escape: () => (S.confirm ? endConfirm(true) : cancelOrReset()),
    f: () => onFlip(),
  };
  const fn = keys[ev.key];
  if (!fn) return;
  ev.preventDefault();
  fn();
}

function wire() {
  // The move list keeps its current move in sight when it shrinks or
  // grows (the analysis beside it, the window).
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(showCurrentMove).observe($("moves"));
    // (The move box's placeholder is chosen to fit its width.)
    new ResizeObserver(renderMoveBox).observe($("move-text"));
  }
  const board = $("board");
  board.addEventListener("click", onBoardClick);
  board.addEventListener("keydown", onBoardKey);
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", onPointerCancel);
  document.addEventListener("keydown", onKey);
  $("moves").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-ply],[data-nav]");
    if (b) setPly(parseInt(b.dataset.ply ?? b.dataset.nav, 10));
  });
  $("nav-first").addEventListener("click", () => setPly(0));
  $("nav-back").addEventListener("click", () => setPly(S.ply - 1));
  $("nav-forward").addEventListener("click", () => setPly(S.ply + 1));
  $("nav-last").addEventListener("click", () => setPly(lastPly()));
  $("flip").addEventListener("click", onFlip);
  $("finish").addEventListener("click", finishMove);
  $("cancel-move").addEventListener("click", cancelOrReset);
  $("move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    submitTypedMove();
  });
  $("undo").addEventListener("click", onUndo);
  $("resign").addEventListener("click", onResign);
  $("resign-confirm").addEventListener("click", onResignConfirm);
  $("resign-cancel").addEventListener("click", onResignCancel);
  $("restore").addEventListener("click", onRestore);
  $("draw").addEventListener("click", onDraw);
  $("save").addEventListener("click", onSave);
  $("save-name").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") onSave();
  });
  $("download").addEventListener("click", (ev) => {
    if (!S.game) ev.preventDefault();
  });
  $("analyse").addEventListener("click", toggleAnalysis);
  $("review").addEventListener("click", toggleReview);
  $("analysis-lines").addEventListener("change", () => {
    S.analysisLines = Number($("analysis-lines").value) || 1;
    if (S.analysing) analyseShown();
    else renderAnalysis();
  });
  $("new-game").addEventListener("click", () => openNewGame());
  $("ng-cancel").addEventListener("click", closeNewGame);
  $("ng-start").addEventListener("click", onNgStart);
  $("ng-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    onNgStart();
  });
  $("ng-variant").addEventListener("change", onNgVariantChange);
  $("ng-variant-file").addEventListener("change", onNgVariantFile);
  $("ng-record").addEventListener("change", onNgRecord);
  $("ng-saved").addEventListener("change", onNgSaved);
  $("ng-clock").addEventListener("change", updateNgClock);
  // The clock changed by the player is the player's own, record or not.
  for (const id of NG_CLOCK_FIELDS) {
    $(id).addEventListener("input", () => (S.ngClockOwn = null));
  }
  setInterval(() => {
    if (S.clocks) renderClocks();
  }, 100);
  // The event stream holds a connection: let it go with the page (a browser
  // has only a few per server), and take it again if the page comes back.
  // An analysis would run on without the page: it is stopped (by a beacon,
  // which the browser sends as the page goes), and started again if the
  // page comes back.
  // A stop the browser sends even as the page goes (`keepalive`), as JSON
  // (which the server takes only as `application/json`: a beacon's text
  // would be refused).
  const stopAsPageGoes = (path) =>
    fetch(path, {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ stop: true }),
    }).catch(() => {});
  window.addEventListener("pagehide", () => {
    if (S.events) S.events.close();
    S.events = null;
    if (S.analysing && S.game) {
      stopAsPageGoes(`/api/games/${encodeURIComponent(S.game.id)}/analysis`);
    }
    if (S.reviewing && S.game) {
      stopAsPageGoes(`/api/games/${encodeURIComponent(S.game.id)}/review`);
      S.reviewing = false;
    }
  });
  window.addEventListener("popstate", onHistory);
  window.addEventListener("pageshow", (ev) => {
    if (!ev.persisted || !S.game || S.lost) return;
    openEvents(S.game.id);
    if (S.analysing) analyseShown();
  });
}

// /?game=ID, /?variant=NAME, or / (GET /api/start, else the dialog).
async function start() {
  wire();
  render();
  const q = new URLSearchParams(location.search);
  const gameId = q.get("game");
  const variant = q.get("variant");
  if (gameId) return loadGame(gameId);
  if (variant) {
    try {
      setGame(await createGame({ variant }));
    } catch (e) {
      setMessage(e.message);
      await openNewGame("camelot");
      showNgError(`${variant}: ${e.message}`);
    }
    return;
  }
  try {
    const res = await api("GET", "/api/start");
    if (res && res.game !== undefined && res.game !== null) {
      history.replaceState(null, "", `?game=${encodeURIComponent(res.game)}`);
      return loadGame(String(res.game));
    }
  } catch (e) {
    /* no game given to `camelot serve`: choose one */
  }
  openNewGame("camelot");
}

document.addEventListener("DOMContentLoaded", start);
