import * as React from 'react';
import { toast } from 'sonner';
import { SearchX } from 'lucide-react';
import type { FeatureFlagsMatrix } from '@shared/contracts/system-settings';
import { messages } from '@shared/messages';
import { systemSettingsScreens as s } from '@shared/messages/system-settings-screens';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { SearchField } from '@/components/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { useFeatureMatrix, useSaveFlags } from './settings-api';

const f = s.flags;
type SchoolRow = FeatureFlagsMatrix['schools'][number];
type Feature = FeatureFlagsMatrix['features'][number];

/** "All on" or "2 off" for a school. */
function OffCount({ school }: { school: SchoolRow }) {
  const off = Object.values(school.flags).filter((v) => !v).length;
  return (
    <span className={cn('text-xs whitespace-nowrap', off ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground')} data-testid="flags-off-count">
      {off ? f.offCount(off) : f.allOn}
    </span>
  );
}

/**
 * Feature flags (issue 18 §4): every school × every feature as switches, searchable by school name or
 * code. A switch saves at once (optimistic; rolled back with the server's message on failure). From
 * 768 px a matrix with the school column pinned; on phones a card per school listing its features.
 */
export function FeatureFlagsTab() {
  const q = useFeatureMatrix();
  const save = useSaveFlags();
  const [search, setSearch] = React.useState('');

  if (q.error) return <LoadErrorCard title={f.loadFailed} detail={q.error.message} retryLabel={messages.dataTable.tryAgain} onRetry={() => void q.refetch()} testId="flags-error" />;
  if (!q.data) return <Skeleton className="h-80 rounded-xl" />;
  const { features } = q.data;
  const needle = search.trim().toLowerCase();
  const schools = q.data.schools.filter((x) => !needle || x.name.toLowerCase().includes(needle) || x.code.toLowerCase().includes(needle));

  const toggle = (school: SchoolRow, feature: Feature, on: boolean) =>
    save.mutate(
      { schoolId: school.schoolId, flags: { [feature.key]: on } },
      {
        onSuccess: () => toast.success(f.saved(feature.label, on, school.name)),
        onError: (e) => toast.error(e.message),
      },
    );

  const flagSwitch = (school: SchoolRow, feature: Feature) => (
    <Switch
      checked={school.flags[feature.key] ?? true}
      onCheckedChange={(on) => toggle(school, feature, on)}
      aria-label={f.toggle(feature.label, school.name)}
      data-testid={`flag-${school.code}-${feature.key}`}
    />
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="feature-flags-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{f.title}</h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{f.description}</p>
        </div>
        <SearchField value={search} onChange={setSearch} placeholder={f.search} testId="flags-search" className="sm:w-72" />
      </div>

      {schools.length === 0 ? (
        <EmptyListState icon={SearchX} title={f.empty} testId="flags-empty" />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm md:block" data-testid="flags-matrix">
            <table className="w-full min-w-[56rem] border-collapse text-sm">
              <thead>
                <tr className="border-b bg-muted">
                  <th scope="col" className="sticky left-0 z-10 bg-muted px-4 py-3 text-left font-medium">
                    {f.school}
                  </th>
                  {features.map((feature) => (
                    <th key={feature.key} scope="col" className="px-2 py-3 text-center text-xs font-medium text-muted-foreground" title={feature.description}>
                      {feature.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {schools.map((school) => (
                  <tr key={school.schoolId} className="hover:bg-muted/30" data-testid={`flags-row-${school.code}`}>
                    <th scope="row" className="sticky left-0 z-10 bg-card px-4 py-3 text-left font-normal">
                      <div className="flex min-w-0 flex-col">
                        <span className="max-w-56 truncate font-medium" title={school.name}>
                          {school.name}
                        </span>
                        <span className="flex items-center gap-2">
                          <OffCount school={school} />
                          {school.status !== 'active' && <span className="text-xs text-muted-foreground">· {f.inactive}</span>}
                        </span>
                      </div>
                    </th>
                    {features.map((feature) => (
                      <td key={feature.key} className="px-2 py-3 text-center">
                        <div className="flex justify-center">{flagSwitch(school, feature)}</div>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="flex flex-col gap-3 md:hidden" data-testid="flags-list">
            {schools.map((school) => (
              <li key={school.schoolId} className="rounded-xl border bg-card shadow-sm">
                <div className="flex items-center justify-between gap-3 border-b px-4 py-3">
                  <p className="min-w-0 truncate font-medium">{school.name}</p>
                  <OffCount school={school} />
                </div>
                <ul className="divide-y">
                  {features.map((feature) => (
                    <li key={feature.key} className="flex items-center justify-between gap-3 px-4 py-2.5">
                      <div className="min-w-0">
                        <p className="text-sm">{feature.label}</p>
                        <p className="truncate text-xs text-muted-foreground">{feature.description}</p>
                      </div>
                      {flagSwitch(school, feature)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
