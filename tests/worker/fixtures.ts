// Test images from tests/fixtures, inlined by Vite (workerd has no file system).
import gpsJpg from '../fixtures/gps.jpg?inline';
import orientedJpg from '../fixtures/oriented.jpg?inline';
import photoJpg from '../fixtures/photo.jpg?inline';
import photoPng from '../fixtures/photo.png?inline';
import largePng from '../fixtures/large.png?inline';
import largeWebp from '../fixtures/large.webp?inline';
import phoneJpg from '../fixtures/phone.jpg?inline';
import polyglotJpg from '../fixtures/polyglot.jpg?inline';

const decode = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
const text = (s: string) => new TextEncoder().encode(s);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (out.set(p, o), o + p.length), 0);
  return out;
};
/** A JPEG marker segment with its length. */
const segment = (marker: number, body: Uint8Array) =>
  join(Uint8Array.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body);

const jpg = decode(photoJpg);
const EXIF_GPS_APP1 = (() => {
  const g = decode(gpsJpg);
  // the fixture's first segment after SOI is its EXIF APP1 (piexif writes it there)
  const len = (g[4]! << 8) | g[5]!;
  return g.slice(2, 4 + len);
})();

/** The WebP photo fixture with extra chunks after its image data. */
function webp(...extra: Uint8Array[]) {
  const photo = decode(largeWebp);
  const body = join(photo.slice(8), ...extra);
  const size = body.length;
  return join(text('RIFF'), Uint8Array.from([size & 255, (size >> 8) & 255, (size >> 16) & 255, size >> 24]), body);
}
const riffChunk = (type: string, data: Uint8Array) =>
  join(
    text(type),
    Uint8Array.from([data.length & 255, (data.length >> 8) & 255, 0, 0]),
    data,
    data.length & 1 ? new Uint8Array(1) : new Uint8Array(0),
  );

export const fixtures = {
  png: decode(photoPng),
  jpg,
  gpsJpg: decode(gpsJpg),
  orientedJpg: decode(orientedJpg),
  polyglotJpg: decode(polyglotJpg),
  /** A phone photo (scripts/make-photo-fixtures.mjs): 2016×1512 stored, orientation 6, make, model and GPS in its EXIF. */
  phoneJpg: decode(phoneJpg),
  /** 1800×1200 PNG and 2400×1600 WebP photos. */
  largePng: decode(largePng),
  largeWebp: decode(largeWebp),
  /** HTML after the end-of-image marker. */
  htmlAfterEoi: join(jpg, text('<html><script>alert(1)</script></html>')),
  /** An EXIF APP1 with GPS placed after the scan, before EOI. */
  exifAfterScan: join(jpg.slice(0, jpg.length - 2), EXIF_GPS_APP1, Uint8Array.from([0xff, 0xd9])),
  /** HTML inside an APP2 segment that is not an ICC profile. */
  htmlInApp2: join(jpg.slice(0, 2), segment(0xe2, text('<script>alert(1)</script>')), jpg.slice(2)),
  /** A WebP with an unknown chunk carrying HTML and an EXIF chunk. */
  webpWithHtml: webp(riffChunk('HTML', text('<script>alert(1)</script>')), riffChunk('EXIF', text('Exif\0\0GPS'))),
};
