import { MESSAGES, type Address, type AddressBody, type UpdateAddressBody } from '@shop/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { preparedQuery, type Db, type DbOrTx } from '../../db/client';
import { lockUser } from '../accounts/user-lock';
import { addresses } from './addresses.schema';
import { AppError, notFound } from '../../lib/errors';

export const MAX_ADDRESSES = 20;

const toAddress = (a: typeof addresses.$inferSelect): Address => ({
  id: a.id,
  name: a.recipientName,
  address: a.address,
  phone: a.phone,
  locality: a.locality,
  city: a.city,
  state: a.state,
  pincode: a.pincode,
  country: a.country,
});

export async function listAddresses(db: DbOrTx, userId: number): Promise<Address[]> {
  const list = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  return list.map(toAddress);
}

/**
 * The phone of the account's address saved or changed last: the number for
 * messages that are about no order (docs/product.md 'Messages to shoppers').
 */
export async function latestAddressPhone(db: DbOrTx, userId: number): Promise<string | null> {
  const [found] = await db
    .select({ phone: addresses.phone })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.updatedAt), desc(addresses.id))
    .limit(1);
  return found?.phone ?? null;
}

const addressOfUser = preparedQuery((db) =>
  db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.userId, sql.placeholder('userId'))))
    .prepare('address_of_user'),
);

/** One of the shopper's addresses; another shopper's is 'not found' (docs/product.md#api). */
export async function getAddress(db: DbOrTx, userId: number, id: number): Promise<Address> {
  const [found] = await addressOfUser(db).execute({ id, userId });
  if (!found) throw notFound(MESSAGES.addressNotFound);
  return toAddress(found);
}

/** `accountName` is the recipient when the body names none. */
export async function addAddress(
  db: Db,
  userId: number,
  { name, ...body }: AddressBody,
  accountName = '',
): Promise<Address> {
  return db.transaction(async (tx) => {
    // Count-then-insert under the shopper's lock: parallel requests cannot pass the limit.
    await lockUser(tx, userId);
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (value >= MAX_ADDRESSES) {
      throw new AppError('invalid', `You can keep at most ${MAX_ADDRESSES} addresses. Please delete one first.`);
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...body, recipientName: name ?? accountName })
      .returning();
    return toAddress(row!);
  });
}

export async function updateAddress(
  db: DbOrTx,
  userId: number,
  { id, name, ...fields }: UpdateAddressBody,
): Promise<Address> {
  // Without a name the recipient stays as it was.
  const [row] = await db
    .update(addresses)
    .set({ ...fields, ...(name === undefined ? {} : { recipientName: name }), updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw notFound(MESSAGES.addressNotFound);
  return toAddress(row);
}

export async function deleteAddress(db: DbOrTx, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound(MESSAGES.addressNotFound);
}

/** An account being deleted (accounts/self-service.service.ts): its addresses go (orders keep their copies). */
export async function forgetAddresses(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(addresses).where(eq(addresses.userId, userId));
}
