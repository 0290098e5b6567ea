import { CustomerActionResponse, CustomerDetail, CustomersPage, EnquiriesPage, EnquiryResponse } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUp } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop?.close());

const get = (url: string, who: StaffMember) =>
  shop.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.admin });
const post = (url: string, who: StaffMember, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: who.admin, payload });

describe('shoppers', () => {
  it('are found by email, name or phone with their orders count, spend and last order', async () => {
    const { shopper, order } = await world.paidOrder('findme-shopper', 2);
    const find = async (q: string) =>
      CustomersPage.parse((await get(`/customers?q=${encodeURIComponent(q)}`, admin)).json()).data;
    const [row] = await find(shopper.email.toUpperCase());
    expect(row).toMatchObject({ id: shopper.user.id, orders_count: 1, total_spent: order.total, disabled: false });
    expect(row!.last_order_at).not.toBeNull();
    expect((await find('findme-shopper')).map((c) => c.id)).toContain(shopper.user.id);
    expect(await find('nobody-by-this-name-at-all')).toEqual([]);
    // Staff are not shoppers; and a search of 101 characters is a 400.
    expect((await find(staff.email)).length).toBe(0);
    expectError(await get(`/customers?q=${'x'.repeat(101)}`, admin), 400);
    expectError(await get('/customers', staff), 403);

    const detail = CustomerDetail.parse((await get(`/customers/${shopper.user.id}`, admin)).json());
    expect(detail.orders.map((o) => o.id)).toEqual([order.id]);
    expectError(await get(`/customers/${staff.user.id}`, admin), 404);
  });

  it('disabled: every session ends at once, sign-in is refused in words; enabled again, sign-in works', async () => {
    const shopper = await signUp(shop.app, 'disable-me');
    expectError(await post(`/customers/${shopper.user.id}/disable`, staff, {}), 403);
    const res = await post(`/customers/${shopper.user.id}/disable`, admin, { note: 'chargebacks' });
    expect(res.statusCode, res.body).toBe(200);
    expect(CustomerActionResponse.parse(res.json())).toMatchObject({ repeated: false, customer: { disabled: true } });
    const again = CustomerActionResponse.parse((await post(`/customers/${shopper.user.id}/disable`, admin, {})).json());
    expect(again.repeated).toBe(true);

    const me = await shop.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: shopper.auth });
    expect(me.statusCode).toBe(401);
    const login = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: shopper.email, password: shopper.password },
      });
    const refused = expectError(await login(), 403);
    expect(refused.message).toMatch(/disabled/);

    await post(`/customers/${shopper.user.id}/enable`, admin, {});
    expect((await login()).statusCode).toBe(200);
    const detail = CustomerDetail.parse((await get(`/customers/${shopper.user.id}`, admin)).json());
    expect(detail.audit.map((a) => a.action)).toEqual(['customer.enable', 'customer.disable']);
    expect(detail.audit[1]!.note).toBe('chargebacks');
  });
});

describe('enquiries', () => {
  it('are an inbox; a reply is mailed once, kept with the enquiry, and answers it', async () => {
    const email = `asker.${Date.now()}@example.com`;
    const sent = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      payload: { name: 'Meera', email, message: 'Do you make sizes for 3 years?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = EnquiriesPage.parse((await get('/enquiries?status=new', staff)).json());
    const enquiry = inbox.data.find((e) => e.email === email)!;
    expect(enquiry).toMatchObject({ status: 'new', is_return: false, replies: 0 });
    expect(inbox.counts.new).toBeGreaterThanOrEqual(1);

    expectError(await post(`/enquiries/${enquiry.id}/reply`, staff, { message: '', request_key: 'reply-key-1' }), 400);
    expectError(await post(`/enquiries/${enquiry.id}/reply`, staff, { message: 'Yes' }), 400);
    const body = { message: 'Yes! Every piece is made to order, up to 5 years.', request_key: 'reply-key-1' };
    const res = await post(`/enquiries/${enquiry.id}/reply`, staff, body);
    expect(res.statusCode, res.body).toBe(200);
    const answered = EnquiryResponse.parse(res.json());
    expect(answered.enquiry.enquiry.status).toBe('answered');
    expect(answered.enquiry.replies).toEqual([expect.objectContaining({ body: body.message })]);
    expect(EnquiryResponse.parse((await post(`/enquiries/${enquiry.id}/reply`, staff, body)).json()).repeated).toBe(
      true,
    );
    const mails = await world.mailsTo(email);
    expect(mails).toEqual(['Re: your message to Little Loom']);
    expect(await world.mailText(email, mails[0]!)).toContain('up to 5 years');

    const closed = await post(`/enquiries/${enquiry.id}/status`, staff, { status: 'closed' });
    expect(EnquiryResponse.parse(closed.json()).enquiry.enquiry.status).toBe('closed');
    expectError(await post(`/enquiries/${enquiry.id}/status`, staff, { status: 'lost' }), 400);
    expectError(await get('/enquiries/999999', staff), 404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the returns, refunds, shoppers and enquiries calls', async () => {
    const res = await shop.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/returns/{id}/accept',
        '/api/v1/admin/refunds/{id}/retry',
        '/api/v1/admin/customers/{id}/disable',
        '/api/v1/admin/enquiries/{id}/reply',
        '/api/v1/orders/{id}/credit-note',
      ]),
    );
  });
});
