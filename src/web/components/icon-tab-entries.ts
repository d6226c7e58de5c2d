import type { LucideIcon } from 'lucide-react';
import type { IconTab } from '@/components/icon-tabs';

/**
 * The tabs of an `IconTabsList` that follow the naming convention: each `[value, icon]` entry, in order,
 * is labelled `labels[value]` and carries the test id `${testIdPrefix}-tab-${value}`.
 */
export function iconTabEntries<V extends string, L extends Record<V, string>>(labels: L, testIdPrefix: string, entries: readonly (readonly [V, LucideIcon])[]): IconTab[] {
  return entries.map(([value, icon]) => ({ value, icon, label: labels[value], testId: `${testIdPrefix}-tab-${value}` }));
}
