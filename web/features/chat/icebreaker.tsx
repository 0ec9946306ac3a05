import { button } from '../../components/ui/button.css';
import { Modal } from '../../components/ui/modal';
import { useT, type Key } from '../../lib/i18n';
import { priceText, type Price } from './chat.rules';
import * as s from './picker.css';

/** The catalogue's opening lines (chat.icebreaker.lines.1 … 8). */
export const ICEBREAKER_LINES = 8;
/** The lines' keys are their numbers (1 to ICEBREAKER_LINES). */
type LineKey = Extract<Key, `chat.icebreaker.lines.${number}`>;

/**
 * The icebreaker modal (spec section 1): opening lines for an empty conversation, each with what it
 * costs; one click sends it as a normal text message.
 */
export function Icebreaker({
  name,
  price,
  busy,
  onPick,
  onClose,
}: {
  name: string;
  price: Price;
  busy: boolean;
  onPick: (line: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const lines = Array.from({ length: ICEBREAKER_LINES }, (_, i) => t(`chat.icebreaker.lines.${i + 1}` as LineKey, { name }));
  const cost = priceText(t, price);
  return (
    <Modal title={t('chat.icebreaker.title', { name })} onDismiss={onClose}>
      <p className={s.intro}>{t('chat.icebreaker.intro')}</p>
      <ul className={s.lines}>
        {lines.map((line) => (
          <li key={line}>
            <button type="button" className={s.line} disabled={busy} onClick={() => onPick(line)}>
              <span className={s.lineText}>{line}</span>
              <span className={price.free ? s.lineFree : s.linePrice}>
                {price.free ? t('chat.free') : t('chat.credits', { count: price.credits })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className={s.cost}>{cost}</p>
      <div className={s.footer}>
        <button type="button" className={button.outline} onClick={onClose}>
          {t('chat.icebreaker.own')}
        </button>
      </div>
    </Modal>
  );
}
