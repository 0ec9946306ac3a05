/**
 * The one clock of the worker. Tests set it (`setNow` freezes time at that instant, null returns
 * to real time) so limits that run by day or hour are testable without sleeping; production
 * never calls setNow.
 */
let frozen: Date | null = null;

export const clock = {
  now: (): Date => (frozen ? new Date(frozen) : new Date()),
  setNow(at: Date | null) {
    frozen = at ? new Date(at) : null;
  },
};
