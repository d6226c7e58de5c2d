import type { z } from 'zod';
import type {
  AssessmentSettings,
  createExamBody,
  Exam,
  GradingScale,
  saveTimetableBody,
  setLevelScaleBody,
  timetableResponse,
  updateExamBody,
  updateScaleBody,
} from '@shared/contracts/assessment';
import type { ClassItem } from '@shared/contracts/classes';
import type { AcademicYear, Assignment, Level, Subject, TeacherOption } from '@shared/contracts/school-setup';
import { api } from '@/lib/api';
import { qs, useAssessmentMutation, useAssessmentQuery } from './assessment';

/**
 * Calls of the principal's Examinations (issue 12 §1, §2), the results browser and the exam analytics
 * (§4), beyond the shared ones in ./assessment: the school's terms, levels, learning areas, streams and
 * teachers as the forms pick them; exam series writes; the exam timetable; scale edits and settings.
 * Every key starts with ASSESSMENT_KEY (a write refreshes them all).
 */

export type TimetableItem = z.infer<typeof timetableResponse>['items'][number];
export type TimetableInput = z.input<typeof saveTimetableBody>['entries'][number];
export type CreateExamInput = z.input<typeof createExamBody>;
export type UpdateExamInput = z.input<typeof updateExamBody>;
export type UpdateScaleInput = z.input<typeof updateScaleBody>;
export type SetLevelScaleInput = z.input<typeof setLevelScaleBody>;

const SETUP_STALE = 5 * 60_000;

/** GET /api/school-setup/years: years newest first, each with its terms. */
export const useSchoolYears = () => useAssessmentQuery<{ items: AcademicYear[] }>(['setup', 'years'], '/api/school-setup/years', { staleTime: SETUP_STALE });
/** GET /api/school-setup/levels: lowest first. */
export const useSchoolLevels = () => useAssessmentQuery<{ items: Level[] }>(['setup', 'levels'], '/api/school-setup/levels', { staleTime: SETUP_STALE });
/** GET /api/school-setup/subjects: the learning areas in use, every band. */
export const useSchoolSubjects = () => useAssessmentQuery<{ items: Subject[] }>(['setup', 'subjects'], '/api/school-setup/subjects', { staleTime: SETUP_STALE });
/** GET /api/classes?yearId=all: every stream of every year (an exam's streams are its levels' in its year). */
export const useAllStreams = () => useAssessmentQuery<ClassItem[]>(['setup', 'classes'], '/api/classes?yearId=all', { staleTime: SETUP_STALE });
/** GET /api/school-setup/teachers: the school's active teachers (invigilator picker). */
export const useTeacherOptions = (enabled = true) =>
  useAssessmentQuery<{ items: TeacherOption[] }>(['setup', 'teachers'], enabled ? '/api/school-setup/teachers' : null, { staleTime: SETUP_STALE });
/** GET /api/school-setup/assignments?teacherId=: a teacher's streams x subjects this year. */
export const useTeacherAssignments = (teacherId: string | null) =>
  useAssessmentQuery<{ items: Assignment[] }>(['setup', 'assignments', teacherId], teacherId ? `/api/school-setup/assignments${qs({ teacherId })}` : null, { staleTime: SETUP_STALE });

/** POST /api/exams → 201 the series. */
export const useCreateExam = () => useAssessmentMutation((body: CreateExamInput) => api<Exam>('/api/exams', { method: 'POST', json: body }));
/** PATCH /api/exams/:examId → the series. */
export const useUpdateExam = () => useAssessmentMutation(({ id, body }: { id: string; body: UpdateExamInput }) => api<Exam>(`/api/exams/${id}`, { method: 'PATCH', json: body }));
/** DELETE /api/exams/:examId → { deleted }; 409 when marks exist. */
export const useDeleteExam = () => useAssessmentMutation((id: string) => api<{ deleted: boolean }>(`/api/exams/${id}`, { method: 'DELETE' }));
/** POST /api/exams/:examId/release → { id, status, releasedAt, sheets }; 409 with the reason when sheets are unapproved. */
export const useReleaseExam = () =>
  useAssessmentMutation((id: string) => api<{ id: string; status: 'released'; releasedAt: string; sheets: number }>(`/api/exams/${id}/release`, { method: 'POST' }));

/** GET /api/exams/:examId/timetable → { items } in date and time order. */
export const useTimetable = (examId: string | null) =>
  useAssessmentQuery<{ items: TimetableItem[] }>(['timetable', examId], examId ? `/api/exams/${examId}/timetable` : null, { staleTime: 0 });
/** PUT /api/exams/:examId/timetable { entries } → { items }; 400 with the clash named. */
export const useSaveTimetable = () =>
  useAssessmentMutation(({ examId, entries }: { examId: string; entries: TimetableInput[] }) =>
    api<{ items: TimetableItem[] }>(`/api/exams/${examId}/timetable`, { method: 'PUT', json: { entries } }),
  );

/** PUT /api/grading/scales/:key { name?, bands } → the scale's new version; 400 with the problems. */
export const useSaveScale = () =>
  useAssessmentMutation(({ key, body }: { key: string; body: UpdateScaleInput }) => api<GradingScale>(`/api/grading/scales/${key}`, { method: 'PUT', json: body }));
/** PUT /api/grading/levels/:levelId { scaleKey, subjectId? } → which scale grades the level (or one subject of it). */
export const useSetLevelScale = () =>
  useAssessmentMutation(({ levelId, body }: { levelId: string; body: SetLevelScaleInput }) =>
    api<{ levelId: string; subjectId: string | null; scaleKey: string }>(`/api/grading/levels/${levelId}`, { method: 'PUT', json: body }),
  );
/** PUT /api/assessment/settings → the saved settings. */
export const useSaveAssessmentSettings = () =>
  useAssessmentMutation((body: Partial<AssessmentSettings>) => api<AssessmentSettings>('/api/assessment/settings', { method: 'PUT', json: body }));

/** The broadsheet as a file: GET /api/exams/:examId/results?classId=|levelId=&format=pdf|xlsx. */
export const resultsFileUrl = (examId: string, scope: { classId?: string | null; levelId?: string | null }, format: 'pdf' | 'xlsx') =>
  `/api/exams/${examId}/results${qs({ classId: scope.classId, levelId: scope.classId ? null : scope.levelId, format })}`;
/** The printable exam timetable: GET /api/exams/:examId/timetable.pdf. */
export const timetablePdfUrl = (examId: string) => `/api/exams/${examId}/timetable.pdf`;
