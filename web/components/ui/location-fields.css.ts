import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const geo = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start' });
export const geoButton = style({ fontSize: vars.size.sm, padding: `${vars.space.xs} ${vars.space.md}` });
export const pin = style({ width: '1.1em', height: '1.1em', flexShrink: 0 });
