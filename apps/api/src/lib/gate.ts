/** A gate that is full: the caller should come back later. */
export class GateFull extends Error {
  override name = 'GateFull';
}

/**
 * Runs at most `limit` tasks at a time; up to `queue` more wait their turn,
 * first come first served; past that a task is refused at once (GateFull).
 */
export class Gate {
  private running = 0;
  private waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queue: number,
  ) {}

  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.queue) throw new GateFull('too many tasks waiting');
      // The task that finishes hands its place over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
