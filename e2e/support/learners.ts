import { expect, type Page } from '@playwright/test';
import type { StudentDetail } from '../../src/shared/contracts/learners';

/**
 * Admits a learner through the API as the signed-in user (POST /api/students, expects 201): into the
 * class (stream) named `className`, e.g. "Grade 7 East", over its capacity if need be. `details` are the
 * request's other fields (names, gender, dateOfBirth, guardians ...). Returns the created learner.
 */
export async function admitViaApi(page: Page, className: string, details: Record<string, unknown>): Promise<StudentDetail> {
  const classes = (await (await page.request.get('/api/classes')).json()) as { id: string; name: string }[];
  const classId = classes.find((c) => c.name === className)!.id;
  const res = await page.request.post('/api/students', { data: { ...details, classId, overrideCapacity: true } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StudentDetail;
}
