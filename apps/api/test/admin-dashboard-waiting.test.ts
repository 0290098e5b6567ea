import { Dashboard, EnquiriesPage } from '@shop/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signUpStaff(shop.app, 'admin');
});
afterAll(() => shop.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: admin.admin, ...(payload ? { payload } : {}) });
const waiting = async () => Dashboard.parse((await call('GET', '/dashboard')).json()).waiting;

it('counts the enquiries waiting for an answer, and stops counting one once it is answered', async () => {
  const before = await waiting();
  const email = `waiting.${Date.now()}@example.com`;
  const sent = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/contacts',
    payload: { name: 'Meera', email, message: 'Do you ship to Singapore?' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  expect((await waiting()).enquiries).toBe(before.enquiries + 1);

  const inbox = EnquiriesPage.parse((await call('GET', '/enquiries?status=new')).json());
  const enquiry = inbox.data.find((e) => e.email === email)!;
  const reply = await call('POST', `/enquiries/${enquiry.id}/reply`, {
    message: 'Yes, by courier in about ten days.',
    request_key: 'waiting-reply-1',
  });
  expect(reply.statusCode, reply.body).toBe(200);
  expect((await waiting()).enquiries).toBe(before.enquiries);
});
