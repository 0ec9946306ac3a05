// Test images from tests/fixtures, inlined by Vite (workerd has no file system).
import gpsJpg from '../fixtures/gps.jpg?inline';
import photoJpg from '../fixtures/photo.jpg?inline';
import photoPng from '../fixtures/photo.png?inline';
import polyglotJpg from '../fixtures/polyglot.jpg?inline';

const decode = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));

export const fixtures = {
  png: decode(photoPng),
  jpg: decode(photoJpg),
  gpsJpg: decode(gpsJpg),
  polyglotJpg: decode(polyglotJpg),
};
