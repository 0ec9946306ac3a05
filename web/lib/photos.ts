import type { PhotoRef } from '../../worker/contracts/common';
import { useSettings } from './boot';

/** The widths of a photo's versions (worker/lib/photo-versions.ts: at most 1600 and 400 px on the long side). */
const THUMB_W = 400;
const DISPLAY_W = 1600;

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
  };
}
