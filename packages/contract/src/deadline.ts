/** The shop's own time zone: deadlines are told in it, in the pages and the mails alike. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/**
 * When an unpaid order stops being held, in the shop's time: '14:30', or
 * '14:30 on 24 Nov' when that is not today there (docs/product.md, payment deadline).
 */
export function shopDeadline(iso: string, now: Date = new Date()): string {
  const due = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(due);
  if (dayOf(due) === dayOf(now)) return time;
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short' }).format(
    due,
  );
  return `${time} on ${date}`;
}

/** The line on the pay page and in My Orders: 'Pay by 14:30 to keep these pieces'. */
export const payByText = (iso: string, now?: Date) => `Pay by ${shopDeadline(iso, now)} to keep these pieces`;

const IST_OFFSET_MS = 330 * 60 * 1000; // Asia/Kolkata is UTC+05:30 all year (no DST).

/** The calendar date of a moment in India time, as DD-MM-YYYY. */
export function formatIndianDate(date: Date): string {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const dd = String(ist.getUTCDate()).padStart(2, '0');
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${ist.getUTCFullYear()}`;
}
