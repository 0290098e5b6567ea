import { ADMIN_ROUTES, INDIAN_STATES, formatRupees, type SettingsBody } from '@shop/contract';
import { Form, useNavigation } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { CartRemindersCard } from '~/components/admin/cart-reminders-card';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/settings';
import { call, read } from '~/lib/call.server';

export const meta = () => adminMeta('Settings');

/** The shop's settings (docs/back-office.md "Settings"): the owner's only. */
export async function loader(args: Route.LoaderArgs) {
  return { settings: await read(args, ADMIN_ROUTES['admin.settings.get']) };
}

const SECTIONS = ['shipping', 'windows', 'seller', 'cod', 'reminders'] as const;
type Section = (typeof SECTIONS)[number];

const RATES = [
  ['domestic_standard', 'India, standard'],
  ['domestic_express', 'India, express'],
  ['international_standard', 'Elsewhere, standard'],
  ['international_express', 'Elsewhere, express'],
] as const;
const SELLER = [
  ['legal_name', 'Legal name', 'organization'],
  ['address', 'Address', 'street-address'],
  ['gstin', 'GSTIN', 'off'],
  ['email', 'Email', 'email'],
  ['phone', 'Phone', 'tel'],
] as const;

/** A number as typed; NaN (refused by the API with the field's name) when it is none. */
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
const num = (form: FormData, name: string) => {
  const text = field(form, name).replace(/[,₹\s]/g, '');
  return text === '' ? Number.NaN : Number(text);
};
const text = field;

/** '110001, 8 560' → ['110001', '8', '560']: the API says which piece is no PIN code (digits only). */
const pincodes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);

function bodyOf(section: Section, form: FormData): SettingsBody {
  if (section === 'reminders') return { cart_reminders: form.get('cart_reminders') === 'on' };
  if (section === 'cod') {
    return {
      cod: {
        enabled: form.get('enabled') === 'on',
        min_order: num(form, 'min_order'),
        max_order: num(form, 'max_order'),
        fee: num(form, 'fee'),
        refused_pincodes: pincodes(text(form, 'refused_pincodes')),
        max_open_per_phone: num(form, 'max_open_per_phone'),
        confirm_by_code: form.get('confirm_by_code') === 'on',
      },
    };
  }
  if (section === 'shipping') {
    return {
      shipping_rates: Object.fromEntries(RATES.map(([key]) => [key, num(form, key)])) as SettingsBody['shipping_rates'],
    };
  }
  if (section === 'windows') {
    return {
      payment_window_minutes: num(form, 'payment_window_minutes'),
      return_window_days: num(form, 'return_window_days'),
      low_stock_threshold: num(form, 'low_stock_threshold'),
      unpaid_pieces_per_variant: num(form, 'unpaid_pieces_per_variant'),
      store_credit_expiry_days: num(form, 'store_credit_expiry_days'),
    };
  }
  return {
    seller: {
      ...(Object.fromEntries(SELLER.map(([key]) => [key, text(form, key)])) as Omit<
        NonNullable<SettingsBody['seller']>,
        'state'
      >),
      state: text(form, 'state') as NonNullable<SettingsBody['seller']>['state'],
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const section = SECTIONS.find((s) => s === form.get('section'));
  if (!section) return { section: null, ok: false, text: 'Unknown form', errors: [] as string[] };
  // JSON has no NaN: a field that is no number goes as null, which the API refuses by name.
  const res = await call(args, ADMIN_ROUTES['admin.settings.save'], { body: bodyOf(section, form) });
  if (res.ok) return { section, ok: true, text: 'Saved.', errors: [] as string[] };
  return { section, ok: false, text: res.message, errors: res.errors };
}

function Notice({ section, data }: { section: Section; data: Awaited<ReturnType<typeof action>> | undefined }) {
  if (!data || data.section !== section) return null;
  return (
    <>
      <AdminNotice notice={{ kind: data.ok ? 'success' : 'error', text: data.text }} />
      {data.errors.length > 0 && !data.ok && (
        <ul className="-mt-2 mb-3 list-disc pl-6 text-sm text-brand-dark">
          {data.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const save = (
    <button type="submit" className={`${buttonClass.dark} mt-4`} disabled={busy}>
      Save
    </button>
  );
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Shipping rates">
          <Notice section="shipping" data={actionData} />
          <Form method="post" aria-label="Shipping rates">
            <input type="hidden" name="section" value="shipping" />
            <p className="mb-3 text-sm text-muted">Per order, in rupees; 0 ships free. Checkout uses them at once.</p>
            <div className="grid grid-cols-2 gap-3">
              {RATES.map(([key, label]) => (
                <label key={key} className={labelClass}>
                  {label} (₹)
                  <input
                    name={key}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={settings.shipping_rates[key]}
                    className={inputClass}
                  />
                  <span className="mt-1 block text-xs font-normal text-muted">
                    Now {formatRupees(settings.shipping_rates[key])}
                  </span>
                </label>
              ))}
            </div>
            {save}
          </Form>
        </Card>

        <Card title="Windows and stock">
          <Notice section="windows" data={actionData} />
          <Form method="post" aria-label="Windows and stock">
            <input type="hidden" name="section" value="windows" />
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <label className={labelClass}>
                Payment window (minutes)
                <input
                  name="payment_window_minutes"
                  type="text"
                  inputMode="numeric"
                  defaultValue={settings.payment_window_minutes}
                  className={inputClass}
                />
                <span className="mt-1 block text-xs font-normal text-muted">
                  5 to 1440: an unpaid order ends after it.
                </span>
              </label>
              <label className={labelClass}>
                Return window (days)
                <input
                  name="return_window_days"
                  type="text"
                  inputMode="numeric"
                  defaultValue={settings.return_window_days}
                  className={inputClass}
                />
                <span className="mt-1 block text-xs font-normal text-muted">0 to 90 days after delivery.</span>
              </label>
              <label className={labelClass}>
                Low-stock threshold
                <input
                  name="low_stock_threshold"
                  type="text"
                  inputMode="numeric"
                  defaultValue={settings.low_stock_threshold}
                  className={inputClass}
                />
                <span className="mt-1 block text-xs font-normal text-muted">This many or fewer is low.</span>
              </label>
              <label className={labelClass}>
                Unpaid pieces per shopper
                <input
                  name="unpaid_pieces_per_variant"
                  type="text"
                  inputMode="numeric"
                  defaultValue={settings.unpaid_pieces_per_variant}
                  className={inputClass}
                />
                <span className="mt-1 block text-xs font-normal text-muted">
                  1 to 1000 of one size and colour, held in orders awaiting payment.
                </span>
              </label>
              <label className={labelClass}>
                Store credit lasts (days)
                <input
                  name="store_credit_expiry_days"
                  type="text"
                  inputMode="numeric"
                  defaultValue={settings.store_credit_expiry_days}
                  className={inputClass}
                />
                <span className="mt-1 block text-xs font-normal text-muted">
                  30 to 3650 days from when it is given; credit given before a change keeps its date.
                </span>
              </label>
            </div>
            {save}
          </Form>
        </Card>

        <Card title="Cash on delivery" className="lg:col-span-2">
          <Notice section="cod" data={actionData} />
          <Form method="post" aria-label="Cash on delivery">
            <input type="hidden" name="section" value="cod" />
            <p className="mb-3 text-sm text-muted">
              Off until you switch it on. The shopper pays the order&apos;s total and the fee in cash at the door;
              delivered orders count as paid, a parcel refused at the door comes back to stock.
            </p>
            <label className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
              <input type="checkbox" name="enabled" defaultChecked={settings.cod.enabled} className="size-4" />
              Offer cash on delivery
            </label>
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
              {(
                [
                  ['min_order', 'Smallest order (₹)', 'Before the fee.'],
                  ['max_order', 'Largest order (₹)', 'Before the fee.'],
                  ['fee', 'Fee (₹)', 'A line of the order and its invoice.'],
                  ['max_open_per_phone', 'Open COD orders per phone', 'Not yet delivered, 1 to 20.'],
                ] as const
              ).map(([key, label, hint]) => (
                <label key={key} className={labelClass}>
                  {label}
                  <input
                    name={key}
                    type="text"
                    inputMode={key === 'max_open_per_phone' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    defaultValue={settings.cod[key]}
                    className={inputClass}
                  />
                  <span className="mt-1 block text-xs font-normal text-muted">{hint}</span>
                </label>
              ))}
              <label className={`${labelClass} sm:col-span-2 xl:col-span-4`}>
                PIN codes refused
                <input
                  name="refused_pincodes"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={settings.cod.refused_pincodes.join(', ')}
                  className={inputClass}
                />
                <span className="mt-1 block text-xs font-normal text-muted">
                  Whole PIN codes or their first digits, separated by commas: 110001, 8 refuses 110001 and every code
                  starting with 8.
                </span>
              </label>
            </div>
            <label className="mt-3 flex items-center gap-2 text-sm font-semibold text-ink">
              <input
                type="checkbox"
                name="confirm_by_code"
                defaultChecked={settings.cod.confirm_by_code}
                className="size-4"
              />
              Confirm each order with a 6-digit code mailed to the shopper
            </label>
            {save}
          </Form>
        </Card>

        <Card title="Seller on invoices" className="lg:col-span-2">
          <Notice section="seller" data={actionData} />
          <Form method="post" aria-label="Seller on invoices">
            <input type="hidden" name="section" value="seller" />
            <p className="mb-3 text-sm text-muted">
              Printed on new tax invoices, credit notes and packing slips; invoices already made keep theirs.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {SELLER.map(([key, label, autoComplete]) => (
                <label key={key} className={`${labelClass} ${key === 'address' ? 'sm:col-span-2' : ''}`}>
                  {label}
                  <input
                    name={key}
                    type={key === 'email' ? 'email' : 'text'}
                    autoComplete={autoComplete}
                    defaultValue={settings.seller[key]}
                    className={inputClass}
                  />
                </label>
              ))}
              <label className={labelClass}>
                State
                <select name="state" defaultValue={settings.seller.state} className={inputClass}>
                  {INDIAN_STATES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </label>
            </div>
            {save}
          </Form>
        </Card>

        <CartRemindersCard
          on={settings.cart_reminders}
          notice={<Notice section="reminders" data={actionData} />}
          save={save}
        />
      </div>
    </>
  );
}
