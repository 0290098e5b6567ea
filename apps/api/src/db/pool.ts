import pg from 'pg';

/**
 * node-postgres's pool, made safe for connections that die while checked
 * out (a database restart, a failover, pg_terminate_backend):
 *
 * - node-postgres emits 'error' on a checked-out client whose connection
 *   dies between statements, and the pool listens only while the client is
 *   idle: unheard, that error would end the process.
 * - Drizzle's transaction sends `begin` before its try/finally, so a
 *   connection lost at that moment was never released: ten such moments
 *   and the pool was empty for good, every request waiting for a connection.
 *
 * So a checked-out client whose connection ends is released at once (and
 * destroyed by the pool), and releasing twice is harmless.
 */
export class GuardedPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    // pg-pool's own query() (Drizzle's path outside transactions) takes a connection with a
    // callback and listens for its 'error' only once: a connection killed mid-query can report
    // twice (the server's FATAL, then the socket's end), and the second report, unheard, ended
    // the process (the db-connections fault test caught it). Every connection is heard for good;
    // the pool still drops the dead one.
    this.on('connect', (client) => client.on('error', () => {}));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own query(), which always releases.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const done = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', lost);
    client.off('end', ended);
    release(err);
  };
  const lost = (err: Error) => done(err);
  const ended = () => done(new Error('the connection ended while checked out'));
  client.on('error', lost);
  client.on('end', ended);
  client.release = done;
  return client;
}
