import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { ORDER_MOVES, canMove, shopperActions } from './order-state';

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

  it('shows the shopper the spec buttons', () => {
    expect(shopperActions('created')).toEqual({ can_pay: true, can_cancel: true, can_return: false });
    expect(shopperActions('packaging')).toEqual({ can_pay: false, can_cancel: true, can_return: false });
    expect(shopperActions('shipped')).toEqual({ can_pay: false, can_cancel: false, can_return: true });
    expect(shopperActions('delivered')).toEqual({ can_pay: false, can_cancel: false, can_return: true });
    expect(shopperActions('refunded')).toEqual({ can_pay: false, can_cancel: false, can_return: false });
  });
});
