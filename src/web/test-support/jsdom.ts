import { vi } from 'vitest';

/**
 * Component tests in jsdom: Radix's switch, checkbox and dialog measure themselves with ResizeObserver,
 * which jsdom lacks. Call in beforeEach (vi.unstubAllGlobals in afterEach puts the real global back).
 */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
