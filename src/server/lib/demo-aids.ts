import { eq } from 'drizzle-orm';
import { demoAidMessages } from '../../shared/messages/demo-aids.js';
import { mpesaConfigs } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { AppError } from '../errors.js';

/**
 * Is school `schoolId` a demo or test school, where sample files (a bank statement of its learners, a
 * Ministry UPI file) may be handed out to try an import? Yes only when its M-Pesa runs on the built-in
 * simulator (the demo schools, or a school trying EduFam out); a school on Safaricom's sandbox or
 * production, or with no M-Pesa set up yet, may hold real records and gets no made-up ones. The
 * developers' guide: "Simulators and test aids never touch a production-configured school."
 */
export async function isDemoSchool(tx: Tx, schoolId: string): Promise<boolean> {
  const [row] = await tx.select({ environment: mpesaConfigs.environment }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, schoolId));
  return row?.environment === 'simulator';
}

/** Refuses a demo aid for a live school: 409 DEMO_ONLY with demoAidMessages.liveSchool. */
export async function assertDemoSchool(tx: Tx, schoolId: string): Promise<void> {
  if (!(await isDemoSchool(tx, schoolId))) throw new AppError(409, 'DEMO_ONLY', demoAidMessages.liveSchool);
}
