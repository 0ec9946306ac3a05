import type { ReactNode } from 'react';
import * as s from './panel.css';

type Props = {
  title: string;
  intro?: ReactNode;
  icon?: 'info' | 'success' | 'danger';
  wide?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
};
const ICONS = { info: ['i', s.icon], success: ['✓', s.iconSuccess], danger: ['!', s.iconDanger] } as const;

/** A centred card with the screen's heading: the frame of the account screens. */
export function Panel({ title, intro, icon, wide, footer, children }: Props) {
  return (
    <div className={s.page}>
      <section className={wide ? `${s.card} ${s.wide}` : s.card}>
        <title>{title}</title>
        {icon && (
          <div className={ICONS[icon][1]} aria-hidden="true">
            {ICONS[icon][0]}
          </div>
        )}
        <h1 className={s.title}>{title}</h1>
        {intro && <p className={s.intro}>{intro}</p>}
        {children}
        {footer && <div className={s.footer}>{footer}</div>}
      </section>
    </div>
  );
}
