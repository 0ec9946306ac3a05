import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { User } from '../../../worker/contracts/account';
import { usePhotoUrls } from '../../lib/photos';
import { useT } from '../../lib/i18n';
import { logout } from '../../lib/session';
import * as s from './account-menu.css';

/** Spec section 2: the member's account dropdown (my profile, settings, logout), with the transactions. */
export function AccountMenu({ user }: { user: User }) {
  const t = useT();
  const navigate = useNavigate();
  const photo = usePhotoUrls();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const image = user.profile.main_image;

  useEffect(() => {
    if (!open) return;
    wrap.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (e: PointerEvent) => !wrap.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') return close();
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
  };
  const signOut = async () => {
    setOpen(false);
    await logout();
    navigate('/');
  };

  return (
    <div className={s.wrap} ref={wrap} onKeyDown={onKey}>
      <button
        ref={trigger}
        type="button"
        className={s.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('account_menu.account_of', { name: user.profile.name })}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={s.avatar} aria-hidden="true" data-initial={image ? undefined : user.profile.name.slice(0, 1).toUpperCase()}>
          {image && <img className={s.avatarImage} src={photo.thumb(image)} alt="" />}
        </span>
        <span className={s.name}>{user.profile.name}</span>
        <svg className={s.caret} viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} className={s.menu} role="menu" aria-label={t('account_menu.account')}>
          <li role="none">
            <Link role="menuitem" className={s.item} to="/profile" onClick={() => setOpen(false)}>
              {t('account_menu.profile')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" className={s.item} to="/notifications" onClick={() => setOpen(false)}>
              {t('account_menu.settings')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" className={s.item} to="/transactions" onClick={() => setOpen(false)}>
              {t('account_menu.transactions')}
            </Link>
          </li>
          <li role="separator" className={s.separator} />
          <li role="none">
            <button role="menuitem" type="button" className={s.item} onClick={() => void signOut()}>
              {t('account_menu.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
