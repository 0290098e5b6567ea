import { unitOfWork, type AppContext, type UnitOfWork } from '../context';
import type { EffectEvent } from './events';
import { claimDue, markDone, markFailed } from './outbox';

/** One run of one subscriber for one outbox row. */
export interface Job {
  id: number;
  event: string;
  /** 1 on the first run. */
  attempt: number;
  /** This is the last attempt: a failure now is for good. */
  final: boolean;
}

export interface EffectHandler<P> {
  run(work: UnitOfWork, payload: P, job: Job): Promise<void>;
  /** Runs before giving up (default 10). */
  maxAttempts?: number;
  /** After the last failure: leave a trace for people (a failed mail, a payment incident). */
  giveUp?(work: UnitOfWork, payload: P, error: string): Promise<void>;
}

/** 5 s, 10 s, 20 s ... at most an hour between attempts. */
export const backoffMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 3_600_000);

const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Runs the outbox: nudged right after a commit that wrote effects (so a mail
 * leaves at once in the normal case) and polling, for effects that wait for
 * a retry or were left by a process that stopped. Passes run one after
 * another in this process; between processes, rows are claimed with SKIP
 * LOCKED. An effect runs at least once: handlers are idempotent.
 */
export class OutboxWorker {
  private chain: Promise<unknown> = Promise.resolve();
  private queued = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly app: () => AppContext,
    private readonly subscriptions: Readonly<Record<EffectEvent, readonly string[]>>,
    // Each handler takes its own event's payload; the list in effects.ts checks that pairing.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly handlers: Readonly<Record<string, EffectHandler<any>>>,
    private readonly opts: { batch?: number; leaseMs?: number } = {},
  ) {}

  subscribers(event: EffectEvent): readonly string[] {
    return this.subscriptions[event];
  }

  nudge(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    this.chain = this.chain
      .then(() => {
        this.queued = false;
        return this.runDue(null);
      })
      .catch((err: unknown) => this.app().log.error({ err }, 'outbox pass failed'));
  }

  /** Polls every `intervalMs` until `close()`. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => this.nudge(), intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Runs every effect due (at `at`, default now), after any pass already under way; answers how many ran. */
  drain(opts: { at?: Date } = {}): Promise<number> {
    const done = this.chain.then(() => this.runDue(opts.at ?? null));
    this.chain = done.catch(() => undefined);
    return done;
  }

  /** Stops polling and waits for the pass under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.chain;
  }

  private async runDue(at: Date | null): Promise<number> {
    const app = this.app();
    let ran = 0;
    for (;;) {
      if (this.closed && at === null) return ran;
      const claimed = await claimDue(app.db, {
        at,
        batch: this.opts.batch ?? 20,
        leaseMs: this.opts.leaseMs ?? 5 * 60_000,
      });
      if (claimed.length === 0) return ran;
      // One at a time, in order: two mails about one order arrive in the order they were written.
      for (const row of claimed) {
        await this.runOne(app, row);
        ran += 1;
      }
    }
  }

  private async runOne(
    app: AppContext,
    row: { id: number; event: string; handler: string; payload: unknown; attempts: number },
  ): Promise<void> {
    const handler = this.handlers[row.handler];
    const work = unitOfWork(app, { kind: 'system' }, app.log.child({ outboxId: row.id, handler: row.handler }));
    if (!handler) {
      await markFailed(app.db, row.id, `no handler named ${row.handler}`, null);
      return;
    }
    const max = handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const job: Job = { id: row.id, event: row.event, attempt: row.attempts, final: row.attempts >= max };
    try {
      await handler.run(work, row.payload, job);
      await markDone(app.db, row.id);
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      work.log.warn({ err, attempt: job.attempt, final: job.final }, 'effect failed');
      await markFailed(app.db, row.id, error, job.final ? null : backoffMs(job.attempt));
      if (job.final && handler.giveUp) {
        await handler
          .giveUp(work, row.payload, error)
          .catch((e: unknown) => work.log.error({ err: e }, 'recording a failed effect failed'));
      }
    }
  }
}
