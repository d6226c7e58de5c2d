import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';

/**
 * The public marketing site (issue 4; spec §1, §2 Public routes and Other screens): the five views with
 * in-page navigation and the back button, the spec's claims and links, the features carousel's 5 s
 * rotation (fake clock), the contact form, accessibility (axe) and small screens. The site is its own
 * page (landing.html): the signed-in app's code must not load on it.
 */

const VIEWS = [
  { path: '/', nav: 'Home', heading: 'Run your whole school from one place', title: 'EduFam — School management for Kenyan schools' },
  { path: '/features', nav: 'Features', heading: 'Everything your school needs, in one place', title: 'Features — EduFam' },
  { path: '/about', nav: 'About', heading: 'Made in Kenya, for Kenyan schools', title: 'About — EduFam' },
  { path: '/pricing', nav: 'Pricing', heading: 'Priced for your school', title: 'Pricing — EduFam' },
  { path: '/contact', nav: 'Contact', heading: 'Talk to the EduFam team', title: 'Contact — EduFam' },
] as const;

/** A fake clock that only moves when the test says so (install alone lets time flow in real time). */
async function pausedClock(page: Page) {
  await page.clock.install({ time: new Date('2026-11-20T09:00:00+03:00') });
  await page.clock.pauseAt(new Date('2026-11-20T09:00:01+03:00'));
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('marketing site', () => {
  test('the header moves between the five views without a full reload; back and forward work; each view is linkable', async ({ page }) => {
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/');
    await expect(h1(page)).toHaveText(VIEWS[0].heading);
    expect(loads).toBe(1);

    for (const v of VIEWS.slice(1)) {
      await mainNav(page).getByRole('link', { name: v.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${v.path}$`));
      await expect(h1(page)).toHaveText(v.heading);
      await expect(page).toHaveTitle(v.title);
      await expect(mainNav(page).getByRole('link', { name: v.nav, exact: true })).toHaveAttribute('aria-current', 'page');
      // Focus moves to the new view's heading for keyboard and screen-reader users.
      await expect(h1(page)).toBeFocused();
    }
    expect(loads).toBe(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(h1(page)).toHaveText('Priced for your school');
    await page.goBack();
    await expect(h1(page)).toHaveText('Made in Kenya, for Kenyan schools');
    await page.goForward();
    await expect(h1(page)).toHaveText('Priced for your school');
    expect(loads).toBe(1);

    // Every view opens directly from its address.
    for (const v of VIEWS) {
      await page.goto(v.path);
      await expect(h1(page)).toHaveText(v.heading);
    }
  });

  test('the spec’s claims, trial, pricing and contact details; Sign In goes to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('trial-note')).toHaveText('30-day free trial · No credit card required');
    await expect(page.getByTestId('stat-value')).toHaveText(['10+', '1K+', '99.9%', '24/7', '98%', '4.9/5']);

    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-price')).toHaveText('Custom quote');
    await expect(page.getByTestId('pricing-trial')).toHaveText('30-day free trial. No credit card required.');
    // The links come from configuration (DEMO_BOOKING_URL, SALES_EMAIL; defaults here).
    await expect(page.getByTestId('sales-mail-link')).toHaveAttribute('href', /^mailto:sales@edufam\.africa\?subject=/);
    await expect(page.getByTestId('demo-link')).toHaveAttribute('href', 'https://calendly.com/edufam/demo');

    await page.goto('/contact');
    await expect(page.getByTestId('office-hours')).toHaveText('Mon-Fri 8AM-6PM EAT');
    await expect(page.getByTestId('contact-demo-link')).toHaveAttribute('target', '_blank');

    await page.getByTestId('sign-in-link').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' }).last()).toBeVisible();
  });

  test('/ loads none of the signed-in app’s code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(h1(page)).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByTestId('contact-form')).toBeVisible();
    expect(scripts.some((s) => /\/assets\/landing-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/app-[\w-]+\.js$/.test(s))).toEqual([]);
  });

  test('the features carousel rotates every 5 seconds and pauses on hover, on focus and on Pause', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    const carousel = page.getByTestId('features-carousel');
    const slide = page.getByTestId('carousel-slide');
    await expect(slide).toHaveAttribute('data-index', '0');
    await expect(page.getByTestId('carousel-title')).toHaveText('CBC & IGCSE academics');

    await page.clock.runFor(4_900);
    await expect(slide).toHaveAttribute('data-index', '0');
    await page.clock.runFor(200);
    await expect(slide).toHaveAttribute('data-index', '1');
    await expect(page.getByTestId('carousel-title')).toHaveText('Attendance in seconds');
    await page.clock.runFor(5_000);
    await expect(slide).toHaveAttribute('data-index', '2');

    // Hover pauses it.
    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(12_000);
    await expect(slide).toHaveAttribute('data-index', '2');
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    await page.clock.runFor(5_000);
    await expect(slide).toHaveAttribute('data-index', '3');

    // Focus inside pauses it; the slide is then announced politely.
    await page.getByTestId('carousel-next').focus();
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await expect(slide).toHaveAttribute('aria-live', 'polite');
    await page.keyboard.press('Enter');
    await expect(slide).toHaveAttribute('data-index', '4');
    await page.clock.runFor(10_000);
    await expect(slide).toHaveAttribute('data-index', '4');
    await page.getByTestId('carousel-dot').first().click();
    await expect(slide).toHaveAttribute('data-index', '0');

    // Pause stops it even when the pointer and focus leave.
    await page.getByTestId('carousel-pause').click();
    await expect(page.getByTestId('carousel-pause')).toHaveAccessibleName('Resume rotation');
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.mouse.move(0, 0);
    await page.clock.runFor(15_000);
    await expect(slide).toHaveAttribute('data-index', '0');
  });

  test('with reduced motion the carousel does not rotate by itself', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await pausedClock(page);
    await page.goto('/');
    await expect(page.getByTestId('features-carousel')).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(20_000);
    await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', '0');
    await page.getByTestId('carousel-next').click();
    await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', '1');
    await context.close();
  });

  test('contact form: required fields with inline errors; a valid message shows the spec’s confirmation for 3 seconds', async ({ page }) => {
    // The contact view loads lazily (React's Suspense needs running timers), so the clock stops once it shows.
    await page.clock.install({ time: new Date('2026-11-20T09:00:00+03:00') });
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await expect(form).toBeVisible();
    await page.clock.pauseAt(new Date('2026-11-20T09:01:00+03:00'));
    await form.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-name-error')).toHaveText('Please enter your name.');
    await expect(page.getByTestId('contact-email-error')).toHaveText('Please enter your email address.');
    await expect(page.getByTestId('contact-message-error')).toHaveText('Please enter a message.');
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    // School and phone are optional: no errors.
    await expect(page.getByTestId('contact-school-error')).toHaveCount(0);
    await expect(page.getByTestId('contact-phone-error')).toHaveCount(0);

    await form.getByLabel('Name').fill('Achieng Odhiambo');
    await expect(page.getByTestId('contact-name-error')).toHaveCount(0);
    await form.getByLabel('Email').fill('achieng@school');
    await form.getByLabel('Message').fill('We have 640 learners and would like a quote.');
    await form.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-email-error')).toHaveText('Please enter a valid email address.');
    await expect(form.getByLabel('Email')).toBeFocused();
    await expect(page.getByTestId('contact-sent')).toHaveCount(0);

    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await form.getByLabel('Email').fill('achieng@karibu.ac.ke');
    await form.getByLabel('School (optional)').fill('Karibu Academy');
    await form.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-sent')).toHaveText("Message Sent! We'll get back to you within 24 hours.");
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    expect(logged.some((t) => t.includes('logged locally'))).toBe(true);

    await page.clock.runFor(2_900);
    await expect(page.getByTestId('contact-sent')).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByTestId('contact-sent')).toHaveCount(0);
  });

  test('every view passes axe with no serious or critical violations, in light and dark', async ({ page }) => {
    test.setTimeout(60_000);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      for (const v of VIEWS) {
        await page.goto(v.path);
        await expect(h1(page)).toHaveText(v.heading);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((x) => x.impact === 'serious' || x.impact === 'critical')
          .map((x) => `${scheme} ${v.path}: ${x.id} (${x.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(serious).toEqual([]);
      }
    }
  });

  test('from 320 px up nothing scrolls sideways; the menu button opens the views on phones', async ({ page }) => {
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 740 });
      for (const v of VIEWS) {
        await page.goto(v.path);
        await expect(h1(page)).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${v.path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(h1(page)).toHaveText('Priced for your school');
    await expect(mobile).toBeHidden();
  });

  test('the theme toggle switches light and dark and is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Switch to light theme');
  });
});
