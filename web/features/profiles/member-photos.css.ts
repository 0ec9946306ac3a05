import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const gallery = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const stage = style({
  position: 'relative',
  aspectRatio: '3 / 4',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.background,
  boxShadow: vars.shadow.card,
});
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
/** The large photo is a button: it opens the photo viewer. */
export const open = style({
  display: 'block',
  width: '100%',
  height: '100%',
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'zoom-in',
});
export const locked = style({
  position: 'relative',
  display: 'grid',
  height: '100%',
  overflow: 'hidden',
  background: `linear-gradient(160deg, ${vars.color.dark}, color-mix(in srgb, ${vars.color.secondary} 60%, ${vars.color.dark}))`,
  color: vars.color.darkText,
});
/**
 * A locked photo's preview: 16 px from the server, drawn large and blurred (its edges pulled in by the scale, so the
 * blur does not fade to the tile's background at the sides).
 */
export const preview = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  filter: 'blur(12px) saturate(1.2)',
  transform: 'scale(1.2)',
});
/** The reason and the button, over the preview behind a shade that keeps the white text readable. */
export const lockedBody = style({
  position: 'relative',
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  textAlign: 'center',
  background: `color-mix(in srgb, ${vars.color.dark} 55%, transparent)`,
});
export const lockIcon = style({ width: '3rem', height: '3rem', color: vars.color.primary });
export const lockedText = style({ margin: 0, fontWeight: 700, fontSize: vars.size.lg, textShadow: `0 1px 3px ${vars.color.dark}` });
export const thumbs = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: 0,
  padding: `0 0 ${vars.space.xs}`,
  listStyle: 'none',
  overflowX: 'auto',
});
export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  position: 'relative',
  width: '4rem',
  height: '4rem',
  padding: 0,
  border: `3px solid transparent`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.dark,
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.primary }, '&:hover': { borderColor: vars.color.secondary } },
});
export const thumbLock = style({ position: 'relative', width: '1.5rem', height: '1.5rem' });
/** "Report this photo": small and quiet under the photo shown, at its right. */
export const report = style({
  justifySelf: 'end',
  padding: `${vars.space.xs} 0`,
  border: 0,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.size.xs,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  selectors: { '&:hover': { color: vars.color.text } },
});
