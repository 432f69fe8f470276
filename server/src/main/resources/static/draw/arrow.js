// An arrow from (x0, y0) to (x1, y1) with a dot at its tail: links on the plot and their highlight.

export function drawArrow(g, x0, y0, x1, y1, color, width) {
  const ang = Math.atan2(y1 - y0, x1 - x0);
  const head = 8;
  g.strokeStyle = color;
  g.fillStyle = color;
  g.lineWidth = width;
  g.beginPath();
  g.moveTo(x0, y0);
  g.lineTo(x1 - Math.cos(ang) * head * 0.6, y1 - Math.sin(ang) * head * 0.6);
  g.stroke();
  g.beginPath();
  g.moveTo(x1, y1);
  g.lineTo(x1 - head * Math.cos(ang - 0.38), y1 - head * Math.sin(ang - 0.38));
  g.lineTo(x1 - head * Math.cos(ang + 0.38), y1 - head * Math.sin(ang + 0.38));
  g.closePath();
  g.fill();
  g.beginPath();
  g.arc(x0, y0, 2, 0, Math.PI * 2);
  g.fill();
}
