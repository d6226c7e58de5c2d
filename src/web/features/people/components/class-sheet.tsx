import { CalendarDays, DoorOpen, FileSpreadsheet, FileText, Mail, Phone, type LucideIcon } from 'lucide-react';
import type { ClassDetails } from '@shared/contracts/people';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { classListUrl, useClassDetails } from '../api/people';
import { IdCardsButton } from './id-cards-button';
import { CapacityBar, DetailSheet, InitialsAvatar, SheetBlock, SheetTable, SplitBar, displayPhone } from './parts';

const m = messages.people.classes;

/** A class-list file as a button: the PDF opens in a new tab (primary), a spreadsheet downloads (outline). */
function FileLink({ href, download, icon: Icon, label, testId }: { href: string; download?: boolean; icon: LucideIcon; label: string; testId: string }) {
  return (
    <Button asChild variant={download ? 'outline' : undefined}>
      {download ? (
        <a href={href} download data-testid={testId}>
          <Icon aria-hidden />
          {label}
        </a>
      ) : (
        <a href={href} target="_blank" rel="noopener" data-testid={testId}>
          <Icon aria-hidden />
          {label}
        </a>
      )}
    </Button>
  );
}

function Body({ d, taskId, onTask }: { d: ClassDetails; taskId: string | null; onTask: (id: string | null) => void }) {
  return (
    <>
      <header className="flex flex-col gap-1 border-b bg-card px-4 py-4 pr-12 sm:px-6">
        <SheetTitle className="text-lg" data-testid="class-sheet-name">
          {d.name}
        </SheetTitle>
        <SheetDescription className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden /> {messages.people.teachers.year(d.academicYear)}
          </span>
          {d.homeRoom && (
            <span className="inline-flex items-center gap-1">
              <DoorOpen className="size-3.5" aria-hidden /> {d.homeRoom}
            </span>
          )}
        </SheetDescription>
      </header>
      <div className="flex flex-1 flex-col gap-6 overflow-y-auto px-4 py-5 sm:px-6">
        <div className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-3">
          <CapacityBar count={d.learnerCount} capacity={d.capacity} testId="class-sheet-capacity" />
          {(
            [
              { label: m.gender, left: d.gender.female, right: d.gender.male, leftText: m.female(d.gender.female), rightText: m.male(d.gender.male), testId: 'class-sheet-gender' },
              { label: m.boarding, left: d.boarding.boarding, right: d.boarding.day, leftText: m.boarders(d.boarding.boarding), rightText: m.day(d.boarding.day), testId: 'class-sheet-boarding' },
            ] as const
          ).map((split) => (
            <SplitBar key={split.testId} {...split} />
          ))}
        </div>

        <SheetBlock title={m.classTeacher}>
          {d.classTeacher ? (
            <div className="flex items-center gap-3">
              <InitialsAvatar name={d.classTeacher.name} className="size-10" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" data-testid="class-sheet-teacher">
                  {d.classTeacher.name}
                </p>
                <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  {d.classTeacher.phone && (
                    <a href={`tel:+${d.classTeacher.phone}`} className="inline-flex items-center gap-1 hover:underline">
                      <Phone className="size-3" aria-hidden />
                      {displayPhone(d.classTeacher.phone)}
                    </a>
                  )}
                  <a href={`mailto:${d.classTeacher.email}`} className="inline-flex min-w-0 items-center gap-1 hover:underline">
                    <Mail className="size-3 shrink-0" aria-hidden />
                    <span className="truncate">{d.classTeacher.email}</span>
                  </a>
                </div>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{m.noClassTeacher}</p>
          )}
        </SheetBlock>

        <SheetBlock title={m.documents} testId="class-sheet-documents">
          {d.can.classList ? (
            <>
              <div className="flex flex-wrap gap-2">
                <FileLink href={classListUrl.pdf(d.id)} icon={FileText} label={m.classListPdf} testId="class-list-pdf" />
                <FileLink href={classListUrl.sheet(d.id, 'xlsx')} download icon={FileSpreadsheet} label={m.classListExcel} testId="class-list-xlsx" />
                <FileLink href={classListUrl.sheet(d.id, 'csv')} download icon={FileText} label={m.classListCsv} testId="class-list-csv" />
              </div>
              <p className="text-xs text-muted-foreground">{m.classListHint}</p>
            </>
          ) : (
            <p className="rounded-lg border border-dashed px-3 py-3 text-sm text-muted-foreground">{m.classListUnavailable}</p>
          )}
          {d.can.idCards && d.learnerCount > 0 && <IdCardsButton classId={d.id} taskId={taskId} onTask={onTask} />}
        </SheetBlock>

        <SheetBlock title={m.detailSubjects} testId="class-sheet-subjects">
          <SheetTable
            cols={[
              { label: m.subjectColumns.subject },
              { label: m.subjectColumns.teacher },
              { label: m.subjectColumns.lessons, className: 'w-16 px-3 py-2 text-right font-medium sm:w-24' },
            ]}
          >
            <tbody>
              {d.subjects.map((s) => (
                <tr key={s.subjectId} className="border-t" data-testid="class-subject-row">
                  <td className="px-3 py-2">
                    {s.name} <span className="text-xs text-muted-foreground">({s.code})</span>
                  </td>
                  <td className="px-3 py-2">{s.teacherName ?? <span className="text-muted-foreground italic">{m.notAssigned}</span>}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{s.lessonsPerWeek}</td>
                </tr>
              ))}
            </tbody>
          </SheetTable>
          <p className="text-xs text-muted-foreground">{m.totalLessons(d.totalLessonsPerWeek)}</p>
        </SheetBlock>
      </div>
    </>
  );
}

/**
 * The side sheet of one stream: learners against capacity with gender and boarding splits, the class
 * teacher, documents (class list as PDF, Excel and CSV for those who may list it; ID cards for the
 * principal, with progress) and the subject teachers with lessons per week.
 */
export function ClassSheet({
  classId,
  onClose,
  idCardTask,
  onIdCardTask,
}: {
  classId: string | null;
  onClose: () => void;
  idCardTask: string | null;
  onIdCardTask: (taskId: string | null) => void;
}) {
  const query = useClassDetails(classId);
  return (
    <DetailSheet
      open={!!classId}
      onClose={onClose}
      className="w-full bg-background text-foreground sm:max-w-2xl"
      testId="class-sheet"
      loadingTitle={m.loadingDetails}
      error={query.error}
      skeleton={['h-10 w-1/2', 'h-24 w-full', 'h-64 w-full']}
    >
      {query.data && query.data.id === classId ? <Body d={query.data} taskId={idCardTask} onTask={onIdCardTask} /> : null}
    </DetailSheet>
  );
}
