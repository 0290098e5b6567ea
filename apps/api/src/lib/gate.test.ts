import { describe, expect, it } from 'vitest';
import { Gate, GateFull } from './gate';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('Gate', () => {
  it('runs at most `limit` tasks at a time, the others in the order they came', async () => {
    const gate = new Gate(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gate.active).toBe(0);
  });

  it('refuses a task once `queue` are waiting, and frees the place of a task that failed', async () => {
    const gate = new Gate(1, 1);
    let release = () => {};
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    const second = gate.run(() => Promise.reject(new Error('boom')));
    await expect(gate.run(() => Promise.resolve())).rejects.toBeInstanceOf(GateFull);
    release();
    await first;
    await expect(second).rejects.toThrow('boom');
    expect(gate.active).toBe(0);
    await expect(gate.run(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
