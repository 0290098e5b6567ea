import { unitOfWork, type AppContext } from './context';
import { followUpRefunds } from './modules/payments/refund-settlement';
import { remindUnpaidOrders } from './modules/orders/payment-reminders';
import { remindIdleCarts } from './modules/cart-reminders/cart-reminders.service';
import { expireUnpaidOrders } from './modules/payments/reconcile';
import { startRetention } from './retention';

/** The outbox is polled this often, besides the nudge after each commit that writes to it. */
const OUTBOX_POLL_MS = 1_000;

/**
 * The server's background work: the outbox worker (mails, invoices, refund
 * requests), every JOBS_INTERVAL_SECONDS the clock's jobs (remind shoppers
 * of unpaid orders shortly before they expire, expire them after asking the
 * provider, follow up refunds the provider has not settled, remind shoppers
 * who agreed to it of a cart left unchanged), and once a day the retention of old data. The state lives in the
 * database, so a restart loses nothing, and the work is safe to run in
 * several processes. Stopping waits for a run in progress, so the database
 * is not closed under it.
 */
export function startJobs(ctx: AppContext): () => Promise<void> {
  ctx.outbox.start(OUTBOX_POLL_MS);
  const seconds = ctx.env.JOBS_INTERVAL_SECONDS;
  if (seconds === 0) return () => ctx.outbox.close();
  const stopRetention = startRetention(ctx); // daily: old sessions, page views, webhooks, sent mails
  const work = unitOfWork(ctx, { kind: 'clock' }, ctx.log.child({ job: 'clock' }));
  let running = false;
  let current: Promise<void> = Promise.resolve();
  const tick = async () => {
    running = true; // a slow run is never overlapped by the next
    try {
      const reminded = await remindUnpaidOrders(work);
      if (reminded > 0) ctx.log.info({ reminded }, 'shoppers reminded to pay');
      const expired = await expireUnpaidOrders(work);
      if (expired > 0) ctx.log.info({ expired }, 'unpaid orders expired');
      await followUpRefunds(work);
      const carts = await remindIdleCarts(work);
      if (carts > 0) ctx.log.info({ carts }, 'cart reminders queued');
    } catch (err) {
      ctx.log.error({ err }, 'background jobs failed; retrying next time');
    } finally {
      running = false;
    }
  };
  const run = () => {
    if (!running) current = tick();
  };
  const timer = setInterval(run, seconds * 1000);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await Promise.all([current, stopRetention(), ctx.outbox.close()]);
  };
}
