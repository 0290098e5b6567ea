import { ADMIN_ROUTES, endpointPath, formatRupees } from '@shop/contract';
import { Form } from 'react-router';
import { AdminNotice, Card, PageTitle, buttonClass } from '~/components/admin/ui';
import { adminLoad } from '~/lib/admin.server';
import type { Route } from './+types/reports';

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
  const summary = await adminLoad(args, ADMIN_ROUTES['admin.reports.gst'], { query: { month } });
  return { summary, today, monthStart: `${today.slice(0, 7)}-01`, badMonth: asked !== null && !valid };
}

const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';
const money = (rupees: number) => formatRupees(rupees);
const AMOUNT_HEADS = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];
const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

function Amounts({ a }: { a: { taxable: number; cgst: number; sgst: number; igst: number; total: number } }) {
  return (
    <>
      {[a.taxable, a.cgst, a.sgst, a.igst, a.total].map((v, i) => (
        <td key={i} className={cell}>
          {money(v)}
        </td>
      ))}
    </>
  );
}

/** A wide table scrolls inside its own focusable region at 375 px; the page itself never scrolls sideways. */
function Table({ label, heads, children }: { label: string; heads: string[]; children: React.ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full min-w-[44rem] border-collapse text-sm">
        <thead>
          <tr className="border-b border-linen text-left text-muted">
            {heads.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={`px-3 py-2 font-semibold ${i >= heads.length - 5 ? 'text-right' : ''}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen">{children}</tbody>
      </table>
    </div>
  );
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
            <button type="submit" className={`${buttonClass.primary} col-span-2`}>
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
            <button type="submit" className={buttonClass.secondary}>
              Show
            </button>
            <a
              href={`/api/v1${endpointPath(ADMIN_ROUTES['admin.reports.gstCsv'], { query: { month: s.month } })}`}
              className={buttonClass.primary}
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
            <Table
              label="By place of supply and rate"
              heads={['Document', 'Place of supply', 'Rate', 'Count', ...AMOUNT_HEADS]}
            >
              {s.b2c.map((r) => (
                <tr key={`${r.kind}${r.place_of_supply}${r.rate}`}>
                  <td className="px-3 py-2">{r.kind === 'invoice' ? 'Invoices' : 'Credit notes'}</td>
                  <td className="px-3 py-2">{r.place_of_supply}</td>
                  <td className="px-3 py-2">{r.rate}%</td>
                  <td className="px-3 py-2">{r.documents}</td>
                  <Amounts a={r} />
                </tr>
              ))}
              <tr className="font-semibold">
                <td className="px-3 py-2" colSpan={4}>
                  Total
                </td>
                <Amounts a={s.totals} />
              </tr>
            </Table>
          )}
          <h3 className="mt-6 mb-2 font-semibold text-ink">By HSN code (invoices less credit notes)</h3>
          {s.hsn.length === 0 ? (
            <p className="text-muted">Nothing to summarise.</p>
          ) : (
            <Table label="By HSN code" heads={['HSN', 'Description', 'Rate', 'Pieces', ...AMOUNT_HEADS]}>
              {s.hsn.map((r) => (
                <tr key={`${r.hsn}${r.rate}`}>
                  <td className="px-3 py-2">{r.hsn}</td>
                  <td className="px-3 py-2">{r.description}</td>
                  <td className="px-3 py-2">{r.rate}%</td>
                  <td className="px-3 py-2">{r.quantity}</td>
                  <Amounts a={r} />
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </div>
    </>
  );
}
