import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MarkInput, MarkSheet, MarksGrid } from '@shared/contracts/assessment';
import { bandFor, gradeLabel, percentOf } from '@shared/grading';
import { api, ApiError } from '@/lib/api';
import { ASSESSMENT_KEY, useAssessmentMutation, useAssessmentQuery } from './assessment';

/**
 * Calls of marks entry and approval (issue 12 §3) beyond the shared ones in ./assessment: the grade
 * audit log, submit / approve / return, and the marks grid's autosave (debounced PUTs of the changed
 * rows, retried with backoff on a flaky connection; the PUT is idempotent server-side, and with the
 * grid's offline outbox each batch carries an Idempotency-Key).
 */

export interface GradeAuditEntry {
  id: string;
  studentName: string;
  admissionNumber: string;
  subjectName: string;
  oldStatus: string | null;
  oldScore: number | null;
  newStatus: string;
  newScore: number | null;
  reason: string;
  changedBy: string | null;
  changedAt: string;
}

export const useGradeAudit = (examId: string | null) =>
  useAssessmentQuery<{ items: GradeAuditEntry[] }>(['audit', examId], examId ? `/api/exams/${examId}/audit` : null, { staleTime: 0 });

export interface SheetRef {
  examId: string;
  classId: string;
  subjectId: string;
}

/** POST /api/exams/:examId/submit { classId, subjectId } → the sheet, submitted. */
export const useSubmitSheet = () =>
  useAssessmentMutation((s: SheetRef) => api<MarkSheet>(`/api/exams/${s.examId}/submit`, { method: 'POST', json: { classId: s.classId, subjectId: s.subjectId } }));

/** POST /api/exams/:examId/approve | /return { classId, subjectId, comment? } (principal). */
export const useDecideSheet = () =>
  useAssessmentMutation((d: SheetRef & { approve: boolean; comment?: string }) =>
    api<MarkSheet>(`/api/exams/${d.examId}/${d.approve ? 'approve' : 'return'}`, {
      method: 'POST',
      json: { classId: d.classId, subjectId: d.subjectId, ...(d.comment ? { comment: d.comment } : {}) },
    }),
  );

export interface SaveMarksResult {
  saved: number;
  unchanged: number;
  sheet: MarkSheet;
}

/** The query key of one marks grid (as useMarksGrid builds it). */
export const marksGridKey = (s: SheetRef) => [...ASSESSMENT_KEY, 'marks', s.examId, s.classId, s.subjectId];

/**
 * After a save, the cached grid takes the saved marks (so they become the new "saved" baseline
 * without refetching over what the teacher is typing) and the sheet's new counts.
 */
function patchGrid(grid: MarksGrid, sent: MarkInput[], sheet: MarkSheet): MarksGrid {
  const byId = new Map(sent.map((s) => [s.studentId, s]));
  const max = grid.subject.maxMarks;
  return {
    ...grid,
    sheet,
    rows: grid.rows.map((r) => {
      const s = byId.get(r.studentId);
      if (!s) return r;
      if (s.clear) return { ...r, status: null, score: null, paperScores: null, percent: null, grade: null, gradeLabel: null, points: null, updatedAt: new Date().toISOString() };
      const status = s.status ?? 'present';
      const score = status === 'present' ? (s.score ?? null) : null;
      const percent = score === null ? null : percentOf(score, max);
      const band = percent === null ? null : bandFor(grid.scale.bands, percent);
      return {
        ...r,
        status,
        score,
        paperScores: status === 'present' ? (s.paperScores ?? null) : null,
        percent,
        grade: band?.code ?? null,
        gradeLabel: band ? gradeLabel(band) : null,
        points: band?.points ?? null,
        updatedAt: new Date().toISOString(),
      };
    }),
  };
}

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  /** `browserOffline`: navigator.onLine is false (nothing was sent); else a send failed and is retried in `nextInMs`. */
  | { kind: 'offline'; attempt: number; nextInMs: number; browserOffline?: boolean }
  | { kind: 'error'; message: string };

const DEBOUNCE_MS = 800;
const MAX_BACKOFF_MS = 30_000;

/** 1 s, 2 s, 4 s, … at most 30 s. */
export const backoffMs = (attempt: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt - 1));

/** Network failures, timeouts, 5xx and 429 are worth retrying; 400/403/404/409 are answers. */
const retriable = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500;

/** The marks grid's offline outbox as the autosave sees it (../teacher/marks-outbox.ts). */
export interface MarksSaveOutbox {
  /** The Idempotency-Key to send these marks with (the same for a re-send of the same marks). */
  keyFor: (marks: MarkInput[], reason: string | null) => string;
  /** The server answered the save with this key (saved, or refused for good). */
  answered: (key: string) => void;
}

/**
 * Autosave of a marks grid. `collect()` returns the rows to send now (changed, valid, not rejected);
 * `schedule()` after each edit saves ~800 ms later; `flush()` saves at once. One PUT at a time: edits made
 * while it flies go in the next one. A network failure keeps the rows and retries with backoff (and
 * when the browser comes back `online`); a 400 hands the field errors to `onRejected` (those rows are not
 * resent until edited), a 409/403 stops with the server's message. `reason` goes with every PUT while
 * set (approved marks, principal). On unmount, unsaved rows are sent one last time. While the browser
 * is offline (navigator.onLine false) nothing is sent: the state says offline and the `online` event
 * sends once. With `outbox`, every PUT carries its Idempotency-Key.
 */
export function useMarksAutosave(opts: {
  sheet: SheetRef;
  collect: () => MarkInput[];
  onRejected: (sent: MarkInput[], err: ApiError) => void;
  onConflict: () => void;
  /** Off while approved marks wait for a reason: nothing is sent until flush(reason). */
  auto: boolean;
  outbox?: MarksSaveOutbox;
}) {
  const qc = useQueryClient();
  const [state, setState] = React.useState<SaveState>({ kind: 'idle' });
  const latest = React.useRef(opts);
  React.useEffect(() => {
    latest.current = opts;
  });
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = React.useRef<Promise<void> | null>(null);
  const again = React.useRef(false);
  const attempt = React.useRef(0);
  const reason = React.useRef<string | undefined>(undefined);
  const mounted = React.useRef(true);
  /** flush itself, for the timers it sets (a callback cannot name itself before it is declared). */
  const flushRef = React.useRef<() => Promise<void>>(() => Promise.resolve());
  const { examId, classId, subjectId } = opts.sheet;

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const send = React.useCallback(
    async (marks: MarkInput[]) => {
      const ref = { examId, classId, subjectId };
      const outbox = latest.current.outbox;
      const key = outbox?.keyFor(marks, reason.current ?? null);
      let res: SaveMarksResult;
      try {
        res = await api<SaveMarksResult>(`/api/exams/${examId}/marks`, {
          method: 'PUT',
          json: { classId, subjectId, marks, ...(reason.current ? { reason: reason.current } : {}) },
          timeoutMs: 20_000,
          ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
        });
      } catch (err) {
        if (key && !retriable(err)) outbox?.answered(key);
        throw err;
      }
      if (key) outbox?.answered(key);
      qc.setQueryData<MarksGrid>(marksGridKey(ref), (old) => (old ? patchGrid(old, marks, res.sheet) : old));
      // The lists (my sheets, all sheets) show the new counts (at once if one is on screen: a save after leaving the grid).
      void qc.invalidateQueries({ queryKey: [...ASSESSMENT_KEY, 'my-sheets'] });
      void qc.invalidateQueries({ queryKey: [...ASSESSMENT_KEY, 'sheets'] });
      return res;
    },
    [qc, examId, classId, subjectId],
  );

  const flush = React.useCallback(
    (withReason?: string): Promise<void> => {
      if (withReason !== undefined) reason.current = withReason;
      clearTimer();
      if (inFlight.current) {
        again.current = true;
        return inFlight.current;
      }
      const marks = latest.current.collect();
      if (marks.length === 0) {
        attempt.current = 0;
        setState((s) => (s.kind === 'error' ? s : { kind: 'idle' }));
        return Promise.resolve();
      }
      if (!latest.current.auto && !reason.current) {
        setState({ kind: 'idle' });
        return Promise.resolve();
      }
      if (navigator.onLine === false) {
        // Nothing to try: the `online` listener sends once the connection is back.
        attempt.current = Math.max(1, attempt.current);
        setState({ kind: 'offline', attempt: attempt.current, nextInMs: 0, browserOffline: true });
        return Promise.resolve();
      }
      setState({ kind: 'saving' });
      const run = (async () => {
        try {
          await send(marks);
          attempt.current = 0;
          if (mounted.current) setState({ kind: 'idle' });
        } catch (err) {
          if (!mounted.current) return;
          if (retriable(err)) {
            attempt.current += 1;
            const wait = backoffMs(attempt.current);
            setState({ kind: 'offline', attempt: attempt.current, nextInMs: wait });
            timer.current = setTimeout(() => void flushRef.current(), wait);
            again.current = false;
            return;
          }
          const e = err as ApiError;
          setState({ kind: 'error', message: e.message });
          again.current = false;
          if (e.status === 400) {
            latest.current.onRejected(marks, e);
            // The marks the server did not refuse go on their own (never the same batch again).
            const rest = latest.current.collect();
            if (rest.length > 0 && rest.length < marks.length) timer.current = setTimeout(() => void flushRef.current(), 50);
          } else latest.current.onConflict();
          return;
        } finally {
          inFlight.current = null;
        }
        if (!mounted.current) return; // the unmount sends what is left
        if (again.current || latest.current.collect().length > 0) {
          again.current = false;
          // Edits made while the PUT was in flight.
          if (latest.current.auto || reason.current) timer.current = setTimeout(() => void flushRef.current(), 50);
        } else if (!latest.current.auto) {
          // Approved marks: the next batch of changes asks for its own reason.
          reason.current = undefined;
        }
      })();
      inFlight.current = run;
      return run;
    },
    [send],
  );

  React.useEffect(() => {
    flushRef.current = () => flush();
  }, [flush]);

  /** After an edit: save in ~800 ms (each edit restarts the wait); nothing while a retry is pending. */
  const schedule = React.useCallback(() => {
    if (!latest.current.auto) return;
    setState((s) => (s.kind === 'offline' ? s : { kind: 'waiting' }));
    if (timer.current && attempt.current > 0) return; // a backoff retry is already planned
    clearTimer();
    timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
  }, [flush]);

  // Back online: retry now instead of waiting for the backoff.
  React.useEffect(() => {
    const online = () => {
      if (attempt.current > 0) void flush();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  // Leaving the grid inside the app: send what is left (the PUT is idempotent).
  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimer();
      const { collect, auto } = latest.current;
      if (!auto && !reason.current) return;
      void (inFlight.current ?? Promise.resolve())
        .then(() => {
          const marks = collect();
          return marks.length ? send(marks) : undefined;
        })
        .catch(() => undefined);
    };
  }, [send]);

  const retryNow = React.useCallback(() => void flush(), [flush]);
  const clearError = React.useCallback(() => setState((s) => (s.kind === 'error' ? { kind: 'idle' } : s)), []);
  return { state, schedule, flush, retryNow, clearError };
}
