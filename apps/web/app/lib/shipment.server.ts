import { ADMIN_ROUTES, MESSAGES, ShipBody } from '@shop/contract';
import { redirect } from 'react-router';
import type { Args } from './api.server';
import { call } from './call.server';
import { checkForm, textField } from './form';
import { formAnswer } from './form.server';

/**
 * The order page's ship form with its pieces (docs/back-office.md 'Shipments'): the carrier's
 * fields checked with the contract's schema, the pieces read from the qty_<line id> fields (0 leaves
 * a line out), sent as one shipment; the API's refusal (too many pieces, none) shown above the form.
 */
export async function postShipment(args: Args, orderId: string, form: FormData, values: Record<string, string>) {
  const qty = [...form.keys()].filter((k) => k.startsWith('qty_'));
  const typed = { ...values, ...Object.fromEntries(qty.map((k) => [k, textField(form, k).trim()])) };
  const refuse = (text: string, status = 400) =>
    formAnswer({ form: 'ship', values: typed, notice: { kind: 'error', text } }, status);
  const checked = checkForm(ShipBody, form);
  if (!checked.ok) return formAnswer({ form: 'ship', values: typed, fieldErrors: checked.errors });
  if (qty.some((k) => !/^\d{1,4}$/.test(typed[k] ?? ''))) return refuse('Pieces are whole numbers, 0 or more');
  const lines = qty
    .map((k) => ({ line_id: Number(k.slice(4)), quantity: Number(typed[k]) }))
    .filter((l) => l.quantity > 0);
  if (lines.length === 0) return refuse('Choose at least one piece to ship');
  const key = textField(form, 'request_key');
  const res = await call(args, ADMIN_ROUTES['admin.orders.shipPart'], {
    params: { id: orderId },
    body: { ...checked.data, lines, ...(key ? { request_key: key } : {}) },
  });
  if (!res.ok) return refuse(res.status >= 500 ? MESSAGES.serverError : (res.errors[0] ?? res.message), res.status);
  const done = res.data.repeated ? 'ship_repeated' : res.data.order.status === 'shipped' ? 'ship' : 'ship_part';
  throw redirect(`/admin/orders/${encodeURIComponent(orderId)}?done=${done}`);
}
