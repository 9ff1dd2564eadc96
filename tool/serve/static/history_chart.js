// The value history: one point per position of the game so far (x: the ply),
// above the middle line when the player who moved first wins from there,
// below when they lose, on it for a tie or a draw; further from the line the
// sooner the game ends (remoteness), in GamesmanUni's colours for the player
// to move. A position of unknown remoteness sits half way.
"use strict";

const HistoryChart = {
  draw(container, positions, moves) {
    container.textContent = "";
    const W = Math.max(320, 40 + positions.length * 28), H = 200, mid = H / 2, pad = 20;
    const svg = svgEl("svg", { width: W, height: H, class: "history" });
    const known = positions.map((p) => p.remoteness).filter((r) => r >= 0);
    const maxR = Math.max(1, ...known) + 1;
    svgEl("line", { x1: 30, y1: mid, x2: W - 5, y2: mid, stroke: "#999", "stroke-dasharray": "4 3" }, svg);
    svgEl("text", { x: 2, y: pad, "font-size": 10 }, svg).textContent = "first wins";
    svgEl("text", { x: 2, y: H - 6, "font-size": 10 }, svg).textContent = "first loses";
    const pts = positions.map((p, i) => {
      // The value for the first player: the player to move at even plies.
      const sign = p.positionValue === "win" ? 1 : p.positionValue === "lose" ? -1 : 0;
      const forFirst = i % 2 === 0 ? sign : -sign;
      const closeness = p.remoteness >= 0 ? (maxR - p.remoteness) / maxR : 0.5;
      return [40 + i * 28, mid - forFirst * (mid - pad) * (0.15 + 0.85 * closeness), p];
    });
    if (pts.length > 1)
      svgEl("polyline", { points: pts.map(([x, y]) => x + "," + y).join(" "), fill: "none",
                          stroke: "#666" }, svg);
    pts.forEach(([x, y, p], i) => {
      const c = svgEl("circle", { cx: x, cy: y, r: 6, stroke: "#000",
                                  fill: moveColour(p.positionValue, 1) }, svg);
      c.dataset.ply = i;
      c.dataset.value = p.positionValue;
      const title = svgEl("title", {}, c);
      title.textContent = "ply " + i + (moves[i] ? " after " + moves[i] : "") + ": " + valueText(p);
      svgEl("text", { x, y: H - 20, "text-anchor": "middle", "font-size": 9 }, svg).textContent = i;
    });
    container.appendChild(svg);
  },
};
