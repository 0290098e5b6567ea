import { expect, test } from './fixtures';

test('the home page renders on the server with the header and footer', async ({ page, request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('Little Loom');
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText('Monday till Friday 10 AM to 7 PM');
});

test('an unknown address answers a real 404 page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('could not find');
});
