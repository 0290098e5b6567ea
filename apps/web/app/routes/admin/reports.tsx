import { ADMIN_ROUTES, endpointPath, formatRupees, type GstSummary } from '@shop/contract';
import { Form } from 'react-router';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { AdminNotice } from '~/components/ui/notice';
import { Badge } from '~/components/ui/status-badge';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/reports';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Reports | Back office' }];

const IST_MS = 330 * 60 * 1000;
/** Today in India as YYYY-MM-DD. */
const istToday = () => new Date(Date.now() + IST_MS).toISOString().slice(0, 10);
/** The month before `today`'s, YYYY-MM: the one the owner files in the first days of a month. */
function lastMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month's GST summary (docs/back-office.md 'Reports'); the last complete month unless one is asked. */
export async function loader(args: Route.LoaderArgs) {
  const asked = new URL(args.request.url).searchParams.get('month');
  const today = istToday();
  const valid = asked !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked);
  const month = valid ? asked : lastMonth(today);
  const summary = await read(args, ADMIN_ROUTES['admin.reports.gst'], { query: { month } });
  return { summary, today, monthStart: `${today.slice(0, 7)}-01`, badMonth: asked !== null && !valid };
}

const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';
const money = (rupees: number) => formatRupees(rupees);

/** Taxable value and the three taxes, in rupees (a credit note's negative), and their sum. */
type Amounts = Pick<GstSummary['totals'], 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;
/** A line of the B2C table as shown: a place and rate's invoices or credit notes, or the month's total. */
type B2cLine = Amounts & { key: string; document: string; place: string; rate: string; count: string };
type HsnLine = GstSummary['hsn'][number];

const amount = 'text-right tabular-nums whitespace-nowrap';

/** The five amount columns both tables end with: the taxes under the card's lines, the total at its foot. */
function amountColumns<T extends Amounts>(): ListColumn<T>[] {
  return [
    {
      id: 'taxable',
      header: 'Taxable value',
      className: amount,
      card: 'line',
      cell: (r) => money(r.taxable),
      cardCell: (r) => `Taxable value ${money(r.taxable)}`,
    },
    {
      id: 'cgst',
      header: 'CGST',
      className: amount,
      card: 'foot',
      cell: (r) => money(r.cgst),
      cardCell: (r) => `CGST ${money(r.cgst)}`,
    },
    {
      id: 'sgst',
      header: 'SGST',
      className: amount,
      card: 'foot',
      cell: (r) => money(r.sgst),
      cardCell: (r) => `SGST ${money(r.sgst)}`,
    },
    {
      id: 'igst',
      header: 'IGST',
      className: amount,
      card: 'foot',
      cell: (r) => money(r.igst),
      cardCell: (r) => `IGST ${money(r.igst)}`,
    },
    {
      id: 'total',
      header: 'Total',
      className: amount,
      card: 'end',
      cell: (r) => money(r.total),
      cardCell: (r) => `Total ${money(r.total)}`,
    },
  ];
}

const B2C_COLUMNS: ListColumn<B2cLine>[] = [
  {
    id: 'document',
    header: 'Document',
    card: 'title',
    cell: (r) => r.document,
    cardCell: (r) => (r.place ? `${r.document}, ${r.place}` : r.document),
  },
  { id: 'place', header: 'Place of supply', card: 'hidden', cell: (r) => r.place },
  {
    id: 'rate',
    header: 'Rate',
    card: 'badge',
    cell: (r) => r.rate,
    cardCell: (r) => (r.rate ? <Badge>{r.rate}</Badge> : null),
  },
  {
    id: 'count',
    header: 'Count',
    card: 'line',
    cell: (r) => r.count,
    cardCell: (r) => (r.count ? `${r.count} documents` : ''),
  },
  ...amountColumns<B2cLine>(),
];

const HSN_COLUMNS: ListColumn<HsnLine>[] = [
  { id: 'hsn', header: 'HSN', card: 'title', cell: (r) => r.hsn, cardCell: (r) => `HSN ${r.hsn}` },
  { id: 'description', header: 'Description', card: 'line', cell: (r) => r.description },
  { id: 'rate', header: 'Rate', card: 'badge', cell: (r) => `${r.rate}%`, cardCell: (r) => <Badge>{r.rate}%</Badge> },
  { id: 'pieces', header: 'Pieces', card: 'line', cell: (r) => r.quantity, cardCell: (r) => `${r.quantity} pieces` },
  ...amountColumns<HsnLine>(),
];

/** The B2C rows as the table shows them, the month's total last. */
function b2cLines(s: GstSummary): B2cLine[] {
  return [
    ...s.b2c.map((r) => ({
      ...r,
      key: `${r.kind}${r.place_of_supply}${r.rate}`,
      document: r.kind === 'invoice' ? 'Invoices' : 'Credit notes',
      place: r.place_of_supply,
      rate: `${r.rate}%`,
      count: String(r.documents),
    })),
    { ...s.totals, key: 'total', document: 'Total', place: '', rate: '', count: '' },
  ];
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { summary: s, today, monthStart, badMonth } = loaderData;
  return (
    <>
      <PageTitle>Reports</PageTitle>
      {badMonth && (
        <AdminNotice notice={{ kind: 'error', text: 'Months are written YYYY-MM: showing the last one.' }} />
      )}
      <div className="space-y-5">
        <Card title="Orders as CSV">
          <p className="mb-3 text-sm text-muted">
            One row per order placed between the two days (India time), with its shopper, address, amounts in rupees and
            paise, refunds, payment and tracking.
          </p>
          <form
            method="get"
            action={`/api/v1${ADMIN_ROUTES['admin.reports.ordersCsv'].path}`}
            className="grid grid-cols-2 gap-3 sm:flex sm:items-end"
          >
            <label className="text-sm font-semibold">
              From
              <input type="date" name="from" required defaultValue={monthStart} className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              To
              <input type="date" name="to" required defaultValue={today} className={inputClass} />
            </label>
            <button type="submit" className={`${buttonClass.dark} col-span-2`}>
              Download orders CSV
            </button>
          </form>
        </Card>

        <Card title={`GST summary for ${s.month}`}>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
            <label className="text-sm font-semibold">
              Month
              <input type="month" name="month" defaultValue={s.month} pattern="\d{4}-\d{2}" className={inputClass} />
            </label>
            <button type="submit" className={buttonClass.plain}>
              Show
            </button>
            <a
              href={`/api/v1${endpointPath(ADMIN_ROUTES['admin.reports.gstCsv'], { query: { month: s.month } })}`}
              className={buttonClass.dark}
              download
            >
              Download GST CSV
            </a>
          </Form>
          <p className="mb-4 text-sm text-muted">
            {s.invoices} invoices and {s.credit_notes} credit notes, shop in {s.shop_state}. All sales are B2C; credit
            notes for refunds are the negative rows. Total tax {money(s.totals.cgst + s.totals.sgst + s.totals.igst)} on
            a taxable value of {money(s.totals.taxable)}.
          </p>
          <h3 className="mb-2 font-semibold text-ink">By place of supply and rate (GSTR-1 B2C)</h3>
          {s.b2c.length === 0 ? (
            <p className="mb-4 text-muted">No invoices or credit notes in this month.</p>
          ) : (
            <DataTable
              rows={b2cLines(s)}
              columns={B2C_COLUMNS}
              rowId={(r) => r.key}
              rowClassName={(r) => (r.key === 'total' ? 'font-semibold' : '')}
              caption="By place of supply and rate"
              empty="No invoices or credit notes in this month."
              cardsBelow="lg"
            />
          )}
          <h3 className="mt-6 mb-2 font-semibold text-ink">By HSN code (invoices less credit notes)</h3>
          {s.hsn.length === 0 ? (
            <p className="text-muted">Nothing to summarise.</p>
          ) : (
            <DataTable
              rows={s.hsn}
              columns={HSN_COLUMNS}
              rowId={(r) => `${r.hsn}${r.rate}`}
              caption="By HSN code"
              empty="Nothing to summarise."
              cardsBelow="lg"
            />
          )}
        </Card>
      </div>
    </>
  );
}
