import { RegisterPage } from './components/register-page';

/**
 * Student Information (issue 10 §2; principal, under Academic Management): the learner register with
 * search, filters, export and import, and the learner profile at `?student=<id>` (the ID card's QR code
 * links to /dashboard/student-information?student=<id>).
 */
export function StudentInformationSection() {
  return <RegisterPage hub />;
}
