import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const table = style({ width: '100%', borderCollapse: 'collapse', margin: `0 0 ${vars.space.md}` });
export const head = style({
  textAlign: 'left',
  fontSize: vars.size.sm,
  color: vars.color.muted,
  fontWeight: 600,
  padding: `${vars.space.xs} 0`,
});
export const channel = style([head, { textAlign: 'center', width: '4.5rem' }]);
export const row = style({ borderTop: `1px solid ${vars.color.border}` });
export const type = style({ padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} 0`, fontWeight: 600, textAlign: 'left' });
export const cell = style({ textAlign: 'center', padding: `${vars.space.sm} 0` });
export const check = style({ width: '1.35rem', height: '1.35rem', accentColor: vars.color.primary, cursor: 'pointer', margin: 0 });
export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 700,
  cursor: 'pointer',
  minHeight: '44px',
});
export const premium = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, marginTop: vars.space.sm });
export const warn = style({
  background: `color-mix(in srgb, ${vars.color.warning} 14%, ${vars.color.surface})`,
  border: `1px solid color-mix(in srgb, ${vars.color.warning} 45%, ${vars.color.surface})`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
});
