import { ExaminationsPage } from './exams/examinations-page';

/** The principal's "examinations" section (issue 12 §1, §2, §4): series, papers, timetable, scales, release, results. */
export function ExaminationsSection() {
  return <ExaminationsPage />;
}
