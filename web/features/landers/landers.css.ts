import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/**
 * The landers' dark bands in the site's palette (decision 185's CSS variables, which the worker writes into every page it
 * serves, the landers' too): the palette's `dark` lit by its primary and accent. On the main site the former orange night.
 */
const c = vars.color;
/** `dark` warmed by a touch of the primary: the top of the night, the moon's shadow. */
const dusk = `color-mix(in srgb, ${c.primary} 6%, ${c.dark})`;
/** A raised surface on `dark`: empty tiles and photo boxes before their photo. */
const raised = `color-mix(in srgb, ${c.primary} 12%, ${c.dark})`;
const night = `radial-gradient(circle at 20% 0%, color-mix(in srgb, ${c.primary} 35%, transparent), transparent 55%), radial-gradient(circle at 90% 30%, color-mix(in srgb, ${c.accent} 28%, transparent), transparent 50%), linear-gradient(180deg, ${dusk}, ${c.dark})`;

/** A lander's page: a dark hero band, then the content band. */
export const page = style({ flex: 1, display: 'flex', flexDirection: 'column', background: vars.color.background });
export const hero = style({
  color: '#fff',
  background: night,
  padding: `${vars.space.xl} ${vars.space.md}`,
  '@media': { [bp.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});
export const heroInner = style({ maxWidth: vars.width.content, margin: '0 auto', textAlign: 'center' });
export const heroSplit = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [bp.md]: { gridTemplateColumns: '1fr 1fr', textAlign: 'left' } },
});
export const eyebrow = style({
  display: 'inline-block',
  fontSize: vars.size.sm,
  fontWeight: 700,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  // on the dark band: the palette's colour for text on dark (the primary fails on some niches' dark)
  color: vars.color.darkAccent,
  marginBottom: vars.space.sm,
});
export const title = style({
  fontSize: 'clamp(1.75rem, 5vw, 3rem)',
  lineHeight: 1.15,
  letterSpacing: '-0.02em',
  margin: `0 0 ${vars.space.md}`,
});
export const text = style({ fontSize: vars.size.lg, opacity: 0.9, maxWidth: '40rem', margin: `0 auto ${vars.space.lg}`, lineHeight: 1.5 });
export const textLeft = style([text, { '@media': { [bp.md]: { marginLeft: 0 } } }]);
export const ctaBox = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm });
export const ctaLeft = style([ctaBox, { '@media': { [bp.md]: { alignItems: 'flex-start' } } }]);
export const ctaNote = style({ fontSize: vars.size.sm, opacity: 0.8, margin: 0 });
export const section = style({
  maxWidth: vars.width.content,
  width: '100%',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
});
export const sectionTitle = style({ fontSize: vars.size.xl, margin: `0 0 ${vars.space.lg}`, textAlign: 'center' });
export const closing = style({
  textAlign: 'center',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
});
export const locked = style({ textAlign: 'center', color: vars.color.muted, margin: `0 0 ${vars.space.lg}` });

/** Profile tiles. */
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [bp.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [bp.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
export const tile = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.dark,
  color: '#fff',
  aspectRatio: '3 / 4',
  textDecoration: 'none',
  cursor: 'pointer',
  boxShadow: vars.shadow.card,
  font: 'inherit',
  textAlign: 'left',
  transition: 'transform 200ms',
  selectors: { '&:hover': { transform: 'translateY(-3px)' } },
});
export const tileImage = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' });
export const tileShade = style({
  position: 'absolute',
  inset: 0,
  background: 'linear-gradient(180deg, transparent 50%, rgba(0,0,0,0.75))',
});
export const tileBody = style({
  position: 'absolute',
  left: vars.space.sm,
  right: vars.space.sm,
  bottom: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
export const tileName = style({ fontWeight: 700, fontSize: vars.size.md });
export const tileMeta = style({ fontSize: vars.size.sm, opacity: 0.9 });
export const badgeRow = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  right: vars.space.sm,
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});
const pill = style({ borderRadius: vars.radius.pill, padding: '2px 8px', fontSize: vars.size.xs, fontWeight: 700, lineHeight: 1.6 });
// `dark` on the white pill: a dark scheme's text colour is light
export const fictional = style([pill, { background: 'rgba(255,255,255,0.92)', color: vars.color.dark }]);
export const online = style([
  pill,
  { background: vars.color.success, color: '#fff', display: 'inline-flex', alignItems: 'center', gap: '4px' },
]);
export const dot = style({ width: '7px', height: '7px', borderRadius: '50%', background: '#7dffa8' });
export const placeholder = style([
  tile,
  { background: `linear-gradient(160deg, ${raised}, ${c.dark})`, cursor: 'default', selectors: { '&:hover': { transform: 'none' } } },
]);
export const initial = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontSize: '3rem',
  fontWeight: 700,
  opacity: 0.5,
});

/** Partner tiles (member_resell): another look, marked, linking out. */
export const partnerTile = styleVariants({
  cam: [tile, { background: `linear-gradient(150deg, ${c.accent}, color-mix(in srgb, ${c.accent} 45%, ${c.dark}))` }],
  resell: [tile, { background: `linear-gradient(150deg, ${c.primary}, ${c.secondary})` }],
});
export const partnerMark = style([
  pill,
  { background: 'rgba(0,0,0,0.55)', color: '#fff', textTransform: 'uppercase', letterSpacing: '0.06em' },
]);
export const partnerIcon = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: '40%',
  transform: 'translate(-50%, -60%)',
  opacity: 0.9,
});

/** alonetonight: a night sky with a moon and a row of members online. */
export const moon = style({ width: '72px', height: '72px', margin: `0 auto ${vars.space.md}`, display: 'block' });
export const avatars = style({ display: 'flex', justifyContent: 'center', margin: `${vars.space.lg} 0`, paddingLeft: vars.space.md });
export const avatar = style({
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  border: `3px solid ${c.dark}`,
  objectFit: 'cover',
  marginLeft: `calc(-1 * ${vars.space.md})`,
  background: raised,
});

/** collagelanding: tilted photos behind the message. */
export const collage = style({ position: 'relative', overflow: 'hidden', background: c.dark, color: '#fff' });
export const collageGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '6px',
  padding: '6px',
  opacity: 0.55,
  '@media': { [bp.md]: { gridTemplateColumns: 'repeat(6, 1fr)' } },
});
export const collageImage = style({
  width: '100%',
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
});
export const collageCard = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: `radial-gradient(circle at 50% 50%, color-mix(in srgb, ${c.dark} 85%, transparent), color-mix(in srgb, ${c.dark} 35%, transparent) 70%)`,
});
export const collageInner = style({
  maxWidth: '36rem',
  textAlign: 'center',
  background: `color-mix(in srgb, ${c.dark} 78%, transparent)`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  backdropFilter: 'blur(4px)',
});

/** iconslanding: four reasons with icons. */
export const icons = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' }, [bp.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' } },
});
export const iconCard = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  textAlign: 'center',
});
export const iconCircle = style({
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  margin: `0 auto ${vars.space.md}`,
  background: `color-mix(in srgb, ${c.primary} 14%, transparent)`,
  color: vars.color.secondary,
});
export const iconSvg = style({ width: '32px', height: '32px' });
export const iconTitle = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.sm}` });
export const iconText = style({ color: vars.color.muted, margin: 0, lineHeight: 1.5 });
export const strip = style({ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg });
export const stripAvatar = style({
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  objectFit: 'cover',
  border: `3px solid ${vars.color.primary}`,
});

/** maplanding: the visitor's country as a radar of regions with member pins. */
export const map = style({ width: '100%', maxWidth: '560px', margin: '0 auto', display: 'block' });
export const regions = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.lg} auto 0`,
  maxWidth: '560px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'center',
});
export const region = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
});

/** socialnetwork: a feed beside the members online. */
export const feedLayout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [bp.lg]: { gridTemplateColumns: '2fr 1fr' } },
});
export const feed = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '560px',
  width: '100%',
  justifySelf: 'center',
});
export const post = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});
export const postHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: vars.space.md });
export const postAvatar = style({ width: '44px', height: '44px', borderRadius: '50%', objectFit: 'cover', flexShrink: 0 });
export const postWho = style({ display: 'flex', flexDirection: 'column', fontSize: vars.size.sm, lineHeight: 1.4 });
export const postImage = style({ width: '100%', aspectRatio: '4 / 5', objectFit: 'cover', display: 'block' });
export const postActions = style({ display: 'flex', gap: vars.space.sm, padding: vars.space.md });
export const side = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  position: 'sticky',
  top: vars.space.md,
});
export const sideList = style({
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const sideItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

/** tinderswipe: a deck of cards. */
export const deck = style({ position: 'relative', width: 'min(340px, 86vw)', aspectRatio: '3 / 4', margin: '0 auto' });
export const card = style({
  position: 'absolute',
  inset: 0,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.dark,
  color: '#fff',
  boxShadow: vars.shadow.modal,
  touchAction: 'pan-y',
  userSelect: 'none',
  transition: 'transform 250ms ease-out, opacity 250ms',
});
export const cardBehind = style({ transform: 'scale(0.95) translateY(14px)', opacity: 0.7 });
export const deckButtons = style({ display: 'flex', justifyContent: 'center', gap: vars.space.xl, marginTop: vars.space.lg });
export const round = style({
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  border: 0,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
export const roundIcon = style({ width: '30px', height: '30px' });
export const done = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  textAlign: 'center',
  maxWidth: '28rem',
  margin: '0 auto',
});

/** video and transitions: the media column. */
export const media = style({
  position: 'relative',
  width: 'min(100%, 380px)',
  aspectRatio: '3 / 4',
  margin: '0 auto',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.modal,
  background: c.dark,
});
export const video = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
const fade = keyframes({
  '0%': { opacity: 0, transform: 'scale(1.08)' },
  '6%': { opacity: 1 },
  '25%': { opacity: 1 },
  '31%': { opacity: 0, transform: 'scale(1)' },
  '100%': { opacity: 0 },
});
export const slide = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  opacity: 0,
  animation: `${fade} 16s infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', selectors: { '&:first-child': { opacity: 1 } } } },
});
export const slideCaption = style({
  position: 'absolute',
  left: vars.space.md,
  bottom: vars.space.md,
  right: vars.space.md,
  color: '#fff',
  fontWeight: 700,
  textShadow: '0 1px 6px rgba(0,0,0,0.6)',
});

/** Campaign pages about one profile. */
export const campaign = styleVariants({
  landing: {
    maxWidth: vars.width.content,
    margin: '0 auto',
    padding: `${vars.space.xl} ${vars.space.md}`,
    display: 'grid',
    gap: vars.space.xl,
    alignItems: 'center',
    '@media': { [bp.md]: { gridTemplateColumns: '5fr 6fr' } },
  },
  landing2: {
    maxWidth: '40rem',
    margin: '0 auto',
    padding: `${vars.space.xl} ${vars.space.md}`,
    display: 'grid',
    gap: vars.space.lg,
    textAlign: 'center',
  },
  landing3: {
    maxWidth: vars.width.content,
    margin: '0 auto',
    padding: `${vars.space.xl} ${vars.space.md}`,
    display: 'grid',
    gap: vars.space.xl,
    alignItems: 'center',
    '@media': { [bp.md]: { gridTemplateColumns: '6fr 5fr' } },
  },
});
export const campaignBand = style({ flex: 1, background: night, color: '#fff' });
export const campaignPhoto = style({
  width: '100%',
  maxWidth: '420px',
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.modal,
  justifySelf: 'center',
  background: raised,
});
export const campaignFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
  listStyle: 'none',
});
export const fact = style({
  background: 'rgba(255,255,255,0.12)',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
});
export const about = style({ opacity: 0.9, lineHeight: 1.6, margin: `0 0 ${vars.space.lg}`, whiteSpace: 'pre-line' });
export const postPhoto = style({ position: 'relative' });
export const postMeta = style({ marginLeft: 'auto', alignSelf: 'center', fontSize: vars.size.sm, color: vars.color.muted });
export const action = style({
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
});
export const collageBlank = style({ background: raised });
export const factsCenter = style([campaignFacts, { justifyContent: 'center' }]);

/** The landers' drawings (the moon, the radar, the swipe buttons' icons) in the site's palette: classes, as the landing page's hero art. */
export const moonLight = style({ fill: `color-mix(in srgb, ${c.darkAccent} 45%, #fff)` });
export const moonShadow = style({ fill: dusk });
export const radarNear = style({ stopColor: `color-mix(in srgb, ${c.primary} 28%, ${c.surface})` });
export const radarFar = style({ stopColor: `color-mix(in srgb, ${c.primary} 8%, ${c.surface})` });
export const radarEdge = style({ fill: 'url(#radar)', stroke: c.border, strokeWidth: 2 });
export const radarRing = style({ fill: 'none', stroke: `color-mix(in srgb, ${c.primary} 45%, ${c.surface})`, strokeDasharray: '6 6' });
export const radarAxis = style({ stroke: `color-mix(in srgb, ${c.primary} 30%, ${c.surface})` });
export const pinRing = style({ fill: c.primary });
export const pinOnline = style({ fill: c.success, stroke: c.surface, strokeWidth: 2 });
export const radarCentre = style({ fill: c.accent, stroke: c.surface, strokeWidth: 4 });
export const radarLabel = style({ fill: c.text, fontSize: '18px', fontWeight: 700 });
export const likeIcon = style({ fill: c.accent });
export const skipIcon = style({ stroke: c.muted, strokeWidth: 3, strokeLinecap: 'round', fill: 'none' });
