import { Link } from 'react-router';
import { ClipboardPen } from 'lucide-react';
import { messages } from '@shared/messages';
import { useMySheets } from '../api/assessment';
import { sheetsToEnter } from './marks-to-enter-list';

const m = messages.assessment.dashboard;

/**
 * The teacher dashboard's "Marks to enter" list (issue 12 §3): their stream x subject sheets of exams
 * whose marks-entry window is open and that are not yet submitted (returned ones first, with the
 * principal's comment), every one of them (the count above is their number), each opening My Class
 * Grades. Nothing is shown when there is nothing to do.
 */
export function MarksToEnter() {
  const { data } = useMySheets();
  const todo = sheetsToEnter(data?.items ?? []);
  if (todo.length === 0) return null;
  return (
    <section className="rounded-xl border bg-card p-4 shadow-xs" data-testid="marks-to-enter">
      <div className="mb-3 flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary" aria-hidden>
            <ClipboardPen className="size-4" />
          </span>
          <div>
            <h2 className="text-sm font-semibold">{m.marksToEnter}</h2>
            <p className="text-xs text-muted-foreground">{m.marksToEnterHint(todo.length)}</p>
          </div>
        </div>
        <Link to="/dashboard/grades" className="text-sm font-medium text-primary hover:underline">
          {m.openGrades}
        </Link>
      </div>
      <ul className="max-h-96 divide-y overflow-y-auto" data-testid="marks-to-enter-list">
        {todo.map((s) => (
          <li key={`${s.examId}:${s.classId}:${s.subjectId}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium">{s.subjectName}</span> · {s.className}
              <span className="block truncate text-xs text-muted-foreground">
                {s.examName}
                {s.status === 'returned' && s.comment ? ` · ${m.returned}: ${s.comment}` : ''}
              </span>
            </span>
            <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs tabular-nums text-muted-foreground">{m.progress(s.marked, s.learners)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
