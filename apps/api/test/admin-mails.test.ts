import { MailPreviews } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILS, mailMessage } from '../src/modules/mail/templates/catalogue';
import { renderMail } from '../src/modules/mail/templates/render';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_URL: 'https://shop.example.in', SHOP_NAME: 'Little Loom' });
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop.close());

const previews = async (who: StaffMember) =>
  shop.app.inject({ method: 'GET', url: '/api/v1/admin/mails', headers: who.admin });

/** Every address a mail's HTML links to. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('the shop’s mails', () => {
  it('each have an HTML and a text part in the shop’s layout, every link absolute from PUBLIC_URL or https', async () => {
    const res = await previews(admin);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = MailPreviews.parse(res.json());
    expect(data.map((m) => m.key)).toEqual(Object.keys(MAILS));
    for (const mail of data) {
      expect(mail.html, mail.key).toMatch(/^<!doctype html><html lang="en">/);
      expect(mail.html, mail.key).toContain(`<title>${mail.subject.replace(/&/g, '&amp;')}</title>`);
      expect(mail.html, mail.key).toContain('role="presentation"');
      expect(mail.html, mail.key).not.toMatch(/<script|<style|class=/);
      expect(mail.text, mail.key).toMatch(/^Little Loom\n/);
      expect(mail.text, mail.key).toContain('With love,\nThe Little Loom team');
      expect(mail.text, mail.key).not.toMatch(/<[a-z]/i);
      const links = hrefs(mail.html);
      expect(links.length, mail.key).toBeGreaterThan(0);
      for (const link of links) expect(link, mail.key).toMatch(/^(https:\/\/shop\.example\.in\/|https:\/\/)/);
      // Each button of the HTML is in the text too, with its full address.
      for (const link of links) expect(mail.text, `${mail.key} ${link}`).toContain(link);
    }
    const shipped = data.find((m) => m.key === 'order_shipped')!;
    expect(hrefs(shipped.html)).toContain('https://www.delhivery.com/track/package/DL12345678');
    const confirmed = data.find((m) => m.key === 'order_confirmed')!;
    expect(hrefs(confirmed.html)).toContain('https://shop.example.in/order-details?order=1042');
    expect(confirmed.text).toContain('- 1 × Rose Smocked Mulmul Frock (2-3Y, Pink)');
    expect(data.find((m) => m.key === 'password_code')!.text).toContain('    482913');
  });

  it('never lets what a shopper typed become markup', () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const shop = { name: 'Little <b>Loom</b>', publicUrl: 'https://shop.example.in' };
    const mails = [
      renderMail(shop, 'a@example.com', mailMessage('order_delivered', { name: evil, orderId: 7 })),
      renderMail(shop, 'a@example.com', mailMessage('return_rejected', { name: evil, orderId: 7, reason: evil })),
      renderMail(
        shop,
        'a@example.com',
        mailMessage('enquiry_reply', { name: evil, shopName: evil, orderId: null, reply: evil, original: evil }),
      ),
      renderMail(
        shop,
        'a@example.com',
        mailMessage('order_confirmed', { name: evil, orderId: 7, totalPaise: 100, items: [evil], discount: null }),
      ),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script|<img|<b>/);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text).toContain(evil);
    }
  });

  it('refuses a button to anything but http(s)', () => {
    const shop = { name: 'Little Loom', publicUrl: 'https://shop.example.in' };
    expect(() =>
      renderMail(shop, 'a@example.com', {
        subject: 'x',
        blocks: [{ kind: 'action', label: 'Go', url: 'javascript:alert(1)' }],
      }),
    ).toThrow(RangeError);
  });

  it('are previewed by the owner only', async () => {
    expectError(await previews(staff), 403);
    expectError(await shop.app.inject({ method: 'GET', url: '/api/v1/admin/mails' }), 401);
  });
});
