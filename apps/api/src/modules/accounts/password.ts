import { MESSAGES } from '@shop/contract';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors';
import { Gate, GateFull } from '../../lib/gate';

// argon2id with OWASP's minimum memory cost (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads), which file reads, DNS and
 * compression share: two hashes at a time leave them room, so a flood of
 * sign-ups or logins cannot stall the rest of the shop. Up to 100 more wait
 * (a few seconds at most); past that the caller is told to come back (503).
 */
export const passwordHashing = new Gate(2, 100);

async function gated<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await passwordHashing.run(task);
  } catch (err) {
    if (err instanceof GateFull) throw new AppError('unavailable', MESSAGES.busy);
    throw err;
  }
}

export const hashPassword = (password: string): Promise<string> => gated(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return gated(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
