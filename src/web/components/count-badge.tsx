/**
 * A small amber count after a tab's label (e.g. requests waiting), named by `label` for screen
 * readers; nothing when `count` is zero.
 */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className="ml-0.5 rounded-full bg-amber-500 px-1.5 py-px text-[11px] font-semibold text-white tabular-nums" aria-label={label} data-testid={testId}>
      {count}
    </span>
  );
}
