import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const form = style({ display: 'grid', gap: vars.space.md });
export const field = style({ display: 'grid', gap: vars.space.xs, border: 0, padding: 0, margin: 0, minWidth: 0 });
export const label = style({ fontWeight: 600, fontSize: vars.size.sm, padding: 0 });
const control = {
  width: '100%',
  minHeight: '48px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  transition: 'border-color 150ms',
  selectors: {
    '&:focus': { borderColor: vars.color.primary, outline: 'none' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
} as const;
export const input = style(control);
export const textarea = style({ ...control, minHeight: '9rem', resize: 'vertical' });
export const hint = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.muted });
export const error = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.danger, fontWeight: 600 });
export const compact = style({ paddingLeft: vars.space.sm, paddingRight: vars.space.xs, fontSize: vars.size.sm });
export const row = style({ display: 'grid', gridTemplateColumns: '1fr 1.4fr 1.2fr', gap: vars.space.sm });
export const alert = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  background: `color-mix(in srgb, ${vars.color.danger} 9%, ${vars.color.surface})`,
  color: vars.color.text,
  fontWeight: 600,
});
export const notice = style([
  alert,
  {
    borderLeftColor: vars.color.success,
    background: `color-mix(in srgb, ${vars.color.success} 10%, ${vars.color.surface})`,
  },
]);
/** Option cards in one grid: equal widths, columns lined up however many options a row holds. */
export const choices = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))', gap: vars.space.sm });
/** Stacked choices, one per row (after `choices`: its columns are overridden). */
export const vertical = style({ gridTemplateColumns: '1fr' });
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  fontWeight: 600,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 8%, ${vars.color.surface})`,
    },
  },
});
export const radio = style({ accentColor: vars.color.primary, width: '1.2rem', height: '1.2rem', margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', marginTop: vars.space.sm });
export const small = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.muted });
