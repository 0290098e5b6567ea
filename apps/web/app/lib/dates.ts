/** A moment as the shop's owner reads it: Indian time, date and time of day ('27 Nov 2026, 4:05 pm'). */
export const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
