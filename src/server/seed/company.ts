import { BUILT_IN_SCHOOL_DEFAULTS } from '../../shared/contracts/system-settings.js';
import { platformCompany, systemSettings } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

/** The demo's company details, as stored (KRA PIN and phone normalised). */
export const DEMO_COMPANY = {
  name: 'EduFam Ltd',
  kraPin: 'P051234567X',
  address: 'Westlands Business Park, Waiyaki Way, P.O. Box 12345-00100, Nairobi',
  email: 'accounts@edufam.co.ke',
  phone: '254722000100',
  website: 'https://edufam.co.ke',
  paybill: '4012345',
  bankName: 'KCB Bank Kenya',
  bankBranch: 'Westlands',
  bankAccountName: 'EduFam Ltd',
  bankAccountNumber: '1234567890',
};

/**
 * EduFam's company details (issue 18 §4 "Company management": printed on platform invoices, receipts
 * and e-mails) and the default System Settings rows: the built-in defaults for new schools, e-mail
 * through the server's configuration, SMS through the simulator. Runs in the platform scope after the
 * schools and before billing. Idempotent: existing rows are left as they are.
 */
export async function seedCompany(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ id: platformCompany.id }).from(platformCompany).limit(1);
  if (!existing) await tx.insert(platformCompany).values(DEMO_COMPANY);
  await tx
    .insert(systemSettings)
    .values([
      { settingKey: 'new_school_defaults', settingValue: BUILT_IN_SCHOOL_DEFAULTS, description: 'Defaults for new schools (System Settings)' },
      { settingKey: 'email_provider', settingValue: { mode: 'default', host: '', port: 587, secure: false, user: '', from: '', passwordEnc: null }, description: 'E-mail provider (System Settings)' },
      { settingKey: 'sms_provider', settingValue: { provider: 'simulator', username: '', senderId: 'EDUFAM', sandbox: false, apiKeyEnc: null }, description: 'SMS provider (System Settings)' },
    ])
    .onConflictDoNothing();
}
