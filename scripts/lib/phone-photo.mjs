// Phone-like photos for demo data, benchmarks and tests: large JPEGs with a camera's EXIF (make,
// model, time, GPS, orientation), made offline and deterministically from a seed. No photos of
// real people exist on these machines, so the picture is drawn: a portrait (head and shoulders
// against a soft background) with sensor-like noise, which gives the byte sizes a real 12 MP
// phone photo has (3 to 6 MB).
import sharp from 'sharp';

const xorshift = (seed) => {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
};

/** The upright picture, small (width/8 × height/8), as raw RGB. */
function sketch(seed, width, height) {
  const r = xorshift(seed * 2654435761);
  const hue = r();
  const hsl = (h, s, l) => {
    const k = (n) => (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return [0, 8, 4].map((n) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)))));
  };
  const bgTop = hsl(hue, 0.35, 0.75),
    bgBottom = hsl((hue + 0.1) % 1, 0.3, 0.45);
  const skin = hsl(0.06 + r() * 0.03, 0.45, 0.45 + r() * 0.25);
  const hair = hsl(0.08, 0.4, 0.1 + r() * 0.5);
  const shirt = hsl((hue + 0.5) % 1, 0.5, 0.35 + r() * 0.2);
  const out = Buffer.alloc(width * height * 3);
  const cx = width * (0.44 + r() * 0.12),
    headY = height * (0.36 + r() * 0.04),
    headR = width * (0.15 + r() * 0.03);
  const longHair = r() < 0.5;
  const bokeh = Array.from({ length: 7 }, () => ({
    x: r() * width,
    y: r() * height * 0.7,
    rad: width * (0.04 + r() * 0.08),
    c: hsl((hue + r() * 0.2) % 1, 0.5, 0.85),
  }));
  const mix = (a, b, t) => a.map((v, i) => v * (1 - t) + b[i] * t);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y / height;
      let c = mix(bgTop, bgBottom, t);
      for (const b of bokeh) {
        const d = Math.hypot(x - b.x, y - b.y) / b.rad;
        if (d < 1) c = mix(c, b.c, 0.35 * (1 - d * d));
      }
      const dx = (x - cx) / headR,
        dy = (y - headY) / (headR * 1.3);
      // hair behind the head (long hair falls to the shoulders)
      const hx = (x - cx) / (headR * 1.25),
        hy = (y - (headY - headR * 0.15)) / (headR * (longHair ? 2.2 : 1.45));
      if (hx * hx + hy * hy < 1 && (longHair || y < headY + headR * 0.6)) c = hair;
      // neck and shoulders, rounded
      if (Math.abs(x - cx) < headR * 0.42 && y > headY && y < height * 0.7) c = mix(skin, [0, 0, 0], 0.12);
      const sy = (y - height * 0.78) / (height * 0.2),
        sx = (x - cx) / (width * 0.42);
      if (sx * sx + sy * sy < 1 || (y > height * 0.78 && Math.abs(x - cx) < width * 0.42)) c = shirt;
      if (dx * dx + dy * dy < 1) {
        // the face, lit from the upper left
        const light = 0.85 + 0.3 * (1 - Math.hypot(dx + 0.4, dy + 0.4) / 2);
        c = skin.map((v) => Math.min(255, v * light));
        if (y < headY - headR * 0.75) c = hair; // fringe
      }
      const o = (y * width + x) * 3;
      out[o] = c[0];
      out[o + 1] = c[1];
      out[o + 2] = c[2];
    }
  }
  return out;
}

/**
 * A JPEG like a phone makes: `width`×`height` as the viewer sees it; with orientation 6 the pixels
 * are stored turned (landscape for a portrait) and the EXIF says how to stand them up, as phones do.
 * @param {{ seed: number, width?: number, height?: number, orientation?: 1 | 6, quality?: number, noise?: number }} options
 */
export async function phonePhoto({ seed, width = 3000, height = 4000, orientation = 1, quality = 92, noise = 28 }) {
  const sw = Math.max(8, Math.round(width / 8)),
    sh = Math.max(8, Math.round(height / 8));
  const raw = await sharp(sketch(seed, sw, sh), { raw: { width: sw, height: sh, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(1.2)
    .raw()
    .toBuffer();
  // detail that survives scaling down (fabric, hair, leaves: what makes a real photo's versions
  // weigh what they do), then sensor noise that does not
  const tw = Math.ceil(width / 6),
    th = Math.ceil(height / 6);
  const rt = xorshift(seed + 5);
  const coarse = Buffer.alloc(tw * th);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.round(rt() * 255);
  const texture = await sharp(coarse, { raw: { width: tw, height: th, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const r = xorshift(seed + 17);
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i] + (texture[(i / 3) | 0] - 128) * 0.22 + (r() - 0.5) * noise;
    raw[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (orientation === 6) img = sharp(await img.rotate(270).raw().toBuffer(), { raw: { width: height, height: width, channels: 3 } });
  const when = new Date(Date.UTC(2026, 5, 1) + seed * 3_600_000).toISOString().replace('T', ' ').replace(/-/g, ':').slice(0, 19);
  return img
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 14', Software: '17.5.1', DateTime: when },
      IFD2: { DateTimeOriginal: when, LensModel: 'iPhone 14 back dual wide camera 5.7mm f/1.5' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 5678/100' },
    })
    .withMetadata({ orientation })
    .toBuffer();
}
