import { unitOfWork, type AppContext } from './context';
import { followUpRefunds } from './modules/orders/refund-settlement';
import { expireUnpaidOrders } from './modules/orders/reconcile';

/** The outbox is polled this often, besides the nudge after each commit that writes to it. */
const OUTBOX_POLL_MS = 1_000;

/**
 * The server's background work: the outbox worker (mails, invoices, refund
 * requests), and every JOBS_INTERVAL_SECONDS the clock's jobs: expire unpaid
 * orders (after asking the provider) and follow up refunds the provider has
 * not settled. The state lives in the database, so a restart loses nothing,
 * and the work is safe to run in several processes.
 */
export function startJobs(ctx: AppContext): () => void {
  ctx.outbox.start(OUTBOX_POLL_MS);
  const seconds = ctx.env.JOBS_INTERVAL_SECONDS;
  if (seconds === 0) return () => void ctx.outbox.close();
  const work = unitOfWork(ctx, { kind: 'clock' }, ctx.log.child({ job: 'clock' }));
  let running = false;
  const tick = async () => {
    if (running) return; // a slow run is never overlapped by the next
    running = true;
    try {
      const expired = await expireUnpaidOrders(work);
      if (expired > 0) ctx.log.info({ expired }, 'unpaid orders expired');
      await followUpRefunds(work);
    } catch (err) {
      ctx.log.error({ err }, 'background jobs failed; retrying next time');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), seconds * 1000);
  timer.unref();
  void tick();
  return () => {
    clearInterval(timer);
    void ctx.outbox.close();
  };
}
