import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const text = style({ color: vars.color.muted, margin: `0 0 ${vars.space.md}` });
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  fontSize: vars.size.lg,
  marginBottom: vars.space.md,
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  justifyContent: 'flex-end',
});
