import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

const CONTROL = '2.75rem';

export const composer = style({
  padding: `${vars.space.sm} ${vars.space.md} calc(${vars.space.sm} + env(safe-area-inset-bottom, 0px))`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [bp.md]: { padding: `${vars.space.md} ${vars.space.lg}` } },
});
export const row = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm });
export const field = style({
  flex: 1,
  minWidth: 0,
  minHeight: CONTROL,
  maxHeight: '9rem',
  overflowY: 'auto',
  resize: 'none',
  padding: `0.55rem ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: '1.375rem',
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  lineHeight: 1.4,
  transition: 'border-color 150ms, background 150ms',
  selectors: { '&:focus': { outline: 'none', borderColor: vars.color.primary, background: vars.color.surface } },
});
const round = style({
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  width: CONTROL,
  height: CONTROL,
  padding: 0,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  transition: 'background 150ms, border-color 150ms, transform 100ms',
  selectors: { '&:active:not(:disabled)': { transform: 'scale(0.94)' } },
});
export const gift = style([
  round,
  {
    border: `2px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.secondary,
    selectors: { '&:hover': { borderColor: vars.color.primary } },
  },
]);
export const send = style([
  round,
  {
    border: 0,
    background: vars.color.primary,
    color: vars.color.onPrimary,
    boxShadow: '0 4px 12px rgba(255, 153, 0, 0.35)',
    selectors: {
      '&:hover:not(:disabled)': { background: vars.color.primaryHover },
      '&:disabled': { opacity: 0.45, cursor: 'default', boxShadow: 'none' },
    },
  },
]);
export const icon = style({ width: '1.35rem', height: '1.35rem' });
export const price = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `0 ${vars.space.md}`,
  margin: `${vars.space.xs} 0 0`,
  paddingLeft: `calc(${CONTROL} + ${vars.space.sm})`,
  fontSize: vars.size.xs,
  color: vars.color.muted,
});
export const cost = style({ fontWeight: 700, color: vars.color.text });
export const free = style({ fontWeight: 700, color: vars.color.success });
export const balance = style({});
export const count = style({ marginLeft: 'auto' });
