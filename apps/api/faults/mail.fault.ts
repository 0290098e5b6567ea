import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertBuilt, Scenario, sleep, until } from './harness';
import { checkInvariants } from './invariants';
import { Load } from './load';
import { Mailbox } from './mailbox';

/**
 * Mails survive an SMTP outage because the outbox worker sends them after the
 * commit and retries with backoff (apps/api/src/outbox): no confirmation of a
 * paid order is lost while the mail server refuses.
 */

describe('the mail server down for a while', () => {
  let s: Scenario;
  let mailbox: Mailbox;
  beforeAll(async () => {
    assertBuilt();
    mailbox = await Mailbox.start();
    s = await Scenario.open('mail server refusing, then back', { SMTP_URL: mailbox.url });
  });
  afterAll(async () => {
    await s?.close();
    await mailbox?.close();
  });

  it('every order confirmation arrives once the mail server is back', async () => {
    await s.start();
    const load = new Load(() => s.url, s.provider, s.variants);
    await load.addShoppers(4);
    load.start();
    await sleep(1_000);

    mailbox.accepting = false;
    await sleep(8_000);
    const refusedOrders = load.shoppers.reduce((n, sh) => n + sh.capturedAtProvider.size, 0);
    mailbox.accepting = true;
    const back = Date.now();
    await sleep(2_000);
    await load.stop();
    await s.provider.drain();

    const paid = new Set(load.shoppers.flatMap((sh) => [...sh.capturedAtProvider.keys()]));
    const arrived = () => new Set(mailbox.confirmations());
    const waited = await until(
      () => [...paid].every((id) => arrived().has(id)),
      120_000,
      'every confirmation mail',
    ).catch(() => undefined);
    const confirmations = mailbox.confirmations();
    const missing = [...paid].filter((id) => !confirmations.includes(id));
    const twice = confirmations.filter((id, i) => confirmations.indexOf(id) !== i);
    s.note(`${mailbox.refusals} connections refused in 8 s; ${refusedOrders} orders paid by then, ${paid.size} in all`);
    s.check(
      'every paid order got its confirmation once the mail server was back',
      missing.length === 0,
      waited === undefined ? `missing ${missing.join(',')}` : `all there ${Date.now() - back} ms after it returned`,
    );
    s.check('no confirmation was sent twice', twice.length === 0, twice.join(','));
    await checkInvariants(s, load);
    s.report();
  });
});
