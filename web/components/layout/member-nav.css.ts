import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';
import { countBadge } from '../ui/badge.css';

/** The nav link's count (new likes), capped at 99+; the unread colour. */
export const withBadge = style({ position: 'relative' });
export const badge = style([countBadge, { position: 'absolute', top: '0.1rem', right: '-0.15rem', pointerEvents: 'none' }]);
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

/** Spec section 2: the credits badge at 10 or fewer, the warning colour above 0 and the danger colour at 0. */
export const creditsLow = style([badge, { background: vars.color.warning, color: vars.color.onPrimary }]);
export const creditsEmpty = style([badge, { background: vars.color.danger, color: '#fff' }]);
/** "Word premium" for free members: the brand's call to action in the bar. */
export const premium = style({
  color: vars.color.primary,
  fontWeight: 700,
  selectors: { '&:hover, &.active': { color: vars.color.primaryHover } },
});
