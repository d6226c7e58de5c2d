// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { dismissesWarning, InactivityMonitor } from './inactivity-monitor';

const MINUTE = 60_000;
const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T08:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InactivityMonitor (spec §4 Inactivity)', () => {
  it('warns at 14 minutes and signs out at 15', async () => {
    const onSignOut = vi.fn();
    render(<InactivityMonitor onSignOut={onSignOut} />);
    await advance(14 * MINUTE - 1);
    expect(warning()).toBeNull();
    await advance(1);
    expect(warning()).not.toBeNull();
    await advance(MINUTE);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a mouse press on the page', () => fireEvent.mouseDown(document.body)],
    ['a touch', () => fireEvent.touchStart(document.body, { touches: [{ clientX: 5, clientY: 5 }], changedTouches: [{ clientX: 5, clientY: 5 }] })],
    ['a wheel turn', () => fireEvent.wheel(document.body)],
  ])('while the warning is open, %s dismisses it and the timers start again', async (_name, act_) => {
    const onSignOut = vi.fn();
    render(<InactivityMonitor onSignOut={onSignOut} />);
    await advance(14 * MINUTE);
    expect(warning()).not.toBeNull();
    await act(async () => act_());
    expect(warning()).toBeNull();
    // The old 15-minute deadline passes without a sign-out; the new warning comes 14 minutes after the activity.
    await advance(MINUTE);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(warning()).toBeNull();
    await advance(13 * MINUTE - 1);
    expect(warning()).toBeNull();
    await advance(1);
    expect(warning()).not.toBeNull();
  });

  it("operating the warning's own buttons does not dismiss it: Logout Now signs out", async () => {
    const onSignOut = vi.fn();
    render(<InactivityMonitor onSignOut={onSignOut} />);
    await advance(14 * MINUTE);
    const logout = screen.getByRole('button', { name: 'Logout Now' });
    await act(async () => {
      fireEvent.mouseDown(logout);
      fireEvent.keyDown(logout, { key: 'Tab' });
    });
    expect(warning()).not.toBeNull();
    await act(async () => fireEvent.click(logout));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});

describe('dismissesWarning', () => {
  const inside = { closest: () => ({}) } as unknown as EventTarget;
  const outside = { closest: () => null } as unknown as EventTarget;
  it('activity outside the warning dismisses it; answering it inside does not', () => {
    expect(dismissesWarning({ type: 'mousemove', movementX: 3, target: outside })).toBe(true);
    expect(dismissesWarning({ type: 'touchstart', target: outside })).toBe(true);
    expect(dismissesWarning({ type: 'keydown', key: 'x', target: inside })).toBe(true);
    expect(dismissesWarning({ type: 'keydown', key: 'Enter', target: inside })).toBe(false);
    expect(dismissesWarning({ type: 'mousedown', target: inside })).toBe(false);
    expect(dismissesWarning({ type: 'mousemove', movementX: 2, target: inside })).toBe(false);
  });

  it('a mousemove without movement (the browser re-checking hover) is no activity', () => {
    expect(dismissesWarning({ type: 'mousemove', movementX: 0, movementY: 0, target: outside })).toBe(false);
  });
});
