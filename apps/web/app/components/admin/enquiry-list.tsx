import type { EnquiryRow } from '@shop/contract';
import { excerpt } from './bits';
import { DataTable, type ListColumn } from './data-table';
import { Badge } from '../ui/status-badge';
import { formatWhen } from '~/lib/dates';

const STATUS_TONE = { new: 'waiting', answered: 'good', closed: 'plain' } as const;

const what = (e: EnquiryRow) =>
  `${e.is_return ? `Return request · order #${e.order_id}` : 'Message'}${
    e.replies > 0 ? ` · ${e.replies} repl${e.replies === 1 ? 'y' : 'ies'}` : ''
  }`;

const COLUMNS: ListColumn<EnquiryRow>[] = [
  { id: 'name', header: 'From', link: true, card: 'title', className: 'break-all', cell: (e) => e.name },
  {
    id: 'status',
    header: 'Status',
    card: 'badge',
    cell: (e) => (
      <Badge tone={STATUS_TONE[e.status]} className="capitalize">
        {e.status}
      </Badge>
    ),
  },
  { id: 'what', header: 'What', card: 'line', cell: what },
  {
    id: 'message',
    header: 'Message',
    card: 'line',
    className: 'text-muted',
    cell: (e) => excerpt(e.message),
    cardCell: (e) => <span className="text-muted">{excerpt(e.message)}</span>,
  },
  {
    id: 'when',
    header: 'Received',
    card: 'foot',
    className: 'whitespace-nowrap text-muted',
    cell: (e) => formatWhen(e.created_at),
    cardCell: (e) => <span className="text-xs">{formatWhen(e.created_at)}</span>,
  },
];

/** Enquiries: who, what, whether it is a return request, and where it stands. */
export function EnquiryList({ enquiries, cards = false }: { enquiries: EnquiryRow[]; cards?: boolean }) {
  return (
    <DataTable
      rows={enquiries}
      columns={COLUMNS}
      rowId={(e) => String(e.id)}
      href={(e) => `/admin/enquiries/${e.id}`}
      caption="Enquiries"
      empty="No enquiries here."
      cardsBelow={cards ? 'never' : 'lg'}
    />
  );
}
