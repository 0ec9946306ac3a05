import { AppError } from './errors';
import { webpImageOnly, withoutOrientation, type CheckedImage } from './images';

/** The long side of a photo's display version (the photo viewer) and of its thumbnail (tiles, cards, lists, chat). */
export const DISPLAY_SIDE = 1600;
export const THUMB_SIDE = 400;
/**
 * The long side of a locked photo's preview (docs/decisions/189-locked-photo-previews.md): 16 px keeps a colour
 * and a shape and nothing a person could be recognised by; the web shows it scaled up under a CSS blur.
 */
export const PREVIEW_SIDE = 16;
/** A thumbnail above this many bytes is made again at a lower quality. */
export const THUMB_MAX_BYTES = 40 * 1024;
/** The versions' format: WebP, smaller than JPEG at the same quality and shown by every browser we serve. */
export const VERSION_TYPE = 'image/webp';

export type Version = { bytes: Uint8Array; width: number; height: number };
/** The versions of a photo, and its locked preview (a `data:` URI, see makePreview). */
export type PhotoVersions = { display: Version; thumb: Version; preview: string };

/** Rotation (clockwise, applied first) and flip that make an EXIF orientation upright. */
const UPRIGHT: Record<number, { rotate: 0 | 90 | 180 | 270; flip?: 'h' | 'v' }> = {
  1: { rotate: 0 },
  2: { rotate: 0, flip: 'h' },
  3: { rotate: 180 },
  4: { rotate: 0, flip: 'v' },
  5: { rotate: 90, flip: 'h' },
  6: { rotate: 90 },
  7: { rotate: 90, flip: 'v' },
  8: { rotate: 270 },
};

/** The size of a version: the upright photo scaled down (never up) to `side` on its long side. */
export function fitWithin(width: number, height: number, side: number) {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Thrown when the image service cannot decode a photo that passed the structural check. */
export class UndecodableImage extends Error {}

/**
 * Thrown when the image service itself fails (a lost connection, an internal error): the photo is
 * not at fault, so the member is asked to try again (503) instead of being told it is no image.
 */
export class ImageServiceFailed extends Error {}

/**
 * The binding's refusals of the input carry an Images error code in the 94xx range (9412: not an
 * image, 9413: too many pixels, ...); anything else thrown is the service failing.
 */
const inputRefused = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 9400 && code < 9500;
};

async function version(images: ImagesBinding, bytes: Uint8Array, image: CheckedImage, side: number, quality: number): Promise<Version> {
  const { rotate, flip } = UPRIGHT[image.orientation] ?? UPRIGHT[1]!;
  const upright =
    rotate === 90 || rotate === 270 ? { width: image.height, height: image.width } : { width: image.width, height: image.height };
  const size = fitWithin(upright.width, upright.height, side);
  // Only the width is given (the height follows the aspect ratio): Sharp, which runs the binding
  // locally, would letterbox to a box of both; `fit` is honoured by the real service only.
  let t = images.input(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());
  if (rotate) t = t.transform({ rotate });
  if (flip) t = t.transform({ flip });
  if (size.width !== upright.width) t = t.transform({ width: size.width, fit: 'scale-down' });
  let made: Uint8Array;
  try {
    const out = await t.output({ format: VERSION_TYPE, quality });
    made = new Uint8Array(await out.response().arrayBuffer());
  } catch (error) {
    throw inputRefused(error) ? new UndecodableImage(String(error)) : new ImageServiceFailed(String(error));
  }
  // only the image chunks are stored, whatever else the service might write (README, "Photos");
  // nothing usable back (local Sharp answers 0 bytes for pixels it cannot decode) is the photo's fault
  const imageOnly = webpImageOnly(made);
  if (!imageOnly) throw new UndecodableImage(`no still WebP came back (${made.length} bytes)`);
  return { bytes: imageOnly, ...size };
}

/**
 * The display version (at most 1600 px, quality 82) and thumbnail (at most 400 px and about
 * 40 KB) of a checked upload, upright (its EXIF orientation applied by an explicit rotation, so
 * the service never guesses) and without metadata: they are new encodings of the pixels only.
 */
export async function makeVersions(images: ImagesBinding, image: CheckedImage): Promise<PhotoVersions> {
  const bytes = withoutOrientation(image);
  const [display, first] = await Promise.all([
    version(images, bytes, image, DISPLAY_SIDE, 82),
    version(images, bytes, image, THUMB_SIDE, 75),
  ]);
  const thumb = first.bytes.length > THUMB_MAX_BYTES ? await version(images, bytes, image, THUMB_SIDE, 55) : first;
  return { display, thumb, preview: await makePreview(images, thumb) };
}

/** Bytes as base64 (small inputs only: a preview is a few hundred bytes). */
const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/**
 * The locked preview of a photo, made from its thumbnail (already upright and without metadata): the picture
 * scaled down to PREVIEW_SIDE px on its long side, a new WebP of its image chunks only, as a
 * `data:image/webp;base64,` URI to store on the photo's row and send with the profile. Throws as `version` does.
 */
export async function makePreview(images: ImagesBinding, thumb: Version): Promise<string> {
  const size = fitWithin(thumb.width, thumb.height, PREVIEW_SIDE);
  let made: Uint8Array;
  try {
    const out = await images
      .input(new Blob([thumb.bytes as Uint8Array<ArrayBuffer>]).stream())
      .transform({ width: size.width, fit: 'scale-down' })
      .output({ format: VERSION_TYPE, quality: 40 });
    made = new Uint8Array(await out.response().arrayBuffer());
  } catch (error) {
    throw inputRefused(error) ? new UndecodableImage(String(error)) : new ImageServiceFailed(String(error));
  }
  const imageOnly = webpImageOnly(made);
  if (!imageOnly) throw new UndecodableImage(`no still WebP came back for the preview (${made.length} bytes)`);
  return `data:${VERSION_TYPE};base64,${base64(imageOnly)}`;
}

/** R2 keys of a photo's versions: `<base>.webp` (display) and `<base>-t.webp` (thumbnail). */
export const versionKeys = (base: string) => ({ display: `${base}.webp`, thumb: `${base}-t.webp` });

/**
 * makeVersions for an upload: a photo the service cannot decode is refused like any other bad
 * image (400); a failing service answers 503 `photo_service_unavailable` (try again), nothing stored.
 */
export async function versionsOf(images: ImagesBinding, image: CheckedImage): Promise<PhotoVersions> {
  try {
    return await makeVersions(images, image);
  } catch (error) {
    if (error instanceof UndecodableImage) throw new AppError('invalid_photo', 400);
    if (error instanceof ImageServiceFailed) {
      console.warn(`photo versions: the image service failed: ${error.message}`);
      throw new AppError('photo_service_unavailable', 503);
    }
    throw error;
  }
}

/** Puts both versions in R2 (WebP, never to be sniffed as anything else). */
export async function storeVersions(bucket: R2Bucket, keys: { display: string; thumb: string }, versions: PhotoVersions) {
  const httpMetadata = { contentType: VERSION_TYPE };
  await Promise.all([
    bucket.put(keys.display, versions.display.bytes, { httpMetadata }),
    bucket.put(keys.thumb, versions.thumb.bytes, { httpMetadata }),
  ]);
}
