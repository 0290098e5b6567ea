import { adminSignIn, adminSignOut, expectAxeClean, paidOrder } from './admin-fixtures';
import { expect, test, uniqueEmail, variantsOf } from './fixtures';

/**
 * The owner invites a member of staff, who chooses a password from
 * the mailed link, signs in, can ship an order, but gets no refund or
 * cancel-paid button, and the API refuses them (403). Then the owner makes
 * them admin with the role form (an invitation never changes a role).
 */
test('an invited member of staff sets a password, ships, and cannot cancel a paid order', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  const shots = `/tmp/admin-shots/${info.project.name}`;
  const email = uniqueEmail('staff');
  await adminSignIn(page);
  await page.goto('/admin/staff');
  await page.getByLabel('Name').fill('Meera');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('Invited');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-staff.png`, fullPage: true });
  await adminSignOut(page);

  const mail = await shop.lastMail(email);
  const link = /https?:\/\/\S+\/admin\/invite\?\S+/.exec(mail.text)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your password');
  await expectAxeClean(page);
  await page.getByLabel('New password').fill('meera staff password');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Password saved. Sign in with it now.')).toBeVisible();

  const shopper = await shop.shopper('staff-ships');
  const order = await paidOrder(shop, shopper, variantsOf('rompers-jhablas', { minStock: 5 })[2]!);
  await adminSignIn(page, { email, password: 'meera staff password' });
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('link', { name: 'Ship', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel and refund' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0);

  const token = (await page.context().cookies()).find((c) => c.name === 'admin_session')!.value;
  const refused = await fetch(`${shop.baseUrl}/api/v1/admin/orders/${order.id}/cancel-paid`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(refused.status).toBe(403);

  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await page.getByLabel('Carrier').selectOption('bluedart');
  await page.getByLabel('Tracking number').fill(`BD${order.id}7781`);
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await expect(page.getByText('Meera (staff)')).toBeVisible();

  // The owner makes Meera admin with the role form; inviting her again points there.
  await adminSignOut(page);
  await adminSignIn(page);
  await page.goto('/admin/staff');
  await page.getByLabel('Name').fill('Meera');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert')).toContainText('already staff: to change their role, use Change role');
  const meera = page.getByRole('listitem').filter({ hasText: email });
  await meera.getByLabel(`Role of ${email}`).selectOption('admin');
  await meera.getByRole('button', { name: `Change role of ${email}` }).click();
  await expect(page.getByText('Role changed: it applies from their next click.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('· admin');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-staff-roles.png`, fullPage: true });
});
