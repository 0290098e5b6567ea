import { ADMIN_ROUTES, GoodwillRefundBody, MESSAGES } from '@shop/contract';
import { redirect } from 'react-router';
import type { Args } from './api.server';
import { call } from './call.server';
import { checkForm, textField, type FieldErrors } from './form';
import { apiErrorText, formAnswer } from './form.server';

const CHECK = 'Please check the fields marked below.';

/** Which field a refusal of the API is about ('reason is required', 'A refund of ₹X is more than is left…'). */
function fieldOf(reason: string): 'amount' | 'reason' | null {
  if (/^reason\b/.test(reason)) return 'reason';
  if (/^amount\b|^A refund of /.test(reason)) return 'amount';
  return null;
}

/**
 * The order page's 'Refund an amount' form posted (intent 'refund'): checked
 * with the contract's schema, sent to the API, then the page again with
 * `?done=refund`; a refusal draws the form again with each reason beside its
 * field (or above the form when it names none).
 */
export async function postGoodwillRefund(args: Args, orderId: string, form: FormData) {
  // '₹1,200' and '1 200' are typed as often as '1200'.
  const values = {
    amount: textField(form, 'amount'),
    reason: textField(form, 'reason'),
    refund_to: textField(form, 'refund_to'),
  };
  if (!values.refund_to) form.delete('refund_to');
  form.set('amount', values.amount.replace(/[₹,\s]/g, ''));
  const checked = checkForm(GoodwillRefundBody, form);
  if (!checked.ok) {
    const { request_key: key, ...fieldErrors } = checked.errors;
    const text = key ? MESSAGES.invalidInput : CHECK;
    return formAnswer({ form: 'refund', values, fieldErrors, notice: { kind: 'error', text } });
  }
  const res = await call(args, ADMIN_ROUTES['admin.orders.refund'], { params: { id: orderId }, body: checked.data });
  if (res.ok) {
    throw redirect(
      `/admin/orders/${encodeURIComponent(orderId)}?done=${res.data.repeated ? 'refund_repeated' : 'refund'}`,
    );
  }
  const fieldErrors: FieldErrors = {};
  const others: string[] = [];
  for (const reason of res.status === 400 ? res.errors : []) {
    const field = fieldOf(reason);
    if (field) fieldErrors[field] ??= reason;
    else others.push(reason);
  }
  const text = Object.keys(fieldErrors).length > 0 && others.length === 0 ? CHECK : apiErrorText(res);
  return formAnswer({ form: 'refund', values, fieldErrors, notice: { kind: 'error', text } }, res.status);
}
