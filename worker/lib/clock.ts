/**
 * The one clock of the worker. Tests and the local seed set it (`setNow`) so limits that run by
 * day or hour are testable without sleeping; production never calls setNow.
 */
let offsetMs = 0;

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  setNow(at: Date | null) {
    offsetMs = at ? at.getTime() - Date.now() : 0;
  },
};
