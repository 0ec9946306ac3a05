import type { Gift } from '../../../worker/contracts/chat';
import { button } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Modal } from '../../components/ui/modal';
import { useT } from '../../lib/i18n';
import { useGifts } from './api/get-gifts';
import * as s from './picker.css';

/** The gifts (GET /api/gifts.php) as a grid: picture, name and price in credits; a pick sends it. */
export function GiftPicker({
  name,
  credits,
  onPick,
  onClose,
}: {
  name: string;
  credits: number;
  onPick: (gift: Gift) => void;
  onClose: () => void;
}) {
  const t = useT();
  const gifts = useGifts();
  const failure = gifts.isFetching ? null : gifts.error;
  return (
    <Modal title={t('chat.gifts_title', { name })} onDismiss={onClose}>
      <p className={s.intro}>{t('chat.gifts_intro', { credits })}</p>
      {gifts.data ? (
        <ul className={s.gifts}>
          {gifts.data.map((gift) => (
            <li key={gift.id}>
              <button type="button" className={s.giftButton} onClick={() => onPick(gift)}>
                <img className={s.giftImage} src={gift.image} alt="" />
                <span className={s.giftName}>{gift.name}</span>
                <span className={s.giftPrice}>{t('chat.credits', { count: gift.credits })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : failure ? (
        <>
          <FormAlert failure={failure} />
          <button type="button" className={button.outline} onClick={() => void gifts.refetch()}>
            {t('chat.retry')}
          </button>
        </>
      ) : (
        <p role="status" className={f.small}>
          {t('chat.loading')}
        </p>
      )}
    </Modal>
  );
}
