import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/tenant.js';
import { accounts, profiles, users } from '../../db/schema/index.js';

export interface NewAccount {
  email: string;
  name: string;
  role: string | null;
  schoolId: string | null;
  /** better-auth scrypt hash (hashPassword from better-auth/crypto). */
  passwordHash: string;
  phone?: string | null;
  status?: 'active' | 'inactive' | 'suspended';
  mustChangePassword?: boolean;
}

/**
 * Creates a sign-in account: the better-auth user and credential account rows plus the EduFam
 * profile, in the caller's transaction. Returns the new user id. E-mail is stored lower-case.
 */
export async function insertAccount(tx: Tx, a: NewAccount): Promise<string> {
  const id = randomUUID();
  const email = a.email.trim().toLowerCase();
  await tx.insert(users).values({ id, name: a.name, email, emailVerified: true });
  await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: a.passwordHash });
  await tx.insert(profiles).values({
    id,
    email,
    name: a.name,
    role: a.role,
    schoolId: a.schoolId,
    phone: a.phone ?? null,
    status: a.status ?? 'active',
    mustChangePassword: a.mustChangePassword ?? false,
  });
  return id;
}
