import { ROUTES } from '@shop/contract/lite';
import { BackInStockBody } from '@shop/contract';
import { data } from 'react-router';
import { BACK_IN_STOCK_FORM } from '~/components/product-page/back-in-stock';
import type { Args } from './api.server';
import { call } from './call.server';
import type { FormAnswer } from './flash';
import { numberField, textField } from './form';
import { apiErrorText } from './form.server';

/**
 * 'Tell me when it's back' (docs/product.md 'Back in stock'): the product
 * page's form, posted with or without scripts. A signed-in shopper's request
 * is for the account's email (the API takes it from the session); a guest
 * types one. The answer says what will happen, or why not, in words.
 */
export async function askBackInStock(args: Args, form: FormData) {
  const typed = textField(form, 'email');
  const values = { email: typed };
  const answer = (a: Omit<FormAnswer, 'form' | 'values'>, status: number) =>
    data<FormAnswer>({ form: BACK_IN_STOCK_FORM, values, ...a }, { status });
  const body = BackInStockBody.safeParse({
    variant_id: numberField(form, 'product_variant_id'),
    ...(form.has('email') ? { email: typed } : {}),
  });
  if (!body.success) {
    const issue = body.error.issues[0]!;
    const text = issue.path[0] === 'email' ? issue.message : 'Please choose a size first';
    return answer(
      { notice: { kind: 'error', text }, fieldErrors: { email: issue.path[0] === 'email' ? text : undefined } },
      400,
    );
  }
  const res = await call(args, ROUTES['backInStock.ask'], { body: body.data });
  if (!res.ok) {
    const text = apiErrorText(res);
    const aboutEmail = /email/i.test(text);
    return answer({ notice: { kind: 'error', text }, fieldErrors: aboutEmail ? { email: text } : {} }, res.status);
  }
  return answer({ notice: { kind: 'success', text: res.data.message } }, 200);
}
