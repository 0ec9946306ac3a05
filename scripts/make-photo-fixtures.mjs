// Regenerates the larger photo fixtures of the worker tests (tests/fixtures/phone.jpg,
// large.png, large.webp) with scripts/lib/phone-photo.mjs. Run by hand: node scripts/make-photo-fixtures.mjs
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { phonePhoto } from './lib/phone-photo.mjs';

// a phone photo, stored turned with orientation 6 (1512×2016 upright), with make, model and GPS
writeFileSync('tests/fixtures/phone.jpg', await phonePhoto({ seed: 5, width: 1512, height: 2016, orientation: 6, noise: 10, quality: 85 }));
const landscape = await phonePhoto({ seed: 9, width: 2400, height: 1600, noise: 4, quality: 90 });
writeFileSync('tests/fixtures/large.webp', await sharp(landscape).webp({ quality: 80 }).toBuffer());
writeFileSync('tests/fixtures/large.png', await sharp(landscape).resize(1800, 1200).png({ compressionLevel: 9, palette: true }).toBuffer());
