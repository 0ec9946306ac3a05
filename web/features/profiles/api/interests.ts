import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/request';

export type Interest = { id: string; label: string };
let cached: Promise<Interest[]> | null = null;

/** GET /api/interests.php, once (spec section 7): the fixed tags with labels in the UI language. */
export function loadInterests(): Promise<Interest[]> {
  cached ??= apiRequest<{ interests: Interest[] }>('/api/interests.php').then((res) => {
    if (res.ok) return res.data.interests;
    cached = null;
    return [];
  });
  return cached;
}

/** The interest tags, null while loading. */
export function useInterests() {
  const [interests, setInterests] = useState<Interest[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadInterests().then((list) => live && setInterests(list));
    return () => void (live = false);
  }, []);
  return interests;
}
