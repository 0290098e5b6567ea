import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import type { Actor, UnitOfWork } from '../../context';
import { ORDER_MOVES, canMove, shopperActions, type OrderRow } from './order-state';

/** Enough of a unit of work for the shopper's buttons, which read nothing but the order. */
const work = {
  actor: { kind: 'clock' },
  as(actor: Actor) {
    return { ...this, actor };
  },
} as unknown as UnitOfWork;
const order = (status: OrderStatus, paymentMethod: 'ONLINE' | 'COD' = 'ONLINE') =>
  ({
    id: 1,
    userId: 7,
    status,
    paymentMethod,
    paymentId: status === 'created' || paymentMethod === 'COD' ? null : 'pay_1',
    codConfirmedAt: null,
  }) as OrderRow;

// The order state machine (docs/product.md#order-states), row by row.
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['created', 'packaging'],
  ['created', 'payment_pending'],
  ['payment_pending', 'packaging'],
  ['created', 'user_cancelled'],
  ['payment_pending', 'user_cancelled'],
  ['created', 'store_cancelled'],
  // An authorised payment never captured expires like an unpaid order, or the shop cancels it.
  ['payment_pending', 'store_cancelled'],
  ['packaging', 'refund_progress'],
  ['packaging', 'cancelled_refund'],
  ['refund_progress', 'refunded'],
  ['cancelled_refund', 'refunded'],
  ['packaging', 'shipped'],
  ['shipped', 'delivered'],
  ['shipped', 'refund_progress'],
  ['delivered', 'refund_progress'],
  // Cash on delivery (docs/product.md 'Cash on delivery'): nothing was paid, so a cancel takes no refund.
  ['packaging', 'user_cancelled'],
  ['packaging', 'store_cancelled'],
  ['shipped', 'returned_to_origin'],
];

describe('order state machine', () => {
  it('allows exactly the moves of docs/product.md#order-states', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = ALLOWED.some(([f, t]) => f === from && t === to);
        expect(canMove(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('knows every status', () => {
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('never lets a paid order go back to unpaid', () => {
    for (const from of ['packaging', 'shipped', 'delivered', 'refund_progress', 'refunded'] as const) {
      expect(canMove(from, 'created')).toBe(false);
      expect(canMove(from, 'payment_pending')).toBe(false);
    }
  });

  it('shows the shopper the spec buttons', async () => {
    const buttons = (status: OrderStatus) => shopperActions(work, order(status));
    const none = { can_pay: false, can_confirm_cod: false, can_cancel: false, can_return: false };
    expect(await buttons('created')).toEqual({ ...none, can_pay: true, can_cancel: true });
    expect(await buttons('payment_pending')).toEqual({ ...none, can_cancel: true });
    expect(await buttons('packaging')).toEqual({ ...none, can_cancel: true });
    expect(await buttons('shipped')).toEqual({ ...none, can_return: true });
    expect(await buttons('delivered')).toEqual({ ...none, can_return: true });
    expect(await buttons('refunded')).toEqual(none);
  });

  it('shows a cash-on-delivery order confirm instead of pay, and no return', async () => {
    const buttons = (status: OrderStatus) => shopperActions(work, order(status, 'COD'));
    const none = { can_pay: false, can_confirm_cod: false, can_cancel: false, can_return: false };
    expect(await buttons('created')).toEqual({ ...none, can_confirm_cod: true, can_cancel: true });
    expect(await buttons('packaging')).toEqual({ ...none, can_cancel: true });
    expect(await buttons('shipped')).toEqual(none);
    expect(await buttons('returned_to_origin')).toEqual(none);
  });
});
