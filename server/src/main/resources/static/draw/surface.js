// The 2D contexts the drawing code paints on; `ctx` is the screen, or the frame bitmap while it is painted.

import { canvas, overlay, ruler, overview } from '../model/state.js';

export const screen = canvas.getContext('2d');
/** What the drawing code draws on (a live binding, switched by drawOn). */
export let ctx = screen;
export function drawOn(g) { ctx = g; }
export const octx = overlay.getContext('2d');
export const rctx = ruler.getContext('2d');
export const ovctx = overview.getContext('2d');
