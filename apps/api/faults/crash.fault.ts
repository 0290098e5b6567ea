import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertBuilt, KIND, Scenario, sleep, until } from './harness';
import { checkInvariants } from './invariants';
import { Load } from './load';

describe('the shop killed with SIGKILL', () => {
  let s: Scenario;
  beforeAll(async () => {
    assertBuilt();
    s = await Scenario.open('SIGKILL mid-placement and mid-payment, then restarted');
  });
  afterAll(() => s?.close());

  it('keeps every paid order paid once, the stock right and every cart', async () => {
    s.note(`started in ${await s.start()} ms`);
    const load = new Load(() => s.url, s.provider, s.variants);
    await load.addShoppers(6);
    load.start();
    for (let round = 1; round <= 3; round += 1) {
      await sleep(2_000);
      // The moment an order is being placed while a payment is being reported.
      await until(
        () => load.inFlightCount('place') > 0 && load.inFlightCount('pay-report') > 0,
        30_000,
        'a placement and a payment report in flight',
      );
      const inFlight = `${load.inFlightCount('place')} placing, ${load.inFlightCount('pay-report')} reporting a payment, ${load.inFlightCount()} in all`;
      await s.shop.stop('SIGKILL');
      const locked = KIND === 'pglite' ? `, lock file left: ${s.pgliteLocked}` : '';
      const back = await s.start();
      s.note(`kill ${round}: ${inFlight}${locked}; answering again ${back} ms after the restart began`);
    }
    await sleep(2_000);
    await load.stop();
    await s.provider.drain();
    await checkInvariants(s, load);
    s.report();
  });
});
