// Binary window answers (`format=bin`, docs/api.md): the columns as little-endian typed arrays (each padded to 8
// bytes), then a JSON header that holds {"$": type, "n": count[, "b": base][, "d": decimals]} in each column's
// place, then the header's length (4 bytes). Most columns are read in place, without parsing numbers.

/** Typed arrays read the platform's byte order: the page asks for binary answers only where that is little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const ARRAYS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array };
const TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]; // exact: a decimal is an exact integer over one of them

/**
 * The answer in `buffer` as the JSON answer's object, each column an array of the same numbers: typed arrays
 * over `buffer` or, for columns with a base or decimals, their values computed once (`(base + q) / 10^d`, the
 * double the JSON text parses to). Throws on a truncated or foreign answer.
 */
export function decodeBinary(/** @type {ArrayBuffer} */ buffer) {
  const size = buffer.byteLength;
  if (size < 4) throw new Error(`bad binary answer: ${size} bytes`);
  const length = new DataView(buffer).getUint32(size - 4, true);
  if (length > size - 4) throw new Error(`bad binary answer: a header of ${length} bytes in ${size}`);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, size - 4 - length, length)));
  const end = size - 4 - length;
  let at = 0;
  /** The column a descriptor stands for: the next one in the buffer (columns come in the header's order). */
  const column = (/** @type {{$: string, n: number, b?: number, d?: number}} */ d) => {
    const Kind = ARRAYS[/** @type {keyof typeof ARRAYS} */ (d.$)];
    if (!Kind) throw new Error(`bad binary answer: column type ${d.$}`);
    const bytes = d.n * Kind.BYTES_PER_ELEMENT;
    if (at + bytes > end) throw new Error(`bad binary answer: a column past the columns' ${end} bytes`);
    const q = new Kind(buffer, at, d.n);
    at += (bytes + 7) & ~7;
    if (d.d === undefined && !d.b) return q;
    const base = d.b || 0;
    if (d.d === undefined) { // ints with a base: ints again
      const out = new Int32Array(d.n);
      for (let i = 0; i < out.length; i++) out[i] = base + q[i];
      return out;
    }
    const ten = TEN[d.d], out = new Float64Array(d.n);
    for (let i = 0; i < out.length; i++) out[i] = (base + q[i]) / ten;
    return out;
  };
  /** Replaces every descriptor below `o`, in document order. */
  const walk = (/** @type {any} */ o) => {
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const v = o[i];
        if (v === null || typeof v !== 'object') return; // an array of numbers (a column left as JSON)
        if (typeof v.$ === 'string') o[i] = column(v); else walk(v);
      }
      return;
    }
    for (const k in o) {
      const v = o[k];
      if (v !== null && typeof v === 'object') {
        if (typeof v.$ === 'string') o[k] = column(v); else walk(v);
      }
    }
  };
  walk(header);
  if (at !== end) throw new Error(`bad binary answer: ${end - at} bytes of columns left over`);
  return header;
}
