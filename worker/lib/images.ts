import { imageSize } from 'image-size';

export type ImageFormat = 'jpg' | 'png' | 'webp';
export const MIN_SIDE = 32;
export const MAX_SIDE = 8000;
export const MAX_PIXELS = 40_000_000;

/** Recognises JPEG, PNG and WebP by their first bytes, never by name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number, ...sig: number[]) => sig.every((b, j) => bytes[i + j] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
};

const startsWith = (b: Uint8Array, at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/**
 * JPEG: walk every marker, through the compressed data too, and keep only what draws the image:
 * APP0 only as JFIF, APP2 only as an ICC profile, APP14 only as Adobe; every other APPn (EXIF
 * with GPS, XMP, MPF previews), comments, and anything after the end-of-image marker go. The
 * orientation survives as a minimal EXIF block, so phone photos keep standing upright.
 */
function stripJpeg(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  const orientation = jpegOrientation(b);
  if (orientation && orientation !== 1) parts.push(orientationApp1(orientation));
  let i = 2;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      parts.push(b.subarray(i, i + 2)); // end of image: whatever follows is dropped
      return concat(parts);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > b.length) return null;
    const len = u16(b, i + 2);
    if (len < 2 || i + 2 + len > b.length) return null;
    const body = i + 4;
    const keep =
      marker === 0xe0 ? startsWith(b, body, 'JFIF\0')
      : marker === 0xe2 ? startsWith(b, body, 'ICC_PROFILE\0')
      : marker === 0xee ? startsWith(b, body, 'Adobe')
      : !(marker >= 0xe0 && marker <= 0xef) && marker !== 0xfe;
    if (keep) parts.push(b.subarray(i, i + 2 + len));
    i += 2 + len;
    if (marker === 0xda) {
      // compressed data up to the next marker that is not a stuffed byte or a restart marker
      let j = i;
      while (j + 1 < b.length && !(b[j] === 0xff && b[j + 1] !== 0x00 && !(b[j + 1]! >= 0xd0 && b[j + 1]! <= 0xd7))) j++;
      if (j + 1 >= b.length) return null;
      parts.push(b.subarray(i, j));
      i = j;
    }
  }
  return null;
}

/** The EXIF orientation (1–8) of a JPEG, or null. */
function jpegOrientation(b: Uint8Array): number | null {
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    const len = u16(b, i + 2);
    if (marker === 0xda || len < 2) return null;
    if (marker === 0xe1 && startsWith(b, i + 4, 'Exif\0\0')) {
      const tiff = i + 10;
      const little = b[tiff] === 0x49;
      const r16 = (at: number) => (little ? b[at]! | (b[at + 1]! << 8) : u16(b, at));
      const r32 = (at: number) => (little ? u32le(b, at) : u32(b, at));
      const ifd = tiff + r32(tiff + 4);
      if (ifd + 2 > i + 2 + len) return null;
      const entries = r16(ifd);
      for (let e = 0; e < entries; e++) {
        const at = ifd + 2 + e * 12;
        if (at + 12 > i + 2 + len) return null;
        if (r16(at) === 0x0112) {
          const value = r16(at + 8);
          return value >= 1 && value <= 8 ? value : null;
        }
      }
      return null;
    }
    i += 2 + len;
  }
  return null;
}

/** An APP1 EXIF segment holding nothing but the orientation tag. */
function orientationApp1(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [...'Exif\0\0'].map((ch) => ch.charCodeAt(0)).concat(tiff);
  const len = body.length + 2;
  return Uint8Array.from([0xff, 0xe1, len >> 8, len & 0xff, ...body]);
}

/** PNG: keep the chunks that draw the image; drop text, EXIF and time chunks. */
function stripPng(b: Uint8Array): Uint8Array | null {
  const KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs', 'bKGD', 'acTL', 'fcTL', 'fdAT']);
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = u32(b, i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    const end = i + 12 + len;
    if (end > b.length) return null;
    if (KEEP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') return concat(parts);
  }
  return null;
}

/** WebP: keep only the chunks that draw the image, up to the RIFF size; clear the EXIF/XMP flags. */
function stripWebp(b: Uint8Array): Uint8Array | null {
  const KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length) return null;
  const parts: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= riffEnd) {
    const type = String.fromCharCode(...b.subarray(i, i + 4));
    const len = u32le(b, i + 4);
    const end = i + 8 + len + (len & 1);
    if (i + 8 + len > riffEnd) return null;
    if (KEEP.has(type)) {
      const chunk = b.slice(i, Math.min(end, riffEnd));
      if (type === 'VP8X') chunk[8] = chunk[8]! & ~0x0c;
      parts.push(chunk);
    }
    i = end;
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/**
 * A checked upload: `bytes` without metadata (a JPEG keeps its orientation as a minimal EXIF
 * block), `width` and `height` as stored (before the orientation is applied), `orientation` the
 * EXIF value (1 = upright; always 1 for PNG and WebP).
 */
export type CheckedImage = { format: ImageFormat; width: number; height: number; orientation: number; bytes: Uint8Array };
export type ImageProblem = 'not_an_image' | 'bad_dimensions';

/**
 * Checks an upload by its content: a JPEG, PNG or WebP whose structure parses, with bounded
 * dimensions, returned without metadata (EXIF with GPS, XMP, comments, text chunks).
 */
export function checkImage(input: Uint8Array): CheckedImage | ImageProblem {
  const format = sniffImage(input);
  if (!format) return 'not_an_image';
  const bytes = format === 'jpg' ? stripJpeg(input) : format === 'png' ? stripPng(input) : stripWebp(input);
  if (!bytes) return 'not_an_image';
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return 'not_an_image';
  }
  const { width = 0, height = 0 } = size;
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    return 'bad_dimensions';
  const orientation = format === 'jpg' ? (jpegOrientation(bytes) ?? 1) : 1;
  return { format, width, height, orientation, bytes };
}

/**
 * A checked JPEG without its orientation block (the one stripJpeg writes right after the SOI
 * marker), for a transformer that is told the rotation itself; other images are returned as they are.
 */
export function withoutOrientation(image: CheckedImage): Uint8Array {
  const b = image.bytes;
  if (image.format !== 'jpg' || b[2] !== 0xff || b[3] !== 0xe1 || !startsWith(b, 6, 'Exif\0\0')) return b;
  return concat([b.subarray(0, 2), b.subarray(4 + u16(b, 4))]);
}

/** The Content-Type of a checked format. */
export const contentTypeOf = (format: ImageFormat) => `image/${format === 'jpg' ? 'jpeg' : format}`;
