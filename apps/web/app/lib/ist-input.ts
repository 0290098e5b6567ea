const IST_MS = 330 * 60 * 1000;

/** An instant as a datetime-local value in India time ('2026-11-26T18:30'), whatever the browser's zone. */
export const istInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + IST_MS).toISOString().slice(0, 16) : '';

/** A datetime-local value typed in India time, as an instant; '' is none; anything else is NaN. */
export function fromIstInput(value: string): string | null | typeof Number.NaN {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return Number.NaN;
  const at = new Date(`${value}:00+05:30`);
  return Number.isNaN(at.getTime()) ? Number.NaN : at.toISOString();
}
