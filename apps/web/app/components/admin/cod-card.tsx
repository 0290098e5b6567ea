import { COD_CONFIRMATION_LABELS, type AdminOrderDetail } from '@shop/contract';
import { Card } from '~/components/ui/card';
import { Badge } from '~/components/ui/status-badge';
import { formatWhen } from '~/lib/dates';

/**
 * A cash-on-delivery order's own facts on its page (docs/back-office.md):
 * how it is paid, its confirmation, the courier's remittance, and how often
 * its phone refused a parcel before (a warning before packing it).
 */
export function CodCard({ cod }: { cod: NonNullable<AdminOrderDetail['cod']> }) {
  return (
    <Card title="Cash on delivery">
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-muted">Payment method</dt>
        <dd className="text-right">Cash on delivery</dd>
        <dt className="text-muted">Confirmation</dt>
        <dd className="text-right">{COD_CONFIRMATION_LABELS[cod.confirmation]}</dd>
        <dt className="text-muted">Refused parcels (this phone)</dt>
        <dd className="text-right">
          {cod.refused_parcels > 0 ? <Badge tone="attention">{cod.refused_parcels} refused before</Badge> : 'None'}
        </dd>
        <dt className="text-muted">Courier remittance</dt>
        <dd className="text-right break-all">
          {cod.remitted_at ? `${cod.remittance ?? ''} · ${formatWhen(cod.remitted_at)}` : 'Not yet'}
        </dd>
      </dl>
      {cod.can_record_remittance && (
        <p className="mt-2 text-xs text-muted">Mark the courier’s remittance from the orders list (Bulk actions).</p>
      )}
    </Card>
  );
}
