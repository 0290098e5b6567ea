import { adminSignIn } from './admin-fixtures';
import { expect, test } from './fixtures';

// The Menu is the back office's navigation below 1024 px: a phone, or a narrow window in the desktop project.
test.use({ viewport: { width: 375, height: 812 } });

/**
 * Choosing a section in the phone's Menu leads to its page with the Menu
 * closed: from another section, and from the section already shown (the
 * address does not change, the page is read again).
 */
test('the back office Menu closes once a section is chosen', async ({ page }) => {
  await adminSignIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  const menuButton = page.locator('header').getByText('Menu', { exact: true });
  const menu = page.locator('header').getByRole('navigation', { name: 'Back office' });
  const heading = page.getByRole('heading', { level: 1 });

  const choose = async (section: string, title: string) => {
    // Retried: a click while the page hydrates may be answered by the native <details> and then re-rendered.
    await expect(async () => {
      if (!(await menu.isVisible())) await menuButton.click();
      await expect(menu).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await menu.getByRole('link', { name: section, exact: true }).click();
    await expect(heading).toHaveText(title);
    await expect(menu).toBeHidden();
    await expect(page.locator('header details')).not.toHaveAttribute('open');
  };

  await choose('Orders', 'Orders');
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await choose('Reports', 'Reports');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  // The section already shown.
  await choose('Reports', 'Reports');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.screenshot({ path: '/tmp/admin-shots/menu-closed.png' });
});
