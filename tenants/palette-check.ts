import { TEXT_PAIRS, type Palette } from '../worker/contracts/theme.values';
import { AA, contrast } from '../worker/lib/mail/colour';

/**
 * Every pair of a palette that carries text (TEXT_PAIRS) below WCAG AA (4.5:1), as
 * "secondary #aa7700 on surface #ffffff: 3.1:1 (needs 4.5:1)": a site file whose colours make a
 * text unreadable fails the check, naming the pair.
 */
export function paletteProblems({ palette }: { palette: Palette }): string[] {
  const problems: string[] = [];
  for (const [fg, bg] of TEXT_PAIRS) {
    const text = fg.startsWith('#') ? fg : palette[fg as keyof Palette];
    const ratio = contrast(text, palette[bg]);
    if (ratio < AA) problems.push(`${fg} ${text} on ${bg} ${palette[bg]}: ${ratio.toFixed(2)}:1 (needs ${AA}:1)`);
  }
  return problems;
}
