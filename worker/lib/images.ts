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

/** JPEG: drop EXIF/XMP (APP1), other APPn and comments; keep JFIF (APP0), ICC (APP2), Adobe (APP14). */
function stripJpeg(b: Uint8Array): Uint8Array | null {
  const KEEP = new Set([0xe0, 0xe2, 0xee]);
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    const len = u16(b, i + 2);
    if (len < 2 || i + 2 + len > b.length) return null;
    if (marker === 0xda) {
      parts.push(b.subarray(i)); // start of scan: the image data and EOI follow as they are
      return concat(parts);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && !KEEP.has(marker)) && marker !== 0xfe) parts.push(b.subarray(i, i + 2 + len));
    i += 2 + len;
  }
  return null;
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

/** WebP: drop the EXIF and XMP chunks and clear their flags in VP8X. */
function stripWebp(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const type = String.fromCharCode(...b.subarray(i, i + 4));
    const len = u32le(b, i + 4);
    const end = i + 8 + len + (len & 1);
    if (i + 8 + len > b.length) return null;
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = b.slice(i, Math.min(end, b.length));
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

export type CheckedImage = { format: ImageFormat; width: number; height: number; bytes: Uint8Array };
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
  return { format, width, height, bytes };
}
