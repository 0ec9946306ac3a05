import * as s from './online-badge.css';

/**
 * A green dot and "Online" for a member active in the last minutes, or (`recent`) a ring and
 * "Onlangs actief" for one active in the last day (the server leaves members in invisible mode out).
 */
export function OnlineBadge({ label, recent = false }: { label: string; recent?: boolean }) {
  return (
    <span className={recent ? `${s.badge} ${s.recent}` : s.badge}>
      <span className={recent ? s.ring : s.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
