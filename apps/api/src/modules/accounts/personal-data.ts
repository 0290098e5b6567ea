import type { User } from '@shop/contract';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';

/**
 * A module's part of a shopper's personal data (docs/security.md, 'Deleting
 * an account'; India's DPDP Act 2023): what goes into their copy of it, and
 * how it is forgotten when the account is deleted. Each module that keeps
 * such data hands accounts its part (src/personal-data.ts wires them), so
 * accounts asks them all through one list and imports none of them.
 */
export interface PersonalDataPart {
  /** The part's key in the shopper's copy; a part with none is only forgotten. */
  key?: string;
  copy?: (work: UnitOfWork, user: User) => Promise<unknown>;
  /** Forgets the user's data, inside the deletion's transaction; `tombstone` is the email the account keeps. */
  forget?: (db: DbOrTx, userId: number, tombstone: string) => Promise<void>;
}
