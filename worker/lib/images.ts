export type ImageFormat = 'jpg' | 'png' | 'webp';
export const MIN_SIDE = 32;
export const MAX_SIDE = 8000;
export const MAX_PIXELS = 40_000_000;

/**
 * Caps that keep the check bounded in time and memory whatever the upload (README, "Photos"):
 * a file past a cap is refused as not an image. A phone JPEG has 10 to 30 marker segments before
 * its scan and a progressive one some 30 in all; a 10 MB PNG in libpng's 8 KB IDAT chunks has
 * 1,280 chunks; a still WebP has at most 6 chunks that mean anything.
 */
export const CAPS = {
  /** Marker segments of a JPEG before its first scan. */
  jpegHeaderSegments: 200,
  /** Marker segments of a JPEG in all (scans, tables between progressive scans). */
  jpegSegments: 1000,
  /** Chunks of a PNG. */
  pngChunks: 4096,
  /** Chunks of a WebP. */
  webpChunks: 64,
  /** An ICC colour profile larger than this is dropped (a Display P3 or Adobe RGB profile is under 4 KB). */
  iccBytes: 1024 * 1024,
} as const;

/** Recognises JPEG, PNG and WebP by their first bytes, never by name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number, ...sig: number[]) => sig.every((b, j) => bytes[i + j] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const startsWith = (b: Uint8Array, at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));
/** A four-character code as the big-endian number its bytes make. */
const fourcc = (text: string) =>
  u32(
    Uint8Array.from(text, (ch) => ch.charCodeAt(0)),
    0,
  );

/**
 * Byte ranges of the input to keep, in order, in two fixed typed arrays: the parsers never make
 * an array per segment, and the output is allocated once and filled by one copy per range.
 */
class Ranges {
  private starts: Int32Array;
  private ends: Int32Array;
  count = 0;
  total = 0;
  constructor(capacity: number) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }
  /** Adds [start, end); a range that continues the previous one extends it. False when full. */
  add(start: number, end: number) {
    if (end <= start) return true;
    this.total += end - start;
    if (this.count && this.ends[this.count - 1] === start) return ((this.ends[this.count - 1] = end), true);
    if (this.count === this.starts.length) return false;
    this.starts[this.count] = start;
    this.ends[this.count++] = end;
    return true;
  }
  copy(from: Uint8Array, to: Uint8Array, at: number) {
    for (let r = 0; r < this.count; r++) {
      to.set(from.subarray(this.starts[r]!, this.ends[r]!), at);
      at += this.ends[r]! - this.starts[r]!;
    }
    return at;
  }
}

/**
 * A minimal check of an ICC profile from its first bytes (`head`, at least the 132-byte header
 * and tag count): the size it declares is the size present, it carries the `acsp` signature, and
 * its tag table fits inside it. A profile failing this, or larger than CAPS.iccBytes, is dropped.
 */
function iccLooksValid(b: Uint8Array, head: number, headEnd: number, size: number) {
  if (size < 132 || size > CAPS.iccBytes || headEnd - head < 132) return false;
  return u32(b, head) === size && startsWith(b, head + 36, 'acsp') && 132 + 12 * u32(b, head + 128) <= size;
}

/** What a parser found: the size, how many bytes of image data there are against the least the size needs, and how to build the output. */
type Parsed = { width: number; height: number; data: number; minData: number; orientation: number; build: () => Uint8Array };

/** The EXIF orientation (1–8) in a TIFF block at [tiff, end), or 1. */
function exifOrientation(b: Uint8Array, tiff: number, end: number): number {
  if (tiff + 8 > end) return 1;
  const little = b[tiff] === 0x49;
  const r16 = (at: number) => (little ? u16le(b, at) : u16(b, at));
  const ifd = tiff + (little ? u32le(b, tiff + 4) : u32(b, tiff + 4));
  if (ifd + 2 > end) return 1;
  const entries = r16(ifd); // at most 65,535, each read in place
  for (let e = 0; e < entries; e++) {
    const at = ifd + 2 + e * 12;
    if (at + 12 > end) return 1;
    if (r16(at) === 0x0112) {
      const value = r16(at + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** An APP1 EXIF segment holding nothing but the orientation tag. */
function orientationApp1(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [...'Exif\0\0'].map((ch) => ch.charCodeAt(0)).concat(tiff);
  const len = body.length + 2;
  return Uint8Array.from([0xff, 0xe1, len >> 8, len & 0xff, ...body]);
}

const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * Where a scan's compressed data starting at `j` ends: the next marker that is neither a stuffed
 * 0xFF nor a restart, or -1 when the file ends first. A plain loop costs the same per byte however
 * dense the 0xFF bytes (indexOf is faster on a photo and many times slower on a scan made of
 * stuffed bytes); its own small function so that it is optimised on its own.
 */
function scanEnd(b: Uint8Array, j: number) {
  const last = b.length - 1;
  for (; j < last; j++) {
    if (b[j] !== 0xff) continue;
    const next = b[j + 1]!;
    if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) return j;
    j++;
  }
  return -1;
}

/**
 * JPEG, in one pass over the markers and the compressed data: only Huffman-coded 8-bit baseline,
 * extended and progressive frames (SOF0–SOF2, what browsers and the image service decode); every
 * segment counted against CAPS; kept are the tables, the frame, the scans with their data, an
 * Adobe APP14 of its fixed 12 bytes (it says how CMYK/YCCK colours are stored) and an ICC profile
 * that passes iccLooksValid. Every other APPn (EXIF with GPS, XMP, JFIF and its thumbnail, MPF
 * previews), comments, JPGn and reserved markers, and anything after the end-of-image marker go.
 * The orientation is read from the first EXIF block and written back as a minimal EXIF block.
 */
function parseJpeg(b: Uint8Array): Parsed | ImageProblem {
  const keep = new Ranges(2 * CAPS.jpegSegments + 2);
  const icc = new Ranges(256);
  let i = 2;
  let segments = 0,
    scans = 0,
    data = 0;
  let width = 0,
    height = 0,
    progressive = false,
    orientation = 1,
    exifSeen = false;
  let iccChunks = 0,
    iccExpected = 0,
    iccSize = 0,
    iccHead = 0,
    iccHeadEnd = 0,
    iccOk = true;
  for (;;) {
    if (i + 2 > b.length || b[i] !== 0xff) return 'not_an_image';
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      keep.add(i, i + 2); // end of image: whatever follows is never read
      break;
    }
    if (++segments > CAPS.jpegSegments || (scans === 0 && segments > CAPS.jpegHeaderSegments)) return 'not_an_image';
    if (marker === 0x01 || isRst(marker)) {
      i += 2; // stray markers without a length: dropped
      continue;
    }
    if (marker === 0xd8 || i + 4 > b.length) return 'not_an_image';
    const len = u16(b, i + 2);
    const end = i + 2 + len;
    if (len < 2 || end > b.length) return 'not_an_image';
    const body = i + 4;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      const components = b[body + 5]!;
      if (width || len < 8 || b[body] !== 8 || ![1, 3, 4].includes(components) || len !== 8 + 3 * components) return 'not_an_image';
      height = u16(b, body + 1);
      width = u16(b, body + 3);
      progressive = marker === 0xc2;
      if (!keep.add(i, end)) return 'not_an_image';
    } else if ((marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8) || marker === 0xde || marker === 0xdf) {
      return 'not_an_image'; // lossless, hierarchical or arithmetic-coded: not decoded by browsers
    } else if (marker === 0xc4 || marker === 0xdb || marker === 0xdd || marker === 0xdc) {
      if (!keep.add(i, end)) return 'not_an_image'; // DHT, DQT, DRI, DNL
    } else if (marker === 0xda) {
      if (!width) return 'not_an_image';
      scans++;
      const j = scanEnd(b, end);
      if (j < 0) return 'not_an_image';
      if (!keep.add(i, j)) return 'not_an_image';
      data += j - end;
      i = j;
      continue;
    } else if (marker === 0xe1 && !exifSeen && scans === 0 && startsWith(b, body, 'Exif\0\0')) {
      exifSeen = true;
      orientation = exifOrientation(b, body + 6, end);
    } else if (marker === 0xe2 && scans === 0 && len >= 16 && startsWith(b, body, 'ICC_PROFILE\0')) {
      const seq = b[body + 12]!,
        count = b[body + 13]!;
      if (seq !== iccChunks + 1 || (iccExpected && count !== iccExpected) || count === 0) iccOk = false;
      iccExpected = count;
      if (seq === 1) ((iccHead = body + 14), (iccHeadEnd = end));
      iccChunks++;
      iccSize += end - body - 14;
      if (iccOk && !icc.add(i, end)) iccOk = false;
    } else if (marker === 0xee && len === 14 && startsWith(b, body, 'Adobe')) {
      if (!keep.add(i, end)) return 'not_an_image';
    }
    i = end;
  }
  if (!width || !scans) return 'not_an_image';
  iccOk &&= iccChunks > 0 && iccChunks === iccExpected && iccLooksValid(b, iccHead, iccHeadEnd, iccSize);
  // Huffman coding spends at least one bit on the DC coefficient of every 8×8 block of the
  // full-resolution component, and a baseline scan one more for its end-of-block code.
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const minData = Math.ceil((blocks * (progressive ? 1 : 2)) / 8);
  return {
    width,
    height,
    data,
    minData,
    orientation,
    build() {
      const app1 = orientation !== 1 ? orientationApp1(orientation) : new Uint8Array(0);
      const out = new Uint8Array(2 + app1.length + (iccOk ? icc.total : 0) + keep.total);
      out.set([0xff, 0xd8]);
      out.set(app1, 2);
      const at = iccOk ? icc.copy(b, out, 2 + app1.length) : 2 + app1.length;
      keep.copy(b, out, at);
      return out;
    },
  };
}

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const PNG_CHANNELS: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
const PNG = { IHDR: fourcc('IHDR'), PLTE: fourcc('PLTE'), IDAT: fourcc('IDAT'), IEND: fourcc('IEND'), iCCP: fourcc('iCCP') };
/** Ancillary chunks about colour that a decoder uses; every other ancillary chunk (text, EXIF, time, APNG frames) is dropped. */
const PNG_COLOUR = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT'].map(fourcc));

/**
 * PNG, chunk by chunk up to IEND (at most CAPS.pngChunks): a valid header, consecutive IDAT
 * chunks, a palette where the colour type needs one; kept are those and the colour chunks, plus
 * an iCCP whose name and zlib header are well formed. Unknown critical chunks refuse the file;
 * an animated PNG keeps its default image only.
 */
function parsePng(b: Uint8Array): Parsed | ImageProblem {
  const keep = new Ranges(CAPS.pngChunks + 1);
  keep.add(0, 8);
  let i = 8,
    chunks = 0,
    data = 0;
  let width = 0,
    height = 0,
    rowBytes = 0,
    colourType = -1;
  let palette = false,
    idatState = 0,
    iccp = false;
  for (;;) {
    if (++chunks > CAPS.pngChunks || i + 12 > b.length) return 'not_an_image';
    const len = u32(b, i);
    const type = u32(b, i + 4);
    const end = i + 12 + len;
    if (len > 0x7fffffff || end > b.length) return 'not_an_image';
    for (let k = 4; k < 8; k++) if (!isLetter(b[i + k]!)) return 'not_an_image';
    if (chunks === 1) {
      if (type !== PNG.IHDR || len !== 13) return 'not_an_image';
      width = u32(b, i + 8);
      height = u32(b, i + 12);
      const depth = b[i + 16]!;
      colourType = b[i + 17]!;
      const kind = PNG_CHANNELS[colourType];
      if (!kind || !kind.depths.includes(depth) || b[i + 18] !== 0 || b[i + 19] !== 0 || b[i + 20]! > 1) return 'not_an_image';
      rowBytes = Math.ceil((width * kind.channels * depth) / 8);
      keep.add(i, end);
    } else if (type === PNG.IDAT) {
      if (idatState === 2) return 'not_an_image'; // IDAT chunks must follow one another
      idatState = 1;
      data += len;
      if (!keep.add(i, end)) return 'not_an_image';
    } else if (type === PNG.IEND) {
      keep.add(i, end);
      break;
    } else {
      if (idatState === 1) idatState = 2;
      if (type === PNG.IHDR) return 'not_an_image';
      if (type === PNG.PLTE) {
        if (palette || len % 3 || len > 768 || len === 0) return 'not_an_image';
        palette = true;
        if (!keep.add(i, end)) return 'not_an_image';
      } else if (!(b[i + 4]! & 0x20)) {
        return 'not_an_image'; // a critical chunk this check does not know
      } else if (PNG_COLOUR.has(type) || (type === PNG.iCCP && !iccp && pngIccpLooksValid(b, i + 8, end - 4))) {
        iccp ||= type === PNG.iCCP;
        if (!keep.add(i, end)) return 'not_an_image';
      }
    }
    i = end;
  }
  if (!idatState || (colourType === 3 && !palette)) return 'not_an_image';
  // deflate encodes at most 1,032 bytes per bit pair (a 258-byte match in two one-bit codes):
  // the filtered rows the header declares cannot come from fewer bytes than this
  const minData = Math.ceil((height * (1 + rowBytes)) / 1032);
  return {
    width,
    height,
    data,
    minData,
    orientation: 1,
    build() {
      const out = new Uint8Array(keep.total);
      keep.copy(b, out, 0);
      return out;
    },
  };
}

/** An iCCP chunk's data at [at, end): a 1–79 byte name, a zero, method 0, a zlib stream header; at most CAPS.iccBytes. */
function pngIccpLooksValid(b: Uint8Array, at: number, end: number) {
  if (end - at > CAPS.iccBytes) return false;
  let n = at;
  while (n < end && n - at < 80 && b[n] !== 0) n++;
  if (n === at || n - at > 79 || n + 4 > end || b[n + 1] !== 0) return false;
  const cmf = b[n + 2]!,
    flg = b[n + 3]!;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

const WEBP = {
  VP8X: fourcc('VP8X'),
  VP8: fourcc('VP8 '),
  VP8L: fourcc('VP8L'),
  ALPH: fourcc('ALPH'),
  ICCP: fourcc('ICCP'),
  ANIM: fourcc('ANIM'),
  ANMF: fourcc('ANMF'),
};

/**
 * WebP, chunk by chunk up to the RIFF size (at most CAPS.webpChunks): a still image (an animated
 * one is refused), exactly one VP8 or VP8L frame whose own size is the VP8X canvas when there is
 * one; kept are VP8X (its EXIF and XMP flags cleared), an ICCP that passes iccLooksValid (unless
 * `keepIcc` is false), ALPH and the frame, rewritten in the order the format prescribes.
 */
export function parseWebp(b: Uint8Array, keepIcc = true): Parsed | ImageProblem {
  if (b.length < 20) return 'not_an_image';
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length) return 'not_an_image';
  let i = 12,
    chunks = 0;
  let vp8x = -1,
    iccp = -1,
    alph = -1,
    frame = -1,
    frameType = 0;
  let canvasW = 0,
    canvasH = 0,
    width = 0,
    height = 0,
    minData = 0,
    data = 0;
  while (i + 8 <= riffEnd) {
    if (++chunks > CAPS.webpChunks) return 'not_an_image';
    const type = u32(b, i);
    const len = u32le(b, i + 4);
    const body = i + 8;
    if (body + len > riffEnd) return 'not_an_image';
    if (chunks === 1 && type !== WEBP.VP8X && type !== WEBP.VP8 && type !== WEBP.VP8L) return 'not_an_image';
    if (type === WEBP.VP8X) {
      if (chunks !== 1 || len < 10 || b[body]! & 0x02) return 'not_an_image'; // first, and not animated
      vp8x = i;
      canvasW = 1 + u24le(b, body + 4);
      canvasH = 1 + u24le(b, body + 7);
    } else if (type === WEBP.ANIM || type === WEBP.ANMF) {
      return 'not_an_image';
    } else if (type === WEBP.VP8 || type === WEBP.VP8L) {
      if (frame >= 0) return 'not_an_image';
      frame = i;
      frameType = type;
      if (type === WEBP.VP8) {
        // frame tag (a key frame, its first partition inside the chunk), start code, 14-bit sizes
        const tag = u24le(b, body);
        if (len < 10 || tag & 1 || tag >>> 5 > len - 10 || b[body + 3] !== 0x9d || b[body + 4] !== 0x01 || b[body + 5] !== 0x2a)
          return 'not_an_image';
        width = u16le(b, body + 6) & 0x3fff;
        height = u16le(b, body + 8) & 0x3fff;
        data = len - 10;
        // a key frame codes every 16×16 macroblock's luma and chroma modes with fixed
        // probabilities: more than two bits each; one bit each is the least accepted
        minData = Math.ceil((Math.ceil(width / 16) * Math.ceil(height / 16)) / 8);
      } else {
        if (len < 5 || b[body] !== 0x2f) return 'not_an_image';
        const bits = u32le(b, body + 1);
        if (bits >>> 29) return 'not_an_image'; // version 0 only
        width = (bits & 0x3fff) + 1;
        height = ((bits >>> 14) & 0x3fff) + 1;
        data = len - 5; // lossless data can draw a flat picture of any size in a few bytes: the pixel cap bounds it
      }
    } else if (type === WEBP.ALPH) {
      if (vp8x < 0 || alph >= 0 || frame >= 0) return 'not_an_image';
      alph = i;
    } else if (type === WEBP.ICCP) {
      if (vp8x < 0 || iccp >= 0 || frame >= 0) return 'not_an_image';
      if (keepIcc && iccLooksValid(b, body, body + len, len)) iccp = i;
    }
    i = body + len + (len & 1);
  }
  if (frame < 0) return 'not_an_image';
  if (vp8x >= 0 && (canvasW !== width || canvasH !== height)) return 'not_an_image';
  if (frameType === WEBP.VP8L) alph = -1; // a lossless frame carries its own alpha; ALPH is ignored by decoders
  const kept = [vp8x, iccp, alph, frame].filter((at) => at >= 0);
  const size = (at: number) => 8 + u32le(b, at + 4);
  return {
    width,
    height,
    data,
    minData,
    orientation: 1,
    build() {
      const out = new Uint8Array(12 + kept.reduce((n, at) => n + size(at) + (size(at) & 1), 0));
      out.set(b.subarray(0, 4));
      new DataView(out.buffer).setUint32(4, out.length - 8, true);
      out.set(b.subarray(8, 12), 8);
      let o = 12;
      for (const at of kept) {
        out.set(b.subarray(at, at + size(at)), o); // an odd chunk's padding byte is the zero already there
        if (at === vp8x) out[o + 8] = (b[at + 8]! & 0x10) | (iccp >= 0 ? 0x20 : 0); // alpha and ICC flags only
        o += size(at) + (size(at) & 1);
      }
      return out;
    },
  };
}

/**
 * A checked upload: `bytes` without metadata (a JPEG keeps its orientation as a minimal EXIF
 * block), `width` and `height` as stored (before the orientation is applied), `orientation` the
 * EXIF value (1 = upright; always 1 for PNG and WebP).
 */
export type CheckedImage = { format: ImageFormat; width: number; height: number; orientation: number; bytes: Uint8Array };
export type ImageProblem = 'not_an_image' | 'bad_dimensions';

/**
 * Checks an upload by its content, in one pass bounded by CAPS: a JPEG, PNG or WebP whose
 * structure parses, with bounded dimensions, holding at least the image data its dimensions need,
 * returned without metadata (EXIF with GPS, XMP, comments, text chunks) in one new buffer.
 */
export function checkImage(input: Uint8Array): CheckedImage | ImageProblem {
  const format = sniffImage(input);
  if (!format) return 'not_an_image';
  const parsed = format === 'jpg' ? parseJpeg(input) : format === 'png' ? parsePng(input) : parseWebp(input);
  if (typeof parsed === 'string') return parsed;
  const { width, height, orientation } = parsed;
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    return 'bad_dimensions';
  if (parsed.data < parsed.minData) return 'not_an_image'; // declares more pixels than its data can hold
  return { format, width, height, orientation, bytes: parsed.build() };
}

/**
 * A checked JPEG without its orientation block (the one parseJpeg writes right after the SOI
 * marker), for a transformer that is told the rotation itself; other images are returned as they are.
 */
export function withoutOrientation(image: CheckedImage): Uint8Array {
  const b = image.bytes;
  if (image.format !== 'jpg' || b[2] !== 0xff || b[3] !== 0xe1 || !startsWith(b, 6, 'Exif\0\0')) return b;
  const out = new Uint8Array(b.length - 2 - u16(b, 4));
  out.set(b.subarray(0, 2));
  out.set(b.subarray(4 + u16(b, 4)), 2);
  return out;
}

/**
 * A WebP made by the image service reduced to its image chunks (VP8X, VP8, VP8L, ALPH): whatever
 * else the service might add (ICC, EXIF, XMP) is never stored. Null for anything but a still WebP.
 */
export function webpImageOnly(bytes: Uint8Array): Uint8Array | null {
  if (sniffImage(bytes) !== 'webp') return null;
  const parsed = parseWebp(bytes, false);
  return typeof parsed === 'string' ? null : parsed.build();
}

/** The Content-Type of a checked format. */
export const contentTypeOf = (format: ImageFormat) => `image/${format === 'jpg' ? 'jpeg' : format}`;
