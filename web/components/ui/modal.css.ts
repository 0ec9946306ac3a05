import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(20, 12, 6, 0.72)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  zIndex: 1000,
  backdropFilter: 'blur(6px)',
});

export const dialog = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.modal,
  width: '100%',
  maxWidth: vars.width.modal,
  maxHeight: '90vh',
  overflowY: 'auto',
  padding: vars.space.xl,
  position: 'relative',
  // focused itself only when it holds nothing focusable
  outline: 'none',
  '@media': { 'screen and (max-width: 575px)': { padding: vars.space.lg } },
});

/** A sheet on a phone: at the bottom, full width, its top corners rounded. */
export const sheetBackdrop = style({ '@media': { 'screen and (max-width: 575px)': { alignItems: 'flex-end', padding: 0 } } });
export const sheet = style({
  '@media': {
    'screen and (max-width: 575px)': {
      maxHeight: '88vh',
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
      paddingBottom: `max(${vars.space.lg}, env(safe-area-inset-bottom))`,
    },
  },
});

export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.size.xl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.background, color: vars.color.text } },
});
