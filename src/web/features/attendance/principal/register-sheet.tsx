import { dayLabel } from '@shared/attendance-calendar';
import type { StreamDay } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { RegisterEditor } from '../register/register-editor';
import { useRefreshAttendance } from '../api/reports';
import { Segmented } from './bits';

const r = m.register;

/**
 * A stream's register of the day in a wide sheet from the right (full screen on phones): the
 * register editor of the class-attendance screen, editable for the principal (any stream, past days
 * with a reason) and read-only for the director. With two registers a day a Morning | Afternoon switch
 * picks the session. Saving refreshes the day's figures behind it.
 */
export function RegisterSheet({
  stream,
  classId,
  date,
  sessions,
  session,
  readOnly,
  onSession,
  onClose,
}: {
  stream: StreamDay | null;
  classId: string | null;
  date: string;
  sessions: string[];
  session: string | null;
  readOnly: boolean;
  onSession: (session: string) => void;
  onClose: () => void;
}) {
  const refresh = useRefreshAttendance();
  const current = session && sessions.includes(session) ? session : (sessions.find((s) => !stream?.markedSessions.includes(s)) ?? sessions[0] ?? 'day');
  return (
    <Sheet open={!!classId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto bg-background text-foreground sm:max-w-2xl lg:max-w-3xl" data-testid="register-sheet" aria-describedby="register-sheet-day">
        <div className="flex flex-col gap-4 px-3 pt-12 pb-8 sm:px-6">
          {/* The register shows the stream and the day in its own header. */}
          <SheetTitle className="sr-only" data-testid="register-sheet-title">
            {r.title(stream?.name ?? '')}
          </SheetTitle>
          <SheetDescription id="register-sheet-day" className="sr-only">
            {r.subtitle(dayLabel(date))}
          </SheetDescription>
          {sessions.length > 1 && (
            <div className="flex justify-start pr-8">
              <Segmented
                value={current}
                onChange={onSession}
                label={r.session}
                testId="register-sheet-session"
                options={sessions.map((s) => ({ value: s, label: r.sessions[s] ?? s }))}
              />
            </div>
          )}
          {classId && <RegisterEditor key={`${classId}:${date}:${current}`} classId={classId} date={date} session={current} readOnly={readOnly} onSaved={() => void refresh()} />}
        </div>
      </SheetContent>
    </Sheet>
  );
}
