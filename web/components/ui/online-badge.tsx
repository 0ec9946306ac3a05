import * as s from './online-badge.css';

/** A green dot and "Online" for a member active in the last minutes (the server leaves members in invisible mode out). */
export function OnlineBadge({ label }: { label: string }) {
  return (
    <span className={s.badge}>
      <span className={s.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
