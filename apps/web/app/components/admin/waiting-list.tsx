import type { WaitingRow } from '@shop/contract';
import { Link } from 'react-router';
import { formatWhen } from '~/lib/dates';
import { Badge } from '../ui/status-badge';
import { DataTable, type ListColumn } from './data-table';

const COLUMNS: ListColumn<WaitingRow>[] = [
  {
    id: 'piece',
    header: 'Piece',
    card: 'title',
    rowHeader: true,
    className: 'font-semibold text-ink',
    cell: (r) => <Link to={`/admin/products/${r.product_id}`}>{r.product_name}</Link>,
  },
  {
    id: 'waiting',
    header: 'Waiting',
    card: 'badge',
    className: 'whitespace-nowrap',
    cell: (r) => <Badge tone="waiting" className="whitespace-nowrap">{`${r.waiting} waiting`}</Badge>,
  },
  { id: 'size', header: 'Size, colour', card: 'line', cell: (r) => `${r.size} · ${r.colour}` },
  { id: 'sku', header: 'SKU', card: 'line', className: 'font-mono text-xs', cell: (r) => r.sku },
  {
    id: 'stock',
    header: 'Stock',
    card: 'line',
    className: 'whitespace-nowrap',
    cell: (r) => (r.stock > 0 ? `${r.stock} in stock` : 'Sold out'),
  },
  {
    id: 'since',
    header: 'Waiting since',
    card: 'foot',
    className: 'whitespace-nowrap text-muted',
    cell: (r) => formatWhen(r.since),
    cardCell: (r) => <span className="text-xs">Waiting since {formatWhen(r.since)}</span>,
  },
];

/** Sizes with people waiting to be told they are back (docs/back-office.md 'Back in stock'). */
export function WaitingList({ rows, empty }: { rows: WaitingRow[]; empty: string }) {
  return (
    <DataTable
      rows={rows}
      columns={COLUMNS}
      rowId={(r) => String(r.variant_id)}
      caption="Sizes with people waiting"
      empty={empty}
      cardsBelow="lg"
    />
  );
}
