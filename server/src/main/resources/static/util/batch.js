// Rectangles gathered by layer and colour, then filled colour by colour: a paint of tens of thousands
// of states sets a few styles instead of one per rectangle (fillRect stays: it rasterizes faster
// than one path of many rectangles).

export class RectBatch {
  constructor() {
    this.groups = new Map(); // layer -> Map(style -> [x, y, w, h, ...])
  }

  /** A rectangle on a layer (lower layers are filled first) in a CSS colour. */
  add(layer, style, x, y, w, h) {
    let byStyle = this.groups.get(layer);
    if (!byStyle) this.groups.set(layer, (byStyle = new Map()));
    let list = byStyle.get(style);
    if (!list) byStyle.set(style, (list = []));
    list.push(x, y, w, h);
  }

  fill(g) {
    for (const layer of [...this.groups.keys()].sort((a, b) => a - b)) {
      for (const [style, r] of this.groups.get(layer)) {
        g.fillStyle = style;
        for (let i = 0; i < r.length; i += 4) g.fillRect(r[i], r[i + 1], r[i + 2], r[i + 3]);
      }
    }
    this.groups.clear();
  }
}
