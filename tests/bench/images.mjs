// The upload check (worker/lib/images.ts, checkImage) against crafted files, in Node: time and
// memory of the worst-case crafted JPEGs, WebP and PNG next to a normal 10 MB phone photo.
// Goal (issue 12): crafted files refused within 2× the normal photo's time and under 20 MB of
// extra memory. Every crafted file of tests/worker/image-abuse.test.ts has its row: that test
// checks the answers in workerd, whose clock does not move during CPU work, so their time is
// measured here, in Node, where it does. Part of `npm run bench`; alone: `node tests/bench/images.mjs`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import sharp from 'sharp';
import { phonePhoto } from '../../scripts/lib/phone-photo.mjs';

const DIR = '.wrangler/bench-images';
const RUNS = 7;

/** checkImage and the crafted-file makers, bundled from their TypeScript for Node. */
async function load() {
  mkdirSync(DIR, { recursive: true });
  const entry = `${DIR}/entry.ts`;
  writeFileSync(entry, "export * from '../../worker/lib/images';\nexport * from '../../tests/worker/crafted-images';\n");
  const outfile = `${DIR}/images.mjs`;
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'warning' });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

/** A 5000×4000 phone photo at quality 95 (about 10 MB, EXIF with GPS), made once and kept. */
async function normalPhoto() {
  const file = `${DIR}/phone-5000x4000-q95-v1.jpg`;
  if (!existsSync(file)) writeFileSync(file, await phonePhoto({ seed: 7, width: 5000, height: 4000, quality: 95 }));
  return new Uint8Array(readFileSync(file));
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const heap = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** Median time and largest memory growth of checkImage over RUNS calls (after one warm-up). */
async function measure(checkImage, bytes) {
  checkImage(bytes);
  const times = [];
  let extra = 0;
  let result;
  for (let i = 0; i < RUNS; i++) {
    result = undefined;
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20)); // large buffers are released after the collection
    gc();
    const before = heap();
    const t = performance.now();
    result = checkImage(bytes);
    times.push(performance.now() - t);
    extra = Math.max(extra, heap() - before); // the result is still held: its bytes count
  }
  times.sort((a, b) => a - b);
  return {
    ms: times[Math.floor(RUNS / 2)],
    mb: extra / 1024 / 1024,
    answer: typeof result === 'string' ? result : `accepted ${result.width}×${result.height}`,
  };
}

export async function imagesBench() {
  const m = await load();
  const fixture = (name) => new Uint8Array(readFileSync(`tests/fixtures/${name}`));
  const jpg = fixture('photo.jpg'),
    png = fixture('photo.png'),
    webp = fixture('large.webp');
  const photo = await normalPhoto();
  const normal = await measure(m.checkImage, photo);
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  const rows = [
    {
      name: 'checkImage, normal phone photo (ms)',
      value: normal.ms.toFixed(1),
      goal: '',
      note: `${mb(photo.length)} MB 5000×4000 JPEG: ${normal.answer}; median of ${RUNS}`,
    },
    {
      name: 'checkImage, normal phone photo, extra memory (MB)',
      value: normal.mb.toFixed(1),
      goal: '',
      note: 'its metadata-free copy included',
    },
  ];
  const crafted = [
    ['JPEG of 2.6 million empty segments', m.jpegOfTinySegments(jpg)],
    ['JPEG with a scan of 5 million stuffed bytes and restarts', m.jpegOfEndlessScan(jpg)],
    ['WebP of 1.3 million empty chunks', m.webpOfEmptyChunks(webp)],
    ['PNG of 800,000 empty chunks', m.pngOfEmptyChunks(png)],
    ['1 KB JPEG declaring 8000×5000', m.jpegDeclaring(jpg, 8000, 5000)],
    ['8 KB PNG declaring 4000×4000', m.pngDeclaring(png, 4000, 4000)],
    [
      'small WebP whose frame declares 8000×5000',
      m.webpDeclaring(new Uint8Array(await sharp(jpg).webp({ quality: 80 }).toBuffer()), 8000, 5000),
    ],
    ['WebP whose canvas is not its frame', m.webpOnCanvas(webp, 4000, 4000)],
    ['PNG declaring 9000×9000', m.pngDeclaring(png, 9000, 9000)],
  ];
  const timeGoal = 2 * normal.ms;
  for (const [what, bytes] of crafted) {
    const r = await measure(m.checkImage, bytes);
    const refused = !r.answer.startsWith('accepted');
    rows.push({
      name: `checkImage, ${what} (ms)`,
      value: r.ms.toFixed(1),
      goal: `≤ ${timeGoal.toFixed(1)}`,
      note: `${r.ms <= timeGoal && refused ? 'met' : 'NOT met'}: ${mb(bytes.length)} MB, ${r.answer}`,
    });
    rows.push({
      name: `checkImage, ${what}, extra memory (MB)`,
      value: r.mb.toFixed(2),
      goal: '< 20',
      note: r.mb < 20 ? 'met' : 'NOT met',
    });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const r of await imagesBench()) console.log(`| ${r.name} | ${r.value} | ${r.goal} | ${r.note} |`);
}
