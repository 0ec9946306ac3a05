// Demo photos: phone photos (scripts/lib/phone-photo.mjs, 12 MP JPEGs with EXIF) turned into what
// an upload stores: the display version and the thumbnail (worker/lib/photo-versions.ts), made the
// way the local Images binding makes them (Sharp: orientation applied, scaled to the long side,
// WebP, no metadata). A small pool is made once and kept under .wrangler/demo-photos.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { phonePhoto } from './phone-photo.mjs';

const DIR = '.wrangler/demo-photos';
const VERSION = 1; // bump when the pictures or the versions change

/** A 12-megapixel phone photo (3000×4000 upright; every third one stored turned, orientation 6), cached. */
export async function phonePhotoCached(seed) {
  mkdirSync(DIR, { recursive: true });
  const file = `${DIR}/v${VERSION}-phone-${seed}.jpg`;
  if (existsSync(file)) return readFileSync(file);
  const bytes = await phonePhoto({ seed, orientation: seed % 3 === 0 ? 6 : 1 });
  writeFileSync(file, bytes);
  return bytes;
}

async function versions(original) {
  const make = async (side, quality) => {
    const { data, info } = await sharp(original)
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  };
  return { display: await make(1600, 82), thumb: await make(400, 75) };
}

/**
 * The locked preview of a photo as the worker makes it from the thumbnail (makePreview in worker/lib/photo-versions.ts:
 * 16 px on the long side, WebP, a `data:` URI). A few milliseconds from the 400 px thumbnail, so made on every seed.
 */
async function previewOf(thumb) {
  const data = await sharp(thumb).resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}

/**
 * The pool: `count` demo photos as display version, thumbnail and locked preview, the versions made once. `onMade(done, count, drawn)`
 * after each photo (`drawn`: made now rather than read from the cache).
 */
export async function demoPhotoPool(count = 12, onMade = () => {}) {
  mkdirSync(DIR, { recursive: true });
  let done = 0;
  const one = async (seed) => {
    const base = `${DIR}/v${VERSION}-demo-${seed}`;
    const drawn = !existsSync(`${base}.json`);
    if (drawn) {
      const v = await versions(await phonePhotoCached(seed));
      writeFileSync(`${base}.webp`, v.display.bytes);
      writeFileSync(`${base}-t.webp`, v.thumb.bytes);
      writeFileSync(`${base}.json`, JSON.stringify({ width: v.display.width, height: v.display.height }));
    }
    const { width, height } = JSON.parse(readFileSync(`${base}.json`, 'utf8'));
    const thumb = readFileSync(`${base}-t.webp`);
    onMade(++done, count, drawn);
    return { display: readFileSync(`${base}.webp`), thumb, width, height, preview: await previewOf(thumb) };
  };
  const pool = [];
  // two at a time: Sharp's work runs beside the drawing of the next
  for (let seed = 1; seed <= count; seed += 2)
    pool.push(...(await Promise.all([one(seed), ...(seed + 1 <= count ? [one(seed + 1)] : [])])));
  return pool;
}
