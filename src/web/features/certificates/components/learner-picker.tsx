import * as React from 'react';
import { Check, Loader2, Plus, Search, UsersRound } from 'lucide-react';
import type { ClassItem } from '@shared/contracts/classes';
import type { StudentListItem } from '@shared/contracts/learners';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectContent, SelectGroup, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectGroupHeading, SelectItemWithNote } from '@/components/select-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useLearnerSearch, useStreamLearners, useStreams } from '../api/pickers';

const g = m.generate;

/** A learner as the generate panel keeps them. */
export interface PickedLearner {
  id: string;
  name: string;
  admissionNumber: string;
  className: string | null;
}

export const toPicked = (s: StudentListItem): PickedLearner => ({
  id: s.id,
  name: [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' '),
  admissionNumber: s.admissionNumber,
  className: s.className,
});

/** The streams grouped by level, lowest level first. */
function byLevel(classes: ClassItem[]): { level: string; classes: ClassItem[] }[] {
  const sorted = [...classes].sort((a, b) => a.levelOrder - b.levelOrder || a.name.localeCompare(b.name, undefined, { numeric: true }));
  const groups: { level: string; classes: ClassItem[] }[] = [];
  for (const c of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.level === c.level) last.classes.push(c);
    else groups.push({ level: c.level, classes: [c] });
  }
  return groups;
}

function StreamSelect({ streams, value, onChange }: { streams: ClassItem[]; value: string; onChange: (id: string) => void }) {
  const groups = React.useMemo(() => byLevel(streams), [streams]);
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger aria-label={g.stream} className="w-full sm:max-w-xs" data-testid="generate-stream">
        <SelectValue placeholder={g.streamPlaceholder} />
      </SelectTrigger>
      <SelectContent className="max-h-96">
        {groups.map((grp) => (
          <SelectGroup key={grp.level}>
            <SelectGroupHeading>{grp.level}</SelectGroupHeading>
            {grp.classes.map((c) => (
              <SelectItemWithNote
                key={c.id}
                value={c.id}
                text={c.name}
                note={g.streamLearners(c.learnerCount)}
                noteClassName="ml-auto text-xs text-muted-foreground tabular-nums"
                testId="generate-stream-option"
              />
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

function Hint({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground" data-testid={testId}>
      <UsersRound className="size-5 opacity-60" aria-hidden />
      {children}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2 p-3" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

/** A stream's active learners with a tick each and Select all. */
function ByStream({
  classId,
  setClassId,
  selected,
  onToggle,
  onToggleMany,
}: PickerProps & {
  classId: string;
  setClassId: (id: string) => void;
}) {
  const streams = useStreams();
  const learners = useStreamLearners(classId || null);
  const items = React.useMemo(() => (learners.data?.items ?? []).map(toPicked), [learners.data]);
  const ticked = items.filter((l) => selected.has(l.id)).length;
  const all = items.length > 0 && ticked === items.length;

  if (streams.isPending) return <Skeleton className="h-10 w-full max-w-xs" />;
  if (streams.isError) return <p className="text-sm text-destructive">{streams.error.message}</p>;
  if (streams.data.length === 0) return <Hint testId="generate-no-streams">{g.noStreams}</Hint>;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <StreamSelect streams={streams.data} value={classId} onChange={setClassId} />
      {!classId ? (
        <Hint>{g.chooseStreamFirst}</Hint>
      ) : (
        <div className="min-w-0 overflow-hidden rounded-lg border" data-testid="generate-stream-learners">
          {learners.isPending ? (
            <ListSkeleton />
          ) : learners.isError ? (
            <p className="p-4 text-sm text-destructive">{learners.error.message}</p>
          ) : items.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">{g.noLearnersInStream}</p>
          ) : (
            <>
              <label className="flex cursor-pointer items-center gap-3 border-b bg-muted/40 px-3 py-2.5 text-sm font-medium">
                <Checkbox checked={all} onCheckedChange={(v) => onToggleMany(items, v === true)} data-testid="generate-select-all" />
                <span className="flex-1">{g.selectAll}</span>
                <span className="text-xs font-normal text-muted-foreground tabular-nums">
                  {ticked}/{items.length}
                </span>
              </label>
              <ul className="max-h-80 divide-y overflow-y-auto">
                {items.map((l) => {
                  const on = selected.has(l.id);
                  return (
                    <li key={l.id}>
                      <label className={cn('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm transition-colors hover:bg-muted/40', on && 'bg-primary/[0.04]')} data-testid="generate-learner" data-student-id={l.id}>
                        <Checkbox checked={on} onCheckedChange={(v) => onToggle(l, v === true)} aria-label={l.name} />
                        <span className="min-w-0 flex-1 truncate">{l.name}</span>
                        <span className="shrink-0 font-mono text-xs text-muted-foreground">{l.admissionNumber}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** Search the school's active learners by name or admission number and add one at a time. */
function BySearch({ text, setText, selected, onToggle }: Omit<PickerProps, 'onToggleMany'> & { text: string; setText: (v: string) => void }) {
  const search = useDebouncedValue(text.trim(), 300);
  const results = useLearnerSearch(search);
  const items = (results.data?.items ?? []).map((s) => ({ learner: toPicked(s), hasClass: !!s.classId }));
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <SearchField value={text} onChange={setText} placeholder={g.searchPlaceholder} maxLength={100} testId="generate-search" />
      {search.length < 2 ? (
        <Hint>{g.searchHint}</Hint>
      ) : results.isPending ? (
        <div className="rounded-lg border">
          <ListSkeleton />
        </div>
      ) : results.isError ? (
        <p className="text-sm text-destructive">{results.error.message}</p>
      ) : items.length === 0 ? (
        <Hint testId="generate-search-empty">{g.noMatches}</Hint>
      ) : (
        <ul className={cn('divide-y overflow-hidden rounded-lg border', results.isPlaceholderData && 'opacity-60')} data-testid="generate-search-results">
          {items.map(({ learner: l, hasClass }) => {
            const on = selected.has(l.id);
            return (
              <li key={l.id} className="flex min-w-0 items-center gap-3 px-3 py-2 text-sm" data-testid="generate-search-result" data-student-id={l.id}>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{l.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    <span className="font-mono">{l.admissionNumber}</span> · {l.className ?? g.noClass}
                  </p>
                </div>
                <Button type="button" size="sm" variant={on ? 'secondary' : 'outline'} disabled={on || !hasClass} onClick={() => onToggle(l, true)} data-testid="generate-search-add">
                  {on ? <Check aria-hidden /> : <Plus aria-hidden />}
                  {on ? g.added : g.add}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {results.isFetching && search.length >= 2 && !results.isPending && <Loader2 className="size-4 animate-spin self-center text-muted-foreground" aria-hidden />}
    </div>
  );
}

interface PickerProps {
  selected: ReadonlyMap<string, PickedLearner>;
  onToggle: (l: PickedLearner, on: boolean) => void;
  onToggleMany: (ls: PickedLearner[], on: boolean) => void;
}

/**
 * Choose learners: a stream's learners with ticks (and Select all), or a search across the school. The
 * stream and the search text survive switching between the two.
 */
export function LearnerPicker(props: PickerProps) {
  const [classId, setClassId] = React.useState('');
  const [text, setText] = React.useState('');
  return (
    <Tabs defaultValue="stream" className="min-w-0">
      <IconTabsList
        label={g.learners}
        tabs={[
          { value: 'stream', icon: UsersRound, label: g.byStream, testId: 'generate-tab-stream' },
          { value: 'search', icon: Search, label: g.searchLearner, testId: 'generate-tab-search' },
        ]}
      />
      <TabsContent value="stream" className="pt-4">
        <ByStream {...props} classId={classId} setClassId={setClassId} />
      </TabsContent>
      <TabsContent value="search" className="pt-4">
        <BySearch selected={props.selected} onToggle={props.onToggle} text={text} setText={setText} />
      </TabsContent>
    </Tabs>
  );
}
