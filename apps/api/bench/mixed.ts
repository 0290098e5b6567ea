/**
 * The mixed run of `npm run bench` (target `mixed`): shoppers browsing while others buy. Readers
 * load pages (or catalogue answers) flat out with autocannon; at the same time buyers, each in a
 * loop, set a cart line, place an order and cancel it. Every order and every cancellation moves
 * stock, so each is a catalogue write that empties the catalogue and page caches in every
 * process (docs/catalog-cache.md). The same reads run first alone, for comparison.
 */
import type { AutocannonOptions, AutocannonResult } from 'autocannon';

export interface MixedDeps {
  cannon(opts: AutocannonOptions, onLatency?: (ms: number) => void): Promise<AutocannonResult>;
  call(
    base: string,
    method: string,
    urlPath: string,
    body: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string }>;
  percentile(sorted: Float64Array, p: number): number;
}

export interface Buyer {
  token: string;
  address?: number;
  variant: { id: number; productId: number };
}

export interface MixedRow {
  reads: string;
  orders: boolean;
  readsPerSecond: number;
  p50: number;
  p99: number;
  readFailures: number;
  ordersPerSecond: number;
  cancelsPerSecond: number;
  writeFailures: number;
}

/** One run: the reads for `seconds`, with or without the buyers. */
export async function mixedRun(
  deps: MixedDeps,
  base: string,
  reads: { name: string; paths: string[]; headers: Record<string, string> },
  buyers: Buyer[] | null,
  connections: number,
  seconds: number,
): Promise<MixedRow> {
  const latencies: number[] = [];
  const requests = reads.paths.map((path) => ({ method: 'GET' as const, path }));
  await deps.cannon({ url: base, connections, amount: 500, headers: reads.headers, requests });
  let orders = 0;
  let cancels = 0;
  let writeFailures = 0;
  const t0 = performance.now();
  const stopAt = t0 + seconds * 1000;
  const buy = async (b: Buyer, n: number) => {
    while (performance.now() < stopAt && writeFailures < 50) {
      const { variant } = b;
      const line = { product_id: variant.productId, product_variant_id: variant.id, quantity: 1 };
      const cart = await deps.call(base, 'POST', '/api/v1/carts', line, b.token);
      if (cart.status !== 200) {
        writeFailures += 1;
        continue;
      }
      const placed = await deps.call(
        base,
        'POST',
        '/api/v1/orders',
        { address: b.address, shipping_type: 'standard', payment_method: 'ONLINE' },
        b.token,
        { 'idempotency-key': `mixed-${n}-${orders}-${Math.random()}` },
      );
      if (placed.status !== 201) {
        writeFailures += 1;
        continue;
      }
      orders += 1;
      const id = (JSON.parse(placed.text) as { data: { id: number }[] }).data[0]!.id;
      const cancelled = await deps.call(base, 'POST', '/api/v1/orders/cancel', { order_id: id }, b.token);
      if (cancelled.status === 200) cancels += 1;
      else writeFailures += 1;
    }
  };
  const [result] = await Promise.all([
    deps.cannon({ url: base, connections, duration: seconds, headers: reads.headers, requests }, (ms) =>
      latencies.push(ms),
    ),
    ...(buyers ?? []).map((b, n) => buy(b, n)),
  ]);
  const wall = (performance.now() - t0) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    reads: reads.name,
    orders: buyers !== null,
    readsPerSecond: result.requests.total / wall,
    p50: deps.percentile(sorted, 50),
    p99: deps.percentile(sorted, 99),
    readFailures: result.non2xx + result.errors + result.timeouts,
    ordersPerSecond: orders / wall,
    cancelsPerSecond: cancels / wall,
    writeFailures,
  };
}

export function mixedTable(rows: MixedRow[]): string {
  const f = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const head = ['reads', 'orders flowing', 'reads/s', 'p50 ms', 'p99 ms', 'orders/s', 'cancels/s', 'failures'];
  const lines = rows.map((r) => [
    r.reads,
    r.orders ? 'yes' : 'no',
    f(r.readsPerSecond),
    f(r.p50, 1),
    f(r.p99, 1),
    r.orders ? f(r.ordersPerSecond, 1) : '',
    r.orders ? f(r.cancelsPerSecond, 1) : '',
    f(r.readFailures + r.writeFailures),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 2 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [render(head), rule, ...lines.map(render)].join('\n');
}
