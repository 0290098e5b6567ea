import http from 'node:http';

/**
 * One HTTP call on a connection of its own (no keep-alive), so every failure
 * says what happened: `refused` never reached the shop; `reset` is a
 * connection dropped before any answer; `timeout` waited too long.
 */
export type Outcome =
  | { ok: true; status: number; body: unknown; ms: number }
  | { ok: false; error: 'refused' | 'reset' | 'timeout' | 'other'; detail: string; ms: number; id: string };

let sent = 0;

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A JSON body sent exactly as given (a signature covers its bytes). */
  raw?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function request(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Outcome> {
  const started = Date.now();
  // Named, so that the shop's log tells whether a request that failed had reached it.
  const id = opts.headers?.['x-request-id'] ?? `load-${process.pid}-${++sent}`;
  const text = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const payload = text === undefined ? undefined : Buffer.from(text);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = http.request(
      `${base}/api/v1${path}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
          'x-request-id': id,
        },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) =>
          done({ ok: false, error: 'reset', detail: err.message, ms: Date.now() - started, id }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          done({ ok: true, status: res.statusCode ?? 0, body, ms: Date.now() - started });
        });
      },
    );
    req.on('timeout', () => {
      done({ ok: false, error: 'timeout', detail: 'no answer in time', ms: Date.now() - started, id });
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const error =
        err.code === 'ECONNREFUSED'
          ? 'refused'
          : err.code === 'ECONNRESET' || err.message === 'socket hang up'
            ? 'reset'
            : 'other';
      done({ ok: false, error, detail: `${err.code ?? ''} ${err.message}`, ms: Date.now() - started, id });
    });
    req.end(payload);
  });
}

/** Answers by status, network failures by kind: what the fault tests print and check. */
export class Tally {
  readonly statuses = new Map<number, number>();
  readonly failures = new Map<string, number>();
  /** Answers the shop must never give: 500s, with their path and body. */
  readonly serverErrors: string[] = [];
  /** Connections dropped before an answer: which call, its request id. */
  readonly resets: { kind: string; id: string; ms: number }[] = [];
  total = 0;

  add(kind: string, outcome: Outcome): void {
    this.total += 1;
    if (outcome.ok) {
      this.statuses.set(outcome.status, (this.statuses.get(outcome.status) ?? 0) + 1);
      if (outcome.status >= 500 && outcome.status !== 503) {
        this.serverErrors.push(`${kind} → ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`);
      }
    } else {
      this.failures.set(outcome.error, (this.failures.get(outcome.error) ?? 0) + 1);
      if (outcome.error === 'reset') this.resets.push({ kind, id: outcome.id, ms: outcome.ms });
    }
  }

  count(status: number): number {
    return this.statuses.get(status) ?? 0;
  }

  toString(): string {
    const statuses = [...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n}×${s}`);
    const failures = [...this.failures].map(([e, n]) => `${n}×${e}`);
    return `${this.total} requests: ${[...statuses, ...failures].join(', ')}`;
  }
}
