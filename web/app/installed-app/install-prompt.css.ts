import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const prompt = style({
  position: 'fixed',
  insetInline: vars.space.sm,
  bottom: `calc(${vars.space.sm} + env(safe-area-inset-bottom))`,
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.modal,
  '@media': { [bp.md]: { insetInline: 'auto', right: vars.space.lg, bottom: vars.space.lg, maxWidth: '26rem' } },
});
export const icon = style({ width: '48px', height: '48px', flexShrink: 0 });
export const body = style({ flex: 1, minWidth: 0 });
export const title = style({ margin: 0, fontWeight: 700, fontSize: vars.size.md });
export const text = style({ margin: `${vars.space.xs} 0 ${vars.space.sm}`, fontSize: vars.size.sm, color: vars.color.muted });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
