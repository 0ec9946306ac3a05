import { Link } from 'react-router-dom';
import { button } from '../../components/ui/button.css';
import { Modal } from '../../components/ui/modal';
import { useT } from '../../lib/i18n';
import * as s from './picker.css';

/**
 * Spec section 6: the premium-only chat feature alert. Sending photos in a chat is for premium
 * members (the worker refuses it with premium_required); a free member who taps the photo button
 * learns why and how to become premium: with a first credit package.
 */
export function PremiumAlert({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('chat.premium_title')} onDismiss={onClose}>
      <p className={s.intro}>{t('chat.premium_text')}</p>
      <ul className={s.benefits}>
        <li>{t('chat.premium_photos')}</li>
        <li>{t('chat.premium_all_photos')}</li>
        <li>{t('chat.premium_no_subscription')}</li>
      </ul>
      <div className={s.actions}>
        <Link to="/premium" className={button.primary} onClick={onClose}>
          {t('chat.premium_cta')}
        </Link>
        <button type="button" className={button.outline} onClick={onClose}>
          {t('chat.premium_later')}
        </button>
      </div>
    </Modal>
  );
}
