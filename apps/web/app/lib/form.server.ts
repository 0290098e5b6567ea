import { MESSAGES } from '@shop/contract';
import { data } from 'react-router';
import type { ApiResult } from './api.server';
import type { FormAnswer } from './flash';

/** An action's answer that shows the form again: a message, reasons per field, what was typed. */
export const formAnswer = (answer: FormAnswer, status = 400) => data(answer, { status });

/** An error message for the shopper, in the server's words for a 4xx (docs/product.md#messages: the first of `errors`). */
export function apiErrorText(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  fallback: string = MESSAGES.serverError,
) {
  if (result.status >= 500 || result.status === 0) return fallback;
  return result.errors[0] ?? result.message;
}

/** The failed call as the form's answer: the server's reason as a message, its status kept. */
export const failed = (
  result: Extract<ApiResult<unknown>, { ok: false }>,
  extra: Omit<FormAnswer, 'notice'> = {},
  fallback?: string,
) => formAnswer({ ...extra, notice: { kind: 'error', text: apiErrorText(result, fallback) } }, result.status);
