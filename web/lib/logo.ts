import { LOGO_HEART } from '../../worker/contracts/brand';

/**
 * The logo as an SVG document of `size` pixels. A maskable icon fills the whole square and keeps
 * the heart inside the central 80 % safe zone (the launcher cuts the corners off).
 */
export function logoSvg(colour: string, size: number, maskable = false): string {
  const heart = maskable
    ? `<g transform="translate(6.4 6.4) scale(0.8)"><path d="${LOGO_HEART}" fill="#fff"/></g>`
    : `<path d="${LOGO_HEART}" fill="#fff"/>`;
  const square = maskable ? `<rect width="64" height="64" fill="${colour}"/>` : `<rect width="64" height="64" rx="14" fill="${colour}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${square}${heart}</svg>`;
}
