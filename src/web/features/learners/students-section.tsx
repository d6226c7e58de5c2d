import { RegisterPage } from './components/register-page';

/**
 * Students (issue 10 §3) for every role that has it: the school director (whole school, read-only,
 * figures by level and gender), the principal (the register with admission and import), the teacher
 * ("My Students": their streams; guardian contacts for the class teacher), the finance officer
 * (read-only) and platform staff (the school picked in the header). `?student=<id>` opens a profile.
 */
export function StudentsSection() {
  return <RegisterPage hub={false} />;
}
