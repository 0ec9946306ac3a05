import { browserJson, expect, loginAs, screenshots, site, test } from './fixtures';

// Issue 33: a locked photo shows a blurred preview with the reason and the way to unlock it, not a black tile
// (docs/decisions/189-locked-photo-previews.md), at a phone's width.
test.use({ country: 'NL', viewport: { width: 375, height: 812 } });

test('a free member sees a locked photo as its blurred preview, the reason and a button to the premium page', async ({ page }) => {
  await loginAs(page, 'free@example.com');
  // a demo member with several photos: the first pages may hold only the one-photo members other specs made
  let target: { id: number; photo_count: number } | undefined;
  for (let p = 1; p <= 10 && !target; p++) {
    const { results } = await browserJson<{ results: { id: number; photo_count: number }[] }>(page, `/api/members.php?page=${p}`);
    target = results.find((r) => r.photo_count > 1);
  }
  expect(target, 'a member with several photos').toBeDefined();
  await page.goto(site('vonkje', `/members/${target!.id}`));
  await page.getByRole('button', { name: 'Toon foto 2' }).click();

  const locked = page.getByRole('group', { name: 'Word premium om deze foto te zien' });
  await expect(locked).toBeVisible();
  const preview = locked.locator('img');
  await expect(preview).toHaveAttribute('src', /^data:image\/webp;base64,/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  // a tiny picture from the server, drawn over the whole tile under a blur
  const drawn = await preview.evaluate((img: HTMLImageElement) => ({
    natural: Math.max(img.naturalWidth, img.naturalHeight),
    width: img.getBoundingClientRect().width,
    filter: getComputedStyle(img).filter,
  }));
  expect(drawn.natural).toBeLessThanOrEqual(16);
  expect(drawn.width).toBeGreaterThan(300);
  expect(drawn.filter).toMatch(/blur\(/);
  // the strip's locked thumbnail shows its preview too
  await expect(page.getByRole('button', { name: 'Toon foto 2' }).locator('img')).toHaveAttribute('src', /^data:image\/webp;base64,/);

  await screenshots(page, 'locked-photo');
  await page.setViewportSize({ width: 375, height: 812 });
  await locked.getByRole('link', { name: 'Word premium' }).click();
  await expect(page).toHaveURL(/\/premium$/);
});
