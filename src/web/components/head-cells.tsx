import { cn } from '@/lib/utils';

/** One column heading of `HeadCells`: its text, classes added to the table's header class, a tooltip; `false` leaves the column out. */
export type HeadCell = { label: string; className?: string; title?: string } | false;

/**
 * The `<th scope="col">` cells of a table's header row: `th` is the table's header class, each cell's
 * `className` is added to it; a `false` cell (a column shown only sometimes) is skipped.
 */
export function HeadCells({ th, cols }: { th: string; cols: HeadCell[] }) {
  return cols.map(
    (c) =>
      c && (
        <th key={c.label} scope="col" className={c.className ? cn(th, c.className) : th} title={c.title}>
          {c.label}
        </th>
      ),
  );
}
