import { style } from '@vanilla-extract/css';
import { countBadge } from '../ui/badge.css';

/** The nav link's count (new likes), capped at 99+; the unread colour. */
export const withBadge = style({ position: 'relative' });
export const badge = style([
  countBadge,
  { position: 'absolute', top: '0.1rem', right: '-0.15rem', pointerEvents: 'none' },
]);
