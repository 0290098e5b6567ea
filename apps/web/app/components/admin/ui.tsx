/** The back office's small pieces, in the shop's colours (app.css), calm and plain. */

export const buttonClass = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-dark px-5 py-2 font-semibold text-white shadow-sm hover:bg-ink disabled:opacity-60',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-linen bg-white px-5 py-2 font-semibold text-ink hover:border-muted/50 hover:bg-sand',
  danger:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-brand-dark bg-white px-5 py-2 font-semibold text-brand-dark hover:bg-brand-soft',
} as const;

export function PageTitle({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl text-ink sm:text-3xl">{children}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Card({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-linen bg-white p-4 shadow-xs sm:p-5 ${className}`}>
      {title && <h2 className="mb-3 text-lg text-ink">{title}</h2>}
      {children}
    </section>
  );
}

const TONE = {
  success: 'border-sage/40 bg-sage-soft',
  info: 'border-linen bg-sand',
  error: 'border-brand/40 bg-brand-soft',
} as const;

/** A message from the server, as a status line (the back office shows no toasts: it works the same without scripts). */
export function AdminNotice({ notice }: { notice?: { kind: keyof typeof TONE; text: string } | null }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-xl border px-4 py-3 text-ink ${TONE[notice.kind]}`}
    >
      {notice.text}
    </p>
  );
}

const STATUS_TONE: Record<string, string> = {
  created: 'bg-sand text-ink',
  payment_pending: 'bg-sand text-ink',
  packaging: 'bg-mustard/15 text-ink',
  shipped: 'bg-sage-soft text-ink',
  delivered: 'bg-sage-soft text-ink',
  refund_progress: 'bg-brand-soft text-ink',
  cancelled_refund: 'bg-brand-soft text-ink',
  refunded: 'bg-brand-soft text-ink',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${STATUS_TONE[status] ?? 'bg-sand text-ink'}`}
    >
      {label}
    </span>
  );
}

/** Dates as the shop's owner reads them: Indian time. */
export const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
