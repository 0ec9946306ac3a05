import type { HeroArt as Kind } from '../../../worker/contracts/theme.values';
import * as s from './landing-page.css';

const HEART =
  'M0 18s-34-20-34-45c0-12.7 9.7-22.5 21.5-22.5 5.5 0 9.5 2.5 12.5 6.3 3-3.8 7-6.3 12.5-6.3 11.8 0 21.5 9.8 21.5 22.5 0 25-34 45-34 45z';

/** The niche's drawing on the front card: in the site's colours (CSS variables), no request of its own. */
function Motif({ kind }: { kind: Kind }) {
  switch (kind) {
    case 'mask':
      return (
        <g transform="translate(260 165)">
          <path
            className={s.artPrimary}
            d="M-78-14c18-20 52-16 78 2 26-18 60-22 78-2 6 30-10 52-34 52-20 0-30-14-44-14s-24 14-44 14c-24 0-40-22-34-52z"
          />
          <ellipse className={s.artDark} cx="-36" cy="8" rx="17" ry="10" />
          <ellipse className={s.artDark} cx="36" cy="8" rx="17" ry="10" />
          <path className={s.artLine} d="M-78-14c-20-6-34 4-48 18M78-14c20-6 34 4 48 18" />
        </g>
      );
    case 'curves':
      return (
        <g>
          <circle className={s.artAccent} cx="225" cy="175" r="46" />
          <circle className={s.artPrimary} cx="290" cy="150" r="56" />
          <g transform="translate(262 168)">
            <path className={s.artLight} d={HEART} transform="scale(0.8)" />
          </g>
        </g>
      );
    case 'rose':
      return (
        <g transform="translate(260 160)">
          <path className={s.artLine} d="M0 40c-4 30 4 50 0 70M0 80c-22-6-34-22-34-22s22-4 34 10" />
          <circle className={s.artPrimary} r="50" />
          <path className={s.artAccent} d="M-30-6c8-26 52-30 60 2-12-10-44-14-60-2zM-24 18c14 18 40 18 52-4-18 8-36 8-52 4z" />
          <path className={s.artLine} d="M-14 0c0-14 26-16 28 0 2 12-16 16-20 6" />
        </g>
      );
    case 'silver':
      return (
        <g transform="translate(260 160)">
          <circle className={s.artAccent} r="54" />
          <path className={s.artPrimary} d="M-46-22l38 18v8l-38 18zM46-22l-38 18v8l38 18z" />
          <rect className={s.artDark} x="-10" y="-10" width="20" height="20" rx="5" />
        </g>
      );
    case 'pride':
      return (
        <g>
          <g transform="translate(236 162)">
            <path className={s.artPrimary} d={HEART} />
          </g>
          <g transform="translate(284 170)">
            <path className={s.artAccent} d={HEART} opacity="0.9" />
          </g>
        </g>
      );
    default:
      return (
        <g>
          <circle className={s.artPrimary} cx="260" cy="160" r="52" />
          <g transform="translate(260 158)">
            <path className={s.artAccent} d={HEART} transform="scale(0.7)" />
          </g>
        </g>
      );
  }
}

/** The landing page's hero art: two profile cards and the niche's motif (tenants: `theme.hero`). */
export function HeroArt({ kind }: { kind: Kind }) {
  return (
    <svg className={s.art} viewBox="0 0 400 360" aria-hidden="true" data-art={kind}>
      <rect x="40" y="40" width="200" height="260" rx="28" className={s.artCardBack} />
      <rect x="160" y="70" width="200" height="260" rx="28" className={s.artCardFront} />
      <Motif kind={kind} />
      <rect x="200" y="250" width="120" height="14" rx="7" className={s.artBarStrong} />
      <rect x="220" y="276" width="80" height="10" rx="5" className={s.artBar} />
      <g transform="translate(100 118)">
        <path className={s.artAccent} d={HEART} transform="scale(0.6)" />
      </g>
    </svg>
  );
}
