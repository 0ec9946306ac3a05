import type { PhotoRef } from '../../worker/contracts/common';
import { useSettings } from './boot';

/** The widths of a photo's versions (worker/lib/photo-versions.ts: at most 1600 and 400 px on the long side). */
const THUMB_W = 400;
const DISPLAY_W = 1600;
/** The same versions' widths for an upright 3:4 photo (a phone's), the shape portrait tiles show: 300 and 1200 px wide. */
const TILE_THUMB_W = 300;
const TILE_DISPLAY_W = 1200;

type Versions = Pick<PhotoRef, 'match' | 'thumb_filename'>;

/**
 * URLs of a photo's versions under the site's cdn_prefix: `thumb` for tiles, cards, lists,
 * avatars and chat (a phone never downloads more than a thumbnail there), and `large` for an
 * image that fills a column or the screen: the thumbnail or the display version, chosen by the
 * browser from `srcSet` and the `sizes` the caller knows.
 */
export function usePhotoUrls() {
  const { cdn_prefix } = useSettings();
  return {
    thumb: (p: Versions) => `${cdn_prefix}${p.thumb_filename}`,
    display: (p: Versions) => `${cdn_prefix}${p.match}`,
    large: (p: Versions, sizes: string) => ({
      src: `${cdn_prefix}${p.thumb_filename}`,
      srcSet: `${cdn_prefix}${p.thumb_filename} ${THUMB_W}w, ${cdn_prefix}${p.match} ${DISPLAY_W}w`,
      sizes,
    }),
    /**
     * A portrait tile (3:4, the photo covering it): the thumbnail where the tile is at most its
     * 300 px width at the screen's density, else the display version, never upscaled.
     */
    tile: (p: Versions, sizes: string) => ({
      src: `${cdn_prefix}${p.thumb_filename}`,
      srcSet: `${cdn_prefix}${p.thumb_filename} ${TILE_THUMB_W}w, ${cdn_prefix}${p.match} ${TILE_DISPLAY_W}w`,
      sizes,
    }),
  };
}
