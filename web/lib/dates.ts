/** Age in whole years on `today` of someone born on `birth` (YYYY-MM-DD). */
export function ageOn(birth: string, today = new Date()): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}

/** YYYY-MM-DD of a day, month and year, or null when that date does not exist. */
export function isoDate(day: string, month: string, year: string): string | null {
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (!d || !m || !y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d || date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
