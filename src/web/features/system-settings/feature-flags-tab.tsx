import * as React from 'react';
import { toast } from 'sonner';
import { SearchX } from 'lucide-react';
import type { FeatureFlagsMatrix } from '@shared/contracts/system-settings';
import { systemSettingsScreens as s } from '@shared/messages/system-settings-screens';
import { DataTable, ListToolbar, queryTableProps, useListParams, type ColumnDef } from '@/components/data-table';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { useFeatureMatrix, useSaveFlags } from './settings-api';
import { BlockHeading } from '@/components/block-heading';

const f = s.flags;
type SchoolRow = FeatureFlagsMatrix['schools'][number];
type Feature = FeatureFlagsMatrix['features'][number];
type Toggle = (school: SchoolRow, feature: Feature, on: boolean) => void;

/** Saves a switch (for the matrix's cells and the cards; the columns stay the same between renders). */
const ToggleContext = React.createContext<Toggle>(() => {});

/** "All on" or "2 off" for a school. */
function OffCount({ school }: { school: SchoolRow }) {
  const off = Object.values(school.flags).filter((v) => !v).length;
  return (
    <span className={cn('text-xs whitespace-nowrap', off ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground')} data-testid="flags-off-count">
      {off ? f.offCount(off) : f.allOn}
    </span>
  );
}

function FlagSwitch({ school, feature, testId }: { school: SchoolRow; feature: Feature; testId: string }) {
  const toggle = React.use(ToggleContext);
  return (
    <Switch
      checked={school.flags[feature.key] ?? true}
      onCheckedChange={(on) => toggle(school, feature, on)}
      aria-label={f.toggle(feature.label, school.name)}
      data-testid={testId}
    />
  );
}

/** The matrix's columns: the school (pinned on the left), then a switch per feature. */
function flagColumns(features: Feature[]): ColumnDef<SchoolRow, unknown>[] {
  return [
    {
      id: 'school',
      header: f.school,
      cell: ({ row: { original: school } }) => (
        <div className="flex min-w-0 flex-col" data-testid={`flags-row-${school.code}`}>
          <span className="max-w-56 truncate font-medium" title={school.name}>
            {school.name}
          </span>
          <span className="flex items-center gap-2">
            <OffCount school={school} />
            {school.status !== 'active' && <span className="text-xs text-muted-foreground">· {f.inactive}</span>}
          </span>
        </div>
      ),
      meta: { alwaysVisible: true, className: 'sticky left-0 z-10 bg-card px-4 [th&]:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]' },
    },
    ...features.map(
      (feature): ColumnDef<SchoolRow, unknown> => ({
        id: feature.key,
        header: () => <span title={feature.description}>{feature.label}</span>,
        cell: ({ row }) => (
          <div className="flex justify-center">
            <FlagSwitch school={row.original} feature={feature} testId={`flag-${row.original.code}-${feature.key}`} />
          </div>
        ),
        meta: { alwaysVisible: true, label: feature.label, className: 'px-2 text-center' },
      }),
    ),
  ];
}

/**
 * Feature flags (issue 18 §4): every school × every feature as switches, searchable by school name or
 * code (the search is in the URL). A switch saves at once (optimistic; rolled back with the server's
 * message on failure). From 768 px a matrix with the school column pinned; on phones a card per
 * school listing its features.
 */
export function FeatureFlagsTab() {
  const q = useFeatureMatrix();
  const save = useSaveFlags();
  const list = useListParams({ search: '' });
  const features = q.data?.features;
  const columns = React.useMemo(() => flagColumns(features ?? []), [features]);
  const needle = list.values.search.trim().toLowerCase();
  const schools = q.data?.schools.filter((x) => !needle || x.name.toLowerCase().includes(needle) || x.code.toLowerCase().includes(needle));

  const toggle: Toggle = (school, feature, on) =>
    save.mutate(
      { schoolId: school.schoolId, flags: { [feature.key]: on } },
      {
        onSuccess: () => toast.success(f.saved(feature.label, on, school.name)),
        onError: (e) => toast.error(e.message),
      },
    );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="feature-flags-tab">
      <BlockHeading title={f.title} description={f.description} />
      <ToggleContext value={toggle}>
        <DataTable
          id="flags-matrix"
          columns={columns}
          data={schools}
          getRowId={(x) => x.schoolId}
          {...queryTableProps(q)}
          errorTitle={f.loadFailed}
          minWidth={896}
          rowTestId="flags-row"
          empty={{ icon: SearchX, title: f.empty }}
          toolbar={<ListToolbar testId="flags" search={list.values.search} onSearch={(search) => list.set({ search })} searchPlaceholder={f.search} />}
          renderCard={(school) => (
            <>
              <div className="flex items-center justify-between gap-3 border-b pb-2.5">
                <p className="min-w-0 truncate font-medium">{school.name}</p>
                <OffCount school={school} />
              </div>
              <ul className="divide-y">
                {(features ?? []).map((feature) => (
                  <li key={feature.key} className="flex items-center justify-between gap-3 py-2.5 last:pb-0">
                    <div className="min-w-0">
                      <p className="text-sm">{feature.label}</p>
                      <p className="truncate text-xs text-muted-foreground">{feature.description}</p>
                    </div>
                    <FlagSwitch school={school} feature={feature} testId={`flag-card-${school.code}-${feature.key}`} />
                  </li>
                ))}
              </ul>
            </>
          )}
        />
      </ToggleContext>
    </div>
  );
}
