import type { AppContext } from './context';
import { expireUnpaidOrders } from './modules/orders/expiry.service';
import { followUpRefunds } from './modules/payments/refunds.service';
import { startRetention } from './retention';

/**
 * The server's background work, every JOBS_INTERVAL_SECONDS: expire unpaid
 * orders and follow up refunds. The state lives in the database, so a
 * restart loses nothing, and the work is safe to run in several processes.
 */
export function startJobs(ctx: AppContext): () => Promise<void> {
  const seconds = ctx.env.JOBS_INTERVAL_SECONDS;
  if (seconds === 0) return () => Promise.resolve();
  let running = false;
  let current: Promise<void> = Promise.resolve();
  const tick = async () => {
    running = true; // a slow run is never overlapped by the next
    try {
      const expired = await expireUnpaidOrders(ctx);
      if (expired > 0) ctx.log.info({ expired }, 'unpaid orders expired');
      await followUpRefunds(ctx);
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
  const stopRetention = startRetention(ctx); // daily: old sessions, page views, webhooks, sent mails
  // Stopping waits for a run in progress, so the database is not closed under it.
  return async () => {
    clearInterval(timer);
    await Promise.all([current, stopRetention()]);
  };
}
