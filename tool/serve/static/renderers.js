// How each game looks: a function per game of the catalog, keyed by its
// name, from the position's text (the game's FormatState) to an SVG element;
// `hints` maps a move's text to {move, colour}, `play(move)` plays it. A game
// without a renderer is shown as its text (Renderers.text); its moves are
// always in the list beside the board.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs, parent) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
function clickable(el, hint, play) {
  if (!hint) return;
  el.style.cursor = "pointer";
  el.classList.add("hint", "hint-" + hint.move.moveValue);
  el.dataset.move = hint.move.move;
  el.addEventListener("click", () => play(hint.move.move));
}
// A parameter of the variant's canonical spec ("sim(n=6)" -> n = "6").
function specParam(info, name) {
  const m = new RegExp("[(,]" + name + "=([^,)]*)").exec(info.spec);
  return m ? m[1] : null;
}

const Renderers = {
  text(position) {
    const pre = document.createElement("pre");
    pre.className = "position";
    pre.textContent = position;
    return pre;
  },

  tictactoe(position, hints, play) {
    const s = 60, svg = svgEl("svg", { width: 3 * s, height: 3 * s, class: "board-tictactoe" });
    for (let i = 0; i < 9; i++) {
      const r = Math.floor(i / 3), c = i % 3, x = c * s, y = r * s;
      const move = String.fromCharCode(97 + c) + (r + 1);
      const cell = svgEl("rect", { x: x + 2, y: y + 2, width: s - 4, height: s - 4, fill: "#fff",
                                   stroke: "#444" }, svg);
      cell.dataset.cell = move;
      const ch = position[i];
      if (ch === "X" || ch === "O") {
        const t = svgEl("text", { x: x + s / 2, y: y + s / 2 + 14, "text-anchor": "middle",
                                  "font-size": 40, fill: ch === "X" ? "var(--turn1Color)" : "var(--turn2Color)" }, svg);
        t.textContent = ch;
      } else if (hints[move]) {
        cell.setAttribute("fill", hints[move].colour);
        clickable(cell, hints[move], play);
      }
    }
    return svg;
  },

  connect4(position, hints, play) {
    const rows = position.split("/"), h = rows.length, w = rows[0].length, s = 44;
    const svg = svgEl("svg", { width: w * s, height: (h + 1) * s, class: "board-connect4" });
    const colName = (c) => c < 9 ? String(c + 1) : String.fromCharCode(97 + c - 9);
    for (let c = 0; c < w; c++) {
      const hint = hints[colName(c)];
      const b = svgEl("rect", { x: c * s + 3, y: 3, width: s - 6, height: s - 6, rx: 6,
                                fill: hint ? hint.colour : "#ddd" }, svg);
      b.dataset.column = colName(c);
      clickable(b, hint, play);
      const t = svgEl("text", { x: c * s + s / 2, y: s / 2 + 5, "text-anchor": "middle",
                                "pointer-events": "none" }, svg);
      t.textContent = colName(c);
    }
    svgEl("rect", { x: 0, y: s, width: w * s, height: h * s, fill: "#2952a3" }, svg);
    for (let r = 0; r < h; r++)
      for (let c = 0; c < w; c++) {
        const ch = rows[r][c];
        svgEl("circle", { cx: c * s + s / 2, cy: (r + 1) * s + s / 2, r: s / 2 - 5,
                          fill: ch === "x" ? "#e8c400" : ch === "o" ? "#d22" : "#fff" }, svg);
      }
    return svg;
  },

  sim(position, hints, play, info) {
    const n = Number(specParam(info, "n") || 6), size = 260, R = 100, cx = size / 2, cy = size / 2;
    const pts = [];
    for (let i = 0; i < n; i++) {
      const a = -Math.PI / 2 + 2 * Math.PI * i / n;
      pts.push([cx + R * Math.cos(a), cy + R * Math.sin(a)]);
    }
    const colour = {};
    for (const part of position.split(" ")) {
      const [who, list] = part.split(":");
      if (list && list !== "-") for (const e of list.split(",")) colour[e] = who;
    }
    const svg = svgEl("svg", { width: size, height: size, class: "board-sim" });
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const name = String.fromCharCode(65 + i) + String.fromCharCode(65 + j);
        const hint = hints[name];
        const line = svgEl("line", { x1: pts[i][0], y1: pts[i][1], x2: pts[j][0], y2: pts[j][1],
                                     "stroke-width": colour[name] ? 4 : 7,
                                     stroke: colour[name] === "red" ? "#d22" : colour[name] === "blue" ? "#22d"
                                             : hint ? hint.colour : "#ccc" }, svg);
        line.dataset.edge = name;
        clickable(line, hint, play);
      }
    pts.forEach(([x, y], i) => {
      svgEl("circle", { cx: x, cy: y, r: 12, fill: "#fff", stroke: "#444" }, svg);
      const t = svgEl("text", { x, y: y + 5, "text-anchor": "middle" }, svg);
      t.textContent = String.fromCharCode(65 + i);
    });
    return svg;
  },

  dodgem(position) {
    const [board, who] = position.split(":"), rows = board.split("/"), n = rows.length, s = 50;
    const svg = svgEl("svg", { width: n * s + 30, height: n * s + 30, class: "board-dodgem" });
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      svgEl("rect", { x: c * s + 20, y: r * s, width: s - 2, height: s - 2, fill: "#fff", stroke: "#444" }, svg);
      if (ch !== ".")
        svgEl("rect", { x: c * s + 28, y: r * s + 8, width: s - 18, height: s - 18, rx: 6,
                        fill: ch === "B" ? "#22d" : "#d22" }, svg);
    }));
    for (let r = 0; r < n; r++) svgEl("text", { x: 5, y: r * s + s / 2 + 5 }, svg).textContent = n - r;
    for (let c = 0; c < n; c++)
      svgEl("text", { x: c * s + 20 + s / 2, y: n * s + 20, "text-anchor": "middle" }, svg).textContent =
          String.fromCharCode(97 + c);
    svgEl("text", { x: 20, y: n * s + 28, "font-size": 10 }, svg).textContent =
        (who === "b" ? "blue" : "red") + " to move";
    return svg;
  },

  domineering(position) {
    const [board, who] = position.split(":"), rows = board.split("/"), s = 36;
    const svg = svgEl("svg", { width: rows[0].length * s + 4, height: rows.length * s + 20,
                               class: "board-domineering" });
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      svgEl("rect", { x: c * s + 2, y: r * s + 2, width: s - 2, height: s - 2,
                      fill: ch === "#" ? "#555" : "#fff", stroke: "#999" }, svg);
    }));
    svgEl("text", { x: 2, y: rows.length * s + 16, "font-size": 12 }, svg).textContent =
        (who === "V" ? "vertical" : "horizontal") + " to move";
    return svg;
  },

  nim(position) {
    const heaps = position.split(";").map(Number), s = 22;
    const width = Math.max(1, ...heaps) * s + 40;
    const svg = svgEl("svg", { width, height: heaps.length * s + 6, class: "board-nim" });
    heaps.forEach((h, i) => {
      svgEl("text", { x: 2, y: i * s + 16 }, svg).textContent = i + 1;
      for (let k = 0; k < h; k++)
        svgEl("circle", { cx: 30 + k * s, cy: i * s + 12, r: 8, fill: "#a0522d" }, svg);
    });
    return svg;
  },
};
