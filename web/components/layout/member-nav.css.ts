import { style } from '@vanilla-extract/css';
import { bp } from '../../styles/theme.css';
import { countBadge } from '../ui/badge.css';

/** The nav link's count (new likes), capped at 99+; the unread colour. */
export const withBadge = style({ position: 'relative' });
export const badge = style([
  countBadge,
  { position: 'absolute', top: '0.1rem', right: '-0.15rem', pointerEvents: 'none' },
]);
/** The links' words (search, messages, likes) from 992 px; below, icons (the words stay for screen readers). */
export const label = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  '@media': { [bp.lg]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto' } },
});
