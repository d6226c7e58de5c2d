import { expect, type Page } from '@playwright/test';
import { test } from './support/test';

/**
 * The promo video modal (spec §2 Other screens; issue 4): 21-second simulated timeline, six narrated
 * captions, play/pause, mute, seek, 0.1 s ticks, loop to 0, speech at rate 0.9 starting once voices
 * are available, keyboard use, Escape returning focus. The browser's speech synthesis is replaced by a
 * recorder (voices arrive when the test says so); time is Playwright's paused clock.
 */

declare global {
  interface Window {
    __speech: { spoken: { text: string; rate: number }[]; cancels: number; giveVoices: () => void };
  }
}

async function fakeSpeech(page: Page) {
  await page.addInitScript(() => {
    let voices: { lang: string; name: string; default: boolean; localService: boolean; voiceURI: string }[] = [];
    const target = new EventTarget();
    const state = {
      spoken: [] as { text: string; rate: number }[],
      cancels: 0,
      giveVoices: () => {
        voices = [{ lang: 'en-GB', name: 'Test English', default: true, localService: true, voiceURI: 'test' }];
        target.dispatchEvent(new Event('voiceschanged'));
      },
    };
    window.__speech = state;
    class FakeUtterance {
      text: string;
      rate = 1;
      lang = '';
      voice: unknown = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => voices,
        speak: (u: FakeUtterance) => state.spoken.push({ text: u.text, rate: u.rate }),
        cancel: () => {
          state.cancels++;
        },
        pause: () => undefined,
        resume: () => undefined,
        addEventListener: (type: string, fn: EventListener) => target.addEventListener(type, fn),
        removeEventListener: (type: string, fn: EventListener) => target.removeEventListener(type, fn),
      },
    });
  });
}

const spoken = (page: Page) => page.evaluate(() => window.__speech.spoken);

async function openPromo(page: Page) {
  await fakeSpeech(page);
  await page.clock.install({ time: new Date('2026-11-20T09:00:00+03:00') });
  await page.goto('/');
  await page.getByTestId('promo-open').click();
  await expect(page.getByRole('dialog', { name: 'EduFam in 21 seconds' })).toBeVisible();
  await page.clock.pauseAt(new Date('2026-11-20T09:01:00+03:00'));
}

test.describe('promo video', () => {
  test('starts once voices exist, narrates six captions at rate 0.9 every 0.1 s tick, loops to 0:00', async ({ page }) => {
    await openPromo(page);
    const caption = page.getByTestId('promo-caption');
    const time = page.getByTestId('promo-time');
    // No voices yet: nothing plays.
    await expect(page.getByTestId('promo-play')).toHaveAccessibleName('Play');
    await page.clock.runFor(2_000);
    await expect(time).toHaveText('0:00 / 0:21');

    await page.evaluate(() => window.__speech.giveVoices());
    await expect(page.getByTestId('promo-play')).toHaveAccessibleName('Pause');
    await expect(caption).toHaveText('Meet EduFam, the school management platform built for Kenyan schools.');
    await expect.poll(() => spoken(page)).toEqual([{ text: 'Meet EduFam, the school management platform built for Kenyan schools.', rate: 0.9 }]);

    await page.clock.runFor(3_400);
    await expect(time).toHaveText('0:03 / 0:21');
    await expect(page.getByTestId('promo-screen')).toHaveAttribute('data-scene', 'intro');
    await page.clock.runFor(100);
    await expect(page.getByTestId('promo-screen')).toHaveAttribute('data-scene', 'academics');
    await expect(caption).toHaveText('Record CBC rubric levels and IGCSE grades, and print report cards in minutes.');

    const scenes: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.clock.runFor(3_500);
      scenes.push((await page.getByTestId('promo-screen').getAttribute('data-scene'))!);
    }
    expect(scenes).toEqual(['attendance', 'fees', 'parents', 'trial']);
    await expect(caption).toHaveText('Start your 30-day free trial today. No credit card required.');
    const texts = (await spoken(page)).map((s) => s.text);
    expect(texts).toHaveLength(6);
    expect((await spoken(page)).every((s) => s.rate === 0.9)).toBe(true);

    // 17.5 s now; 3.5 s more ends the 21 s and starts again at 0:00.
    await page.clock.runFor(3_400);
    await expect(time).toHaveText('0:20 / 0:21');
    await page.clock.runFor(100);
    await expect(time).toHaveText('0:00 / 0:21');
    await expect(page.getByTestId('promo-screen')).toHaveAttribute('data-scene', 'intro');
  });

  test('pause, mute and seek; keyboard only; Escape closes and focus returns to the button', async ({ page }) => {
    await openPromo(page);
    await page.evaluate(() => window.__speech.giveVoices());
    const play = page.getByTestId('promo-play');
    const time = page.getByTestId('promo-time');
    await expect(play).toHaveAccessibleName('Pause');
    await expect(play).toBeFocused();

    // Pause with the keyboard: time stops, speech is cancelled.
    await page.keyboard.press('Space');
    await expect(play).toHaveAccessibleName('Play');
    const cancelsAtPause = await page.evaluate(() => window.__speech.cancels);
    expect(cancelsAtPause).toBeGreaterThan(0);
    await page.clock.runFor(5_000);
    await expect(time).toHaveText('0:00 / 0:21');

    // Seek with the slider (arrow keys move 0.1 s; a value jumps to its caption).
    const seek = page.getByRole('slider', { name: 'Seek' });
    await seek.fill('10.5');
    await expect(time).toHaveText('0:10 / 0:21');
    await expect(page.getByTestId('promo-screen')).toHaveAttribute('data-scene', 'fees');
    await seek.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('promo-screen')).toHaveAttribute('data-scene', 'attendance');

    // Mute, then play: time moves, nothing is spoken; unmute narrates the current caption again.
    const before = (await spoken(page)).length;
    await page.getByTestId('promo-mute').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('promo-mute')).toHaveAccessibleName('Unmute');
    await play.focus();
    await page.keyboard.press('Enter');
    await page.clock.runFor(1_000);
    await expect(time).toHaveText('0:11 / 0:21');
    expect((await spoken(page)).length).toBe(before);
    await page.getByTestId('promo-mute').click();
    await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe('Parents pay fees by M-Pesa, and every payment is receipted automatically.');

    // Focus stays in the dialog.
    await page.getByTestId('promo-close').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(seek).toBeFocused();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('promo-open')).toBeFocused();
  });

  test('fits a 320 px phone without sideways scrolling; Close and the backdrop close it', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openPromo(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByTestId('promo-dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    await page.getByTestId('promo-close').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('promo-open').click();
    await page.getByTestId('promo-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
