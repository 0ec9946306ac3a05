import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.35em',
  fontSize: vars.size.sm,
  fontWeight: 700,
  color: vars.color.success,
  verticalAlign: 'middle',
});
/** Recently active: the same badge, muted, with a ring for a dot. */
export const recent = style({ color: vars.color.muted });
export const ring = style({
  width: '0.6em',
  height: '0.6em',
  borderRadius: '50%',
  border: `2px solid ${vars.color.success}`,
  boxSizing: 'border-box',
});
export const dot = style({
  width: '0.6em',
  height: '0.6em',
  borderRadius: '50%',
  background: vars.color.success,
  boxShadow: `0 0 0 2px color-mix(in srgb, ${vars.color.success} 25%, transparent)`,
});
