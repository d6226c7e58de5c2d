import * as React from 'react';
import { AlertTriangle, Copy, Layers, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { FeeStructure } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { IconMenuItem, RowMenu } from '@/components/row-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteStructure, useFeeStructures } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import { ActionDialog } from '@/components/action-dialog';
import { Pill } from '@/components/status-pill';
import { CopyStructuresDialog } from './copy-structures-dialog';
import type { FeesScope } from './fees-scope';
import { TermSelect } from './inputs';
import { StructureDialog } from './structure-dialog';
import { useLevelOptions, type TermOption } from '../components/terms';
import { EmptyStateCard } from '@/components/page-states';

const m = messages.feeManagement;
const t = m.structures;

function StructureBlock({ s, canManage, onEdit, onDelete }: { s: FeeStructure; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  const hasOptional = s.fullTotal !== s.requiredTotal;
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4 sm:px-5" data-testid="fee-structure" data-level={s.levelName} data-boarding={s.boarding} data-structure-id={s.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-1.5">
            <Pill tone={s.boarding === 'boarding' ? 'violet' : s.boarding === 'day' ? 'sky' : 'grey'} dot={false}>
              {m.boarding[s.boarding]}
            </Pill>
            <Pill tone="grey" dot={false}>
              {s.className ?? t.allStreams}
            </Pill>
          </div>
          <p className="mt-1.5 truncate text-xs text-muted-foreground" title={s.name}>
            {s.name}
          </p>
        </div>
        {canManage && (
          <RowMenu label={t.actions(s.name)} testId="structure-menu" triggerClassName="-mt-1 -mr-2 size-8 shrink-0">
            <IconMenuItem icon={Pencil} label={t.edit} onSelect={onEdit} testId="structure-edit" />
            <IconMenuItem icon={Trash2} label={t.delete} onSelect={onDelete} danger testId="structure-delete" />
          </RowMenu>
        )}
      </div>
      <ul className="grid gap-1.5 text-sm" aria-label={t.itemCount(s.items.length)}>
        {s.items.map((i) => (
          <li key={i.id} className="flex min-w-0 items-center gap-2" data-testid="structure-line">
            <span className="min-w-0 truncate">{i.name}</span>
            {!i.name.toLowerCase().includes(m.categories[i.category].toLowerCase()) && <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{m.categories[i.category]}</span>}
            {i.optional && (
              <Pill tone="amber" dot={false} className="px-1.5 py-0 text-[11px]">
                {t.optional}
              </Pill>
            )}
            <span className="ml-auto shrink-0 tabular-nums">{formatMoney(i.amount)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-t border-dashed pt-3">
        <div>
          <p className="text-xs text-muted-foreground">{t.compulsory}</p>
          <Money value={s.requiredTotal} className="text-base font-semibold" />
        </div>
        {hasOptional && (
          <div className="text-right">
            <p className="text-xs text-muted-foreground">{t.full}</p>
            <Money value={s.fullTotal} className="text-sm font-medium text-muted-foreground" />
          </div>
        )}
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="structure-invoiced">
        <Users className="size-3.5" aria-hidden />
        {t.invoiced(s.invoiced)}
      </p>
      {s.notes && <p className="rounded-md bg-muted/50 px-2.5 py-1.5 text-xs text-muted-foreground">{s.notes}</p>}
    </div>
  );
}

function StructuresSkeleton() {
  return (
    <div className="grid gap-4 xl:grid-cols-2" aria-busy="true" data-testid="structures-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-64 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Fee structures of a term (issue 11 §1), grouped by level: items with categories and amounts, the
 * optional ones marked, compulsory and full totals, how many learners were invoiced from each. The
 * finance officer creates, edits, deletes (the server refuses once invoiced) and copies from another term.
 */
export function StructuresTab({ scope, terms, termId, onTermChange }: { scope: FeesScope; terms: TermOption[]; termId: string; onTermChange: (id: string) => void }) {
  const term = terms.find((x) => x.id === termId) ?? terms[0]!;
  const structures = useFeeStructures(term.id, scope.schoolId);
  const levels = useLevelOptions();
  const [editing, setEditing] = React.useState<{ structure: FeeStructure | null } | null>(null);
  const [copying, setCopying] = React.useState(false);
  const [deleting, setDeleting] = React.useState<FeeStructure | null>(null);
  const del = useDeleteStructure();

  const groups = React.useMemo(() => {
    const map = new Map<string, { levelId: string; levelName: string; order: number; items: FeeStructure[] }>();
    for (const s of structures.data ?? []) {
      const g = map.get(s.levelId) ?? { levelId: s.levelId, levelName: s.levelName, order: s.levelOrder, items: [] };
      g.items.push(s);
      map.set(s.levelId, g);
    }
    const order = { all: 0, day: 1, boarding: 2 } as const;
    return [...map.values()]
      .sort((a, b) => a.order - b.order)
      .map((g) => ({ ...g, items: g.items.sort((a, b) => (a.className ?? '').localeCompare(b.className ?? '') || order[a.boarding] - order[b.boarding]) }));
  }, [structures.data]);
  const missing = levels.filter((l) => !groups.some((g) => g.levelId === l.value));

  const actions = scope.canManage && (
    <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
      <Button variant="outline" onClick={() => setCopying(true)} data-testid="structures-copy">
        <Copy aria-hidden />
        {t.copy}
      </Button>
      <Button onClick={() => setEditing({ structure: null })} data-testid="structures-add">
        <Plus aria-hidden />
        {t.add}
      </Button>
    </div>
  );

  let body: React.ReactNode;
  if (structures.isError && !structures.data) {
    body = <QueryErrorCard query={structures} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="structures-error" />;
  } else if (!structures.data) {
    body = <StructuresSkeleton />;
  } else if (groups.length === 0) {
    body = <EmptyStateCard icon={Layers} title={t.empty} hint={scope.canManage ? t.emptyHint : t.emptyReadOnly} action={actions || undefined} testId="structures-empty" />;
  } else {
    body = (
      <div className="@container flex flex-col gap-4">
        {missing.length > 0 && levels.length > 0 && (
          <div className="flex items-start gap-2.5 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3.5 py-3 text-sm text-amber-900 dark:text-amber-200" data-testid="structures-missing">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>{t.missingLevels(missing.map((l) => l.label).join(', '))}</p>
          </div>
        )}
        <div className="grid items-start gap-4 @2xl:grid-cols-2 @5xl:grid-cols-3" data-testid="structures-grid">
          {groups.map((g) => (
            <section key={g.levelId} className="min-w-0 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="structure-level" data-level={g.levelName}>
              <header className="flex items-center justify-between gap-3 border-b bg-muted/30 px-4 py-3 sm:px-5">
                <h3 className="font-semibold tracking-tight">{g.levelName}</h3>
                <span className="text-xs text-muted-foreground">{t.structures(g.items.length)}</span>
              </header>
              <div className="divide-y">
                {g.items.map((s) => (
                  <StructureBlock key={s.id} s={s} canManage={scope.canManage} onEdit={() => setEditing({ structure: s })} onDelete={() => (del.reset(), setDeleting(s))} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="structures-tab">
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:p-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <TermSelect terms={terms} value={term.id} onChange={onTermChange} label={t.termPicker} className="sm:w-60" testId="structures-term" />
          {structures.data && groups.length > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="structures-summary">
              {t.summary(structures.data.length, groups.length, levels.length || groups.length)}
            </p>
          )}
        </div>
        {actions}
      </div>
      {body}
      {editing && <StructureDialog open onClose={() => setEditing(null)} term={term} structure={editing.structure} />}
      {scope.canManage && <CopyStructuresDialog open={copying} onClose={() => setCopying(false)} terms={terms} into={term} schoolId={scope.schoolId} />}
      <ActionDialog
        open={!!deleting}
        icon={Trash2}
        title={t.deleteTitle}
        text={deleting ? t.deleteText(deleting.name) : ''}
        confirmLabel={t.deleteConfirm}
        pending={del.isPending}
        error={del.error}
        errorTitle={m.common.actionFailed}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t.deleted);
              setDeleting(null);
            },
          })
        }
        testId="structure-delete-dialog"
      />
    </div>
  );
}
