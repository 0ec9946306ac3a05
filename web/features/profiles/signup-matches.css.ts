import { globalStyle, style } from '@vanilla-extract/css';
import { grid } from '../../components/ui/member-card.css';

/** Spec section 2: on a phone the page shows 3 member tiles, the wider screens a fuller grid. */
export const tiles = style([grid]);
globalStyle(`${tiles} > li:nth-child(n+4)`, { '@media': { 'screen and (max-width: 575px)': { display: 'none' } } });
/** One row of three on a phone (the tiles are small enough to see all three at once). */
globalStyle(tiles, { '@media': { 'screen and (max-width: 575px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } });
