import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';

const SHOP_EMAIL = 'orders@littleloom.test';
let shop: TestShop;
let world: OrderWorld;

beforeAll(async () => {
  shop = await createTestShop({ SHOP_EMAIL });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

const contact = (payload: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/contacts', payload, headers });

describe("mails to the shop's own address (SHOP_EMAIL)", () => {
  it('tells the shop of a new paid order, with what to make and where it goes', async () => {
    const placed = await world.order('shopmailorder');
    expect(await world.mailsTo(SHOP_EMAIL)).not.toContain(expect.stringContaining(`#${placed.order.id}`));
    await world.pay(placed.shopper, placed.order);
    const subjects = await world.mailsTo(SHOP_EMAIL);
    const subject = subjects.find((s) => s.startsWith(`New paid order #${placed.order.id} `));
    expect(subject).toBe(`New paid order #${placed.order.id} (₹1,149)`);
    const text = await world.mailText(SHOP_EMAIL, subject!);
    expect(text).toContain('1 × Hand-embroidered jhabla');
    expect(text).toContain(placed.shopper.email);

    // A replayed outbox run (at least once) does not mail twice.
    await world.drain();
    expect((await world.mailsTo(SHOP_EMAIL)).filter((s) => s === subject)).toHaveLength(1);
  });

  it('tells the shop of a new enquiry and of a return request', async () => {
    const res = await contact({
      name: 'Meera Iyer',
      email: 'meera.iyer@example.com',
      phone: '9812345678',
      message: 'Do you make the mulmul frock in size 4-5Y?',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await world.mailsTo(SHOP_EMAIL)).toContain('New enquiry from Meera Iyer');
    expect(await world.mailText(SHOP_EMAIL, 'New enquiry from Meera Iyer')).toContain(
      'Do you make the mulmul frock in size 4-5Y?',
    );

    const paid = await world.paidOrder('shopmailreturn');
    const ret = await contact(
      { name: 'Ravi', email: paid.shopper.email, message: 'The romper is too small.', order_id: paid.order.id },
      paid.shopper.auth,
    );
    expect(ret.statusCode, ret.body).toBe(201);
    expect(await world.mailsTo(SHOP_EMAIL)).toContain(`Return request for order #${paid.order.id} from Ravi`);
  });

  it('sends nothing when the enquiry is refused', async () => {
    const before = (await world.mailsTo(SHOP_EMAIL)).length;
    const res = await contact({ name: 'Nobody', email: 'x@example.com', message: 'hi', order_id: 999_999 });
    expect(res.statusCode).toBe(401);
    expect(await world.mailsTo(SHOP_EMAIL)).toHaveLength(before);
  });
});
