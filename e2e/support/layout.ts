import { expect, type Page } from '@playwright/test';

/**
 * Layout checks shared by the browser journeys: screenshots on demand and "nothing wider than the
 * screen" at phone width.
 */

/** A screenshot function that saves `<dir>/<name>-<width>.png` when `dir` is set (an env var names it), else does nothing. */
export function screenshots(dir: string | undefined) {
  return async (page: Page, name: string) => {
    if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
  };
}

/**
 * Fails when the page scrolls sideways or any element under `root` sticks out past the right edge of
 * the screen. Wide tables scroll inside their own box (overflow-x-auto / overflow-y-auto containers) and
 * a chart's drawing is clipped by its svg (bars animate to their new size after a resize), so those are
 * not counted. Waits a moment first: charts follow their box a frame after a resize.
 */
export async function expectNoOverflow(page: Page, root: string) {
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const wide = await page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel} *`)]
        .filter((el) => !el.closest('.overflow-x-auto') && !el.closest('.overflow-y-auto') && !el.parentElement?.closest('svg') && el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`),
    root,
  );
  expect(wide).toEqual([]);
}
