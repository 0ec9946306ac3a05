// Crafted uploads for the abuse tests and the bench (tests/bench/images.mjs), made from a small
// real image at run time: nothing large is committed. Each aims at one way a parser can be made
// to spend time or memory, or a decoder to allocate far more than the upload weighs.

const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (out.set(p, o), o + p.length), 0);
  return out;
};
/** `count` copies of `unit` in one buffer. */
function repeat(unit: Uint8Array, count: number) {
  const out = new Uint8Array(unit.length * count);
  out.set(unit);
  for (let filled = unit.length; filled < out.length; filled *= 2) out.copyWithin(filled, 0, Math.min(filled, out.length - filled));
  return out;
}
const u32le = (n: number) => Uint8Array.from([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, n >>> 24]);
/** Offset of the first JPEG marker segment `marker` (walking the segments before the scan). */
function jpegSegment(b: Uint8Array, marker: number) {
  for (let i = 2; i + 4 <= b.length && b[i] === 0xff; i += 2 + ((b[i + 2]! << 8) | b[i + 3]!)) if (b[i + 1] === marker) return i;
  throw new Error(`no marker ${marker.toString(16)}`);
}
/** A RIFF WebP of `body` (the chunks after "WEBP"). */
const riff = (body: Uint8Array) => join(ascii('RIFF'), u32le(body.length + 4), ascii('WEBP'), body);

/** A JPEG of about `size` bytes that is `base` behind millions of empty comment segments (4 bytes each). */
export function jpegOfTinySegments(base: Uint8Array, size = 10 * 1024 * 1024) {
  const count = Math.floor((size - base.length) / 4);
  return join(base.subarray(0, 2), repeat(Uint8Array.from([0xff, 0xfe, 0x00, 0x02]), count), base.subarray(2));
}

/**
 * A JPEG of about `size` bytes whose last scan runs on through millions of stuffed bytes and
 * restart markers and never ends: the most work the scan walk can be given, then refused.
 */
export function jpegOfEndlessScan(base: Uint8Array, size = 10 * 1024 * 1024) {
  const count = Math.floor((size - base.length) / 4);
  return join(base.subarray(0, base.length - 2), repeat(Uint8Array.from([0xff, 0x00, 0xff, 0xd0]), count));
}

/** `base` (a JPEG) with its frame header declaring `width`×`height`. */
export function jpegDeclaring(base: Uint8Array, width: number, height: number) {
  const b = base.slice();
  const sof = jpegSegment(b, 0xc0);
  b.set([height >> 8, height & 255, width >> 8, width & 255], sof + 5);
  return b;
}

/** `base` (a WebP) followed by `count` empty chunks (8 bytes each): 1.3 million make 10 MB. */
export function webpOfEmptyChunks(base: Uint8Array, count = 1_300_000) {
  return riff(join(base.subarray(12), repeat(join(ascii('JUNK'), u32le(0)), count)));
}

/** `base` (a PNG) with `count` empty text chunks (12 bytes each) between its header and its data. */
export function pngOfEmptyChunks(base: Uint8Array, count = 800_000) {
  const ihdrEnd = 8 + 25;
  return join(
    base.subarray(0, ihdrEnd),
    repeat(join(Uint8Array.from([0, 0, 0, 0]), ascii('tEXt'), Uint8Array.from([0, 0, 0, 0])), count),
    base.subarray(ihdrEnd),
  );
}

/** `base` (a PNG) with its header declaring `width`×`height`. */
export function pngDeclaring(base: Uint8Array, width: number, height: number) {
  const b = base.slice();
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

/** `base` (a simple lossy WebP, its VP8 chunk first) with its frame declaring `width`×`height`. */
export function webpDeclaring(base: Uint8Array, width: number, height: number) {
  const b = base.slice();
  if (String.fromCharCode(...b.subarray(12, 16)) !== 'VP8 ') throw new Error('not a simple lossy WebP');
  b.set([width & 255, width >> 8, height & 255, height >> 8], 26);
  return b;
}

/** `base` (a simple WebP) inside a VP8X canvas of `width`×`height`, which its frame may not match. */
export function webpOnCanvas(base: Uint8Array, width: number, height: number) {
  const w = u32le(width - 1),
    h = u32le(height - 1);
  const vp8x = join(ascii('VP8X'), u32le(10), Uint8Array.from([0, 0, 0, 0, w[0]!, w[1]!, w[2]!, h[0]!, h[1]!, h[2]!]));
  return riff(join(vp8x, base.subarray(12)));
}
