// Makes the landers' video (web/public/lander/reel.webm) and its poster (reel-poster.webp) from
// the site's own demo photos (scripts/lib/demo-photos.mjs): slow zooms and cross-fades between
// six profile pictures, 8 seconds, 540×720, VP9 without sound. No ffmpeg on the machine: the
// frames are drawn on a canvas in Debian's Chromium and recorded with MediaRecorder.
//   node scripts/make-lander-video.mjs              # make it (again)
//   node scripts/make-lander-video.mjs --if-missing # what npm run build runs: nothing when both files exist
// Both files are committed (about 0.4 MB together), so a build never needs Chromium for them.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { demoPhotoPool } from './lib/demo-photos.mjs';

const OUT = 'web/public/lander';
const VIDEO = `${OUT}/reel.webm`;
const POSTER = `${OUT}/reel-poster.webp`;
const W = 540;
const H = 720;
const SECONDS = 8;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (process.argv.includes('--if-missing') && existsSync(VIDEO) && existsSync(POSTER)) process.exit(0);
if (!existsSync(CHROMIUM)) {
  console.error(`make-lander-video: Chromium is needed at ${CHROMIUM} (or CHROMIUM_PATH) to record the video`);
  process.exit(1);
}

// six pictures at the video's size (smoothed: the phone photos' grain would cost bits, not looks)
const pool = (await demoPhotoPool(12)).filter((_, i) => i % 2 === 0).slice(0, 6);
const frames = await Promise.all(
  pool.map(async (p) =>
    (
      await sharp(p.display)
        .resize(W * 1.2, H * 1.2, { fit: 'cover' })
        .blur(1.2)
        .jpeg({ quality: 88 })
        .toBuffer()
    ).toString('base64'),
  ),
);
mkdirSync(OUT, { recursive: true });
writeFileSync(POSTER, await sharp(Buffer.from(frames[0], 'base64')).resize(W, H, { fit: 'cover' }).webp({ quality: 70 }).toBuffer());

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(
    async ({ frames, W, H, SECONDS }) => {
      const images = await Promise.all(
        frames.map(
          (b64) =>
            new Promise((resolve, reject) => {
              const img = new Image();
              img.onload = () => resolve(img);
              img.onerror = reject;
              img.src = `data:image/jpeg;base64,${b64}`;
            }),
        ),
      );
      const canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      const ctx = canvas.getContext('2d');
      const per = SECONDS / images.length; // seconds each picture leads
      const fade = 0.5;
      const draw = (img, t, alpha) => {
        // a slow zoom in, alternating towards the left and the right
        const k = 1 + 0.12 * Math.min(1, Math.max(0, t / (per + fade)));
        const w = W * k;
        const h = H * k;
        ctx.globalAlpha = alpha;
        ctx.drawImage(img, (W - w) / 2 + (images.indexOf(img) % 2 ? -1 : 1) * (k - 1) * 60, (H - h) / 2, w, h);
      };
      const paint = (time) => {
        const i = Math.min(images.length - 1, Math.floor(time / per));
        const local = time - i * per;
        ctx.globalAlpha = 1;
        ctx.fillStyle = '#1d1512';
        ctx.fillRect(0, 0, W, H);
        draw(images[i], local + fade, 1);
        // the next picture fades in over the last half second (the last fades back into the first: a seamless loop)
        if (local > per - fade) draw(images[(i + 1) % images.length], local - (per - fade), (local - (per - fade)) / fade);
        ctx.globalAlpha = 1;
      };
      paint(0);
      const stream = canvas.captureStream(24);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 350_000 });
      const chunks = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      const start = performance.now();
      await new Promise((resolve) => {
        const tick = () => {
          const time = (performance.now() - start) / 1000;
          if (time >= SECONDS) return resolve();
          paint(time);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      recorder.stop();
      await stopped;
      const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let s = '';
      for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { frames, W, H, SECONDS },
  );
  writeFileSync(VIDEO, Buffer.from(base64, 'base64'));
  console.log(`make-lander-video: ${VIDEO} (${(Buffer.byteLength(base64, 'base64') / 1024).toFixed(0)} KB), ${POSTER}`);
} finally {
  await browser.close();
}
