import { formatRupees, type AdminDiscount } from '@shop/contract';
import { Form, Link } from 'react-router';
import { conditionsOf, offerText, stateLabel } from '~/lib/admin-discounts';
import { Badge, type BadgeTone } from '../ui/status-badge';
import { DataTable, type ListColumn } from './data-table';
import { buttonClass } from '../ui/button';

const STATE_TONE: Record<AdminDiscount['state'], BadgeTone> = {
  live: 'good',
  scheduled: 'waiting',
  ended: 'plain',
  used_up: 'attention',
  off: 'muted',
};

export function DiscountBadge({ state }: { state: AdminDiscount['state'] }) {
  return (
    <Badge tone={STATE_TONE[state]} className="whitespace-nowrap">
      {stateLabel(state)}
    </Badge>
  );
}

const small = `${buttonClass.plain.replace('px-5', 'px-4')} text-sm`;

/** Turn a code on or off at once: its own small form (a plain post). */
export function ActiveSwitch({ d, className = '' }: { d: AdminDiscount; className?: string }) {
  return (
    <Form method="post" preventScrollReset className={className}>
      <input type="hidden" name="intent" value="active" />
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="active" value={d.active ? 'false' : 'true'} />
      <button type="submit" className={small}>
        {d.active ? 'Turn off' : 'Turn on'}
        <span className="sr-only"> {d.code}</span>
      </button>
    </Form>
  );
}

const codeLink = 'font-bold tracking-wide break-all text-brand-dark underline-offset-4 hover:underline';

/**
 * The codes in the back office's one list (components/admin/data-table.tsx):
 * cards on a phone, a table from 1024 px, the same facts either way;
 * `canWrite` adds the on/off switch.
 */
export function DiscountList({ items, canWrite }: { items: AdminDiscount[]; canWrite: boolean }) {
  const money = 'text-right whitespace-nowrap tabular-nums';
  const columns: ListColumn<AdminDiscount>[] = [
    {
      id: 'code',
      header: 'Code',
      card: 'title',
      cell: (d) => (
        <>
          <Link to={`/admin/discounts/${d.id}`} className={codeLink}>
            {d.code}
          </Link>
          <span className="block font-normal text-ink">{offerText(d)}</span>
        </>
      ),
    },
    { id: 'state', header: 'State', card: 'badge', cell: (d) => <DiscountBadge state={d.state} /> },
    {
      id: 'conditions',
      header: 'Conditions',
      card: 'line',
      className: 'max-w-xs text-muted',
      cell: (d) => <span className="text-muted">{conditionsOf(d).join(' · ')}</span>,
    },
    {
      id: 'orders',
      header: 'Orders',
      card: 'foot',
      className: money,
      cell: (d) => d.orders,
      cardCell: (d) => `${d.orders === 1 ? '1 order' : `${d.orders} orders`}`,
    },
    {
      id: 'sales',
      header: 'Sales',
      card: 'foot',
      className: money,
      cell: (d) => formatRupees(d.sales),
      cardCell: (d) => `Sales ${formatRupees(d.sales)}`,
    },
    {
      id: 'given',
      header: 'Discount given',
      card: 'end',
      className: money,
      cell: (d) => formatRupees(d.discount_given),
      cardCell: (d) => `Given ${formatRupees(d.discount_given)}`,
    },
  ];
  const onOff: ListColumn<AdminDiscount> = {
    id: 'switch',
    header: 'On or off',
    srHeader: true,
    card: 'hidden',
    cell: (d) => <ActiveSwitch d={d} />,
  };
  return (
    <DataTable
      rows={items}
      columns={canWrite ? [...columns, onOff] : columns}
      rowId={(d) => String(d.id)}
      caption="Discount codes"
      empty="No code matches."
      cardsBelow="lg"
      cardFoot={canWrite ? (d) => <ActiveSwitch d={d} className="mt-3" /> : undefined}
    />
  );
}
