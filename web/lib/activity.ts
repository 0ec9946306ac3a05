import { useSyncExternalStore } from 'react';

/** Counts API requests in flight, for the progress bar; kept tiny so the first page needs no data library. */
let inFlight = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export async function track<T>(work: Promise<T>): Promise<T> {
  inFlight++;
  emit();
  try {
    return await work;
  } finally {
    inFlight--;
    emit();
  }
}

export const useRequestsInFlight = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => inFlight,
    () => 0, // prerendered (web/prerender.tsx): nothing in flight
  );
