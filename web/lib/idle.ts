/**
 * Runs `work` when the browser is next idle (at the latest `timeout` ms later), not in the task that runs it: a page's
 * background starts (the live connection, the push state's check) so leave the task that commits the page, which the
 * hydration's effects made one long task of (issue 32 §2). Returns the effect's cleanup: the work not yet run is
 * cancelled, the work run is cleaned up with what it returned.
 */
export function afterIdle(work: () => void | (() => void), timeout = 2_000): () => void {
  let cleanup: void | (() => void);
  let ran = false;
  const run = () => {
    ran = true;
    cleanup = work();
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => (ran ? cleanup?.() : cancelIdleCallback(id));
  }
  const id = setTimeout(run, 0);
  return () => (ran ? cleanup?.() : clearTimeout(id));
}

/** A promise settled in a task of its own (a message to this page: no timer's clamping), so a loop of small steps leaves the main thread between them. */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
