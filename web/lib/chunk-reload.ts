const KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** A failed chunk load ('Loading chunk N failed', a stale deploy) reloads the page at most once a minute. */
export function reloadOnceForChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY)) || 0;
  } catch {
    /* storage blocked */
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false; // without storage a reload could loop
  }
  reload();
  return true;
}

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    error.message,
  );

/** Wraps a route's lazy import: a chunk error triggers the guarded reload, else it propagates. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadOnceForChunkError()) return new Promise<T>(() => {});
      throw error;
    });
}
