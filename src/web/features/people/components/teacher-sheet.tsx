import { Crown, Mail, Phone } from 'lucide-react';
import type { TeacherAssignmentItem, TeacherDetail } from '@shared/contracts/people';
import { messages } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useTeacher } from '../api/people';
import { DetailSheet, InitialsAvatar, LoadBar, SheetBlock, SheetTable, displayPhone } from './parts';

const m = messages.people.teachers;

/** Assignments grouped by stream, streams in level order. */
function byStream(items: TeacherAssignmentItem[]) {
  const groups = new Map<string, { name: string; isClassTeacher: boolean; items: TeacherAssignmentItem[] }>();
  for (const a of items) {
    if (!groups.has(a.classId)) groups.set(a.classId, { name: a.className, isClassTeacher: a.isClassTeacher, items: [] });
    groups.get(a.classId)!.items.push(a);
  }
  return [...groups.entries()].map(([id, g]) => ({ id, ...g, lessons: g.items.reduce((s, x) => s + x.lessonsPerWeek, 0) }));
}

function Body({ t, maxLoad }: { t: TeacherDetail; maxLoad: number }) {
  const groups = byStream(t.assignments);
  return (
    <>
      <header className="flex items-center gap-3 border-b bg-card px-4 py-4 pr-12 sm:px-6">
        <InitialsAvatar name={t.name} className="size-12" textClassName="text-sm" />
        <div className="min-w-0">
          <SheetTitle className="truncate text-lg" data-testid="teacher-sheet-name">
            {t.name}
          </SheetTitle>
          <SheetDescription className="flex flex-wrap items-center gap-1.5">
            {t.role === 'principal' && <Badge className="px-1.5 py-0 text-[10px]">{m.principalBadge}</Badge>}
            <span>{m.statuses[t.status] ?? t.status}</span>
            {t.academicYear && <span>· {messages.people.teachers.year(t.academicYear)}</span>}
          </SheetDescription>
        </div>
      </header>
      <div className="flex flex-1 flex-col gap-6 overflow-y-auto px-4 py-5 sm:px-6">
        <SheetBlock title={m.detailContacts}>
          <div className="flex flex-col gap-1.5 text-sm">
            {t.phone && (
              <a href={`tel:+${t.phone}`} className="inline-flex items-center gap-2 hover:underline">
                <Phone className="size-4 text-muted-foreground" aria-hidden />
                {displayPhone(t.phone)}
              </a>
            )}
            <a href={`mailto:${t.email}`} className="inline-flex min-w-0 items-center gap-2 hover:underline">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="truncate">{t.email}</span>
            </a>
          </div>
        </SheetBlock>

        <div className="grid gap-6 sm:grid-cols-2">
          <SheetBlock title={m.detailLoad} testId="teacher-sheet-load">
            <LoadBar value={t.lessonsPerWeek} max={Math.max(maxLoad, t.lessonsPerWeek)} />
            <p className="text-xs text-muted-foreground">{m.load(t.lessonsPerWeek)}</p>
          </SheetBlock>
          <SheetBlock title={m.detailStreams}>
            {t.classTeacherOf.length ? (
              <div className="flex flex-wrap gap-1.5">
                {t.classTeacherOf.map((c) => (
                  <Badge key={c.id}>{c.name}</Badge>
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{m.none}</p>
            )}
          </SheetBlock>
        </div>

        <SheetBlock title={m.detailDepartments}>
          {t.departments.length ? (
            <div className="flex flex-wrap gap-1.5">
              {t.departments.map((d) => (
                <Badge key={d.id} variant="outline" className="gap-1">
                  {d.isHead && <Crown className="size-3 text-amber-600" aria-hidden />}
                  {d.name}
                  {d.isHead && <span className="text-muted-foreground">· {m.head}</span>}
                </Badge>
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{m.none}</p>
          )}
        </SheetBlock>

        <SheetBlock title={m.detailAssignments} testId="teacher-sheet-assignments">
          {groups.length === 0 ? (
            <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">{m.detailNoAssignments}</p>
          ) : (
            <SheetTable cols={[{ label: m.assignmentColumns.subject }, { label: m.assignmentColumns.lessons, className: 'w-24 px-3 py-2 text-right font-medium' }]}>
              {groups.map((g) => (
                <tbody key={g.id} className="border-t">
                  <tr className="bg-muted/20">
                    <th scope="rowgroup" className="px-3 py-1.5 text-left text-xs font-semibold">
                      {g.name}
                      {g.isClassTeacher && <Badge className="ml-2 px-1.5 py-0 text-[10px]">{m.columns.classTeacher}</Badge>}
                    </th>
                    <td className="px-3 py-1.5 text-right text-xs font-semibold tabular-nums">{g.lessons}</td>
                  </tr>
                  {g.items.map((a) => (
                    <tr key={a.id} className="border-t border-border/60">
                      <td className="px-3 py-1.5 pl-6">
                        {a.subjectName} <span className="text-xs text-muted-foreground">({a.subjectCode})</span>
                      </td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{a.lessonsPerWeek}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </SheetTable>
          )}
        </SheetBlock>
      </div>
    </>
  );
}

/** The side sheet of one teacher: contacts, load, streams led, departments, and subjects by stream. */
export function TeacherSheet({ teacherId, maxLoad, onClose }: { teacherId: string | null; maxLoad: number; onClose: () => void }) {
  const query = useTeacher(teacherId);
  return (
    <DetailSheet
      open={!!teacherId}
      onClose={onClose}
      className="w-full bg-background text-foreground sm:max-w-lg"
      testId="teacher-sheet"
      loadingTitle={m.detailTitle}
      error={query.error}
      skeleton={['h-12 w-2/3', 'h-24 w-full', 'h-48 w-full']}
    >
      {query.data ? <Body t={query.data} maxLoad={maxLoad} /> : null}
    </DetailSheet>
  );
}
