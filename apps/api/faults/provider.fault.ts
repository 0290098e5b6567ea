import { MESSAGES } from '@shop/contract';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertBuilt, Scenario, sleep, until } from './harness';
import { checkInvariants } from './invariants';
import { Load } from './load';

describe('the payment provider down', () => {
  let s: Scenario;
  beforeAll(async () => {
    assertBuilt();
    s = await Scenario.open('payment provider down, then back', { PAYMENT_WINDOW_MINUTES: '1' });
  });
  afterAll(() => s?.close());

  it('answers 503 with a clear message to payment starts, and reconciles the orders when it returns', async () => {
    await s.start();
    const load = new Load(() => s.url, s.provider, s.variants);
    await load.addShoppers(6);

    // Six orders waiting for payment. The provider takes the money for three, and its word of it is
    // lost: the tab closed before the browser reported, and no webhook came through.
    const waiting: { orderId: number; paid: boolean; shopper: (typeof load.shoppers)[number] }[] = [];
    for (const [i, shopper] of load.shoppers.entries()) {
      const orderId = await shopper.order('ONLINE');
      const providerOrderId = orderId && (await shopper.startPayment(orderId));
      if (!orderId || !providerOrderId) throw new Error('could not prepare an order waiting for payment');
      const paid = i % 2 === 0;
      if (paid) s.provider.fake.pay(providerOrderId, 'captured', 'upi');
      waiting.push({ orderId, paid, shopper });
    }
    const placedAt = Date.now();

    await s.provider.fake.pause();
    const shopper = load.shoppers[0]!;
    const orderId = await shopper.order();
    const refused = await load.call('pay-start', 'POST', `/orders/${orderId}/payment`, { token: shopper.token });
    s.check(
      'starting a payment answers 503 with a message a shopper understands',
      refused.ok && refused.status === 503 && JSON.stringify(refused.body).includes(MESSAGES.paymentUnavailable),
      refused.ok ? `${refused.status} ${JSON.stringify(refused.body)}` : refused.error,
    );

    // Shoppers go on browsing and ordering (payment starts fail) past the payment window of the six.
    load.start();
    await sleep(Math.max(0, placedAt + 60_000 + 6_000 - Date.now()));
    const during = await Promise.all(waiting.map((w) => w.shopper.status(w.orderId)));
    s.check(
      'past their payment window, no order is cancelled while the provider cannot say whether it was paid',
      during.every((status) => status === 'created'),
      during.join(', '),
    );

    await s.provider.fake.resume();
    const settled = async () => {
      const now = await Promise.all(waiting.map((w) => w.shopper.status(w.orderId)));
      return now.every((status, i) => status === (waiting[i]!.paid ? 'packaging' : 'store_cancelled'));
    };
    const reconciled = await until(settled, 30_000, 'the orders reconciled');
    s.check(
      'once it is back: the three paid orders are paid, the three unpaid cancelled with their stock back',
      true,
      `${reconciled} ms after the provider returned (jobs every ${s.env.JOBS_INTERVAL_SECONDS} s)`,
    );
    await load.stop();
    await s.provider.drain();
    await checkInvariants(s, load);
    s.report();
  });
});
