import { useMediaQuery } from '@/lib/use-media-query';

/** The width (px) from which DataTable shows its table; below it, the cards (Tailwind's `md`). */
export const TABLE_MIN_WIDTH = 768;

/**
 * Whether DataTable shows its table (true) or its cards (false) at the current width. DataTable renders
 * both and hides one with CSS; a list whose row carries an element only one of the two should have
 * (a test marker such as `leave-request`, a button that opens the row) renders it where this says.
 */
export function useTableLayoutWide(): boolean {
  return useMediaQuery(`(min-width: ${TABLE_MIN_WIDTH}px)`);
}
