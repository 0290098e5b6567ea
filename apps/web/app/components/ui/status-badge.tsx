/** A badge's tones, in the shop's colours (app.css). */
const TONE = {
  plain: 'bg-sand text-ink',
  muted: 'bg-sand text-muted',
  waiting: 'bg-mustard/15 text-ink',
  good: 'bg-sage-soft text-ink',
  attention: 'bg-brand-soft text-ink',
  /** The shopper's order badge (docs/product.md#orders): green when delivered, orange before. */
  delivered: 'bg-green-100 text-green-800',
  open: 'bg-orange-100 text-orange-800',
} as const;
const DOT: Partial<Record<BadgeTone, string>> = { delivered: 'bg-green-600', open: 'bg-orange-500' };

export type BadgeTone = keyof typeof TONE;

/** A short state beside a title: the one badge of the storefront and the back office. */
export function Badge({
  tone = 'plain',
  className = '',
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: React.ReactNode;
}) {
  const dot = DOT[tone];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold ${TONE[tone]} ${className}`}
    >
      {dot && <span aria-hidden className={`size-1.5 rounded-full ${dot}`} />}
      {children}
    </span>
  );
}

const STAFF_TONE: Partial<Record<string, BadgeTone>> = {
  packaging: 'waiting',
  shipped: 'good',
  delivered: 'good',
  refund_progress: 'attention',
  cancelled_refund: 'attention',
  refunded: 'attention',
  returned_to_origin: 'attention',
};

/**
 * An order's status with its readable name. The back office tells the stages
 * apart by tone; a shopper sees green once delivered and orange before.
 */
export function StatusBadge({
  status,
  label,
  audience = 'staff',
}: {
  status: string;
  label: string;
  audience?: 'staff' | 'shopper';
}) {
  const tone =
    audience === 'shopper' ? (status === 'delivered' ? 'delivered' : 'open') : (STAFF_TONE[status] ?? 'plain');
  return <Badge tone={tone}>{label}</Badge>;
}
