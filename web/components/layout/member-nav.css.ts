import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The nav link's count (new likes), capped at 99+; the unread colour. */
export const withBadge = style({ position: 'relative' });
export const badge = style({
  position: 'absolute',
  top: '0.1rem',
  right: '-0.15rem',
  minWidth: '1.25rem',
  height: '1.25rem',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: `color-mix(in srgb, ${vars.color.unread} 85%, ${vars.color.dark})`,
  color: vars.color.surface,
  fontSize: vars.size.xs,
  fontWeight: 700,
  lineHeight: '1.25rem',
  textAlign: 'center',
  pointerEvents: 'none',
});
