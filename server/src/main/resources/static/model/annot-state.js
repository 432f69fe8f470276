// State of the annotations drawn over the time axis: the selected time slice and the marks (JED).

/** The time slice selected for statistics; active is false when there is none. */
export const slice = { active: false, start: 0, end: 0, dragging: false };

/** Marks in JED's queue order: list[0] is the current mark; rotating moves it to the tail. */
export const marks = { list: [] };

/** A time rounded to the resolution of a pixel, so that a slice or mark reads well and round-trips in the URL. */
export function roundTime(t, pixelSpan) {
  if (!(pixelSpan > 0)) return t;
  const q = Math.pow(10, Math.floor(Math.log10(pixelSpan)));
  return Number((Math.round(t / q) * q).toPrecision(15));
}
