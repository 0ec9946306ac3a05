import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const forgot = style({ justifySelf: 'end', fontSize: vars.size.sm, fontWeight: 600, marginTop: `calc(-1 * ${vars.space.sm})` });
export const center = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.md });
export const text = style({ margin: `0 0 ${vars.space.md}` });
