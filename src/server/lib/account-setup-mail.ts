import type { AuthDeps } from './module-deps.js';

/**
 * The account set-up e-mail (issue 10 §2 parents, issue 14 school staff, issue 18 platform staff): a
 * link to choose the password of a new account. The link is a password-reset link (better-auth
 * requestPasswordReset, valid one hour: the mechanism of "Forgot password?", which sends a fresh one
 * after that). Each caller gives its subject, the sentence that says who made what account, and the
 * sign-in area; the rest of the wording is the same for all. Call after the account's transaction has
 * committed. Throws when no reset token was issued or the mail server refuses.
 */
export interface AccountSetupMail {
  email: string;
  name: string;
  subject: string;
  /** Plain text, e.g. "Greenhill Academy has created an EduFam staff account for you." (escaped in the HTML part). */
  intro: string;
  /** The area of the sign-in page to choose: "School Users" or "Admin". */
  area: 'School Users' | 'Admin';
}

export async function sendAccountSetupLink(deps: Pick<AuthDeps, 'auth' | 'publicUrl' | 'issuedResetTokens' | 'mailer'>, mail: AccountSetupMail): Promise<void> {
  const email = mail.email.trim().toLowerCase();
  try {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: `${deps.publicUrl}/reset-password` } });
    const token = deps.issuedResetTokens.get(email);
    if (!token) throw new Error('no reset token issued');
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const signIn = `${deps.publicUrl}/login`;
    const after = (at: string) => `Then sign in at ${at} in the "${mail.area}" area with this e-mail address. If the link has expired, use "Forgot password?" on that page.`;
    const text = [`Hello ${mail.name},`, '', mail.intro, `Open this link to choose your password (valid for one hour): ${link}`, '', after(signIn)].join('\n');
    const html = `<p>Hello ${escapeHtml(mail.name)},</p><p>${escapeHtml(mail.intro)}</p><p><a href="${link}">Choose your password</a> (the link is valid for one hour).</p><p>${after(`<a href="${signIn}">${signIn}</a>`)}</p>`;
    await deps.mailer.send({ to: email, subject: mail.subject, text, html });
  } finally {
    deps.issuedResetTokens.delete(email);
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
