import { currentLocale, type Locale } from '../../shared/i18n/locale.js';
import { messages } from '../../shared/messages.js';
import { recipientMailMessages } from '../../shared/messages/recipient-mail.js';
import type { AuthDeps } from './module-deps.js';
import { withLocale } from './request-locale.js';

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
  /** The subject; a function is read in the recipient's language (`locale`). */
  subject: string | (() => string);
  /** Plain text, e.g. "Greenhill Academy has created an EduFam staff account for you." (escaped in the HTML part); a function is read in the recipient's language. */
  intro: string | (() => string);
  /** The area of the sign-in page to choose: "School Users" or "Admin". */
  area: 'School Users' | 'Admin';
  /**
   * The recipient's language (issue 36 §2): a parent account's guardian language, the new account's
   * saved language. The e-mail's own words are written in it; left out, the language of the request.
   */
  locale?: Locale;
}

/** The sign-in area's name as the sign-in page shows it in the current language (English: the spec's "School Users" / "Admin"). */
function areaName(area: AccountSetupMail['area']): string {
  if (currentLocale() === 'en') return area;
  return area === 'School Users' ? messages.login.schoolSection : messages.login.adminSection;
}

/** The subject, plain text and HTML of the e-mail, in the current language. */
function renderSetupMail(mail: AccountSetupMail, link: string, signIn: string): { subject: string; text: string; html: string } {
  const w = recipientMailMessages.accountSetup;
  const subject = typeof mail.subject === 'function' ? mail.subject() : mail.subject;
  const intro = typeof mail.intro === 'function' ? mail.intro() : mail.intro;
  const area = areaName(mail.area);
  const text = [w.hello(mail.name), '', intro, w.openLink(link), '', w.after(signIn, area)].join('\n');
  const html = `<p>${escapeHtml(w.hello(mail.name))}</p><p>${escapeHtml(intro)}</p><p><a href="${link}">${escapeHtml(w.chooseLink)}</a> ${escapeHtml(w.linkValid)}</p><p>${w.after(`<a href="${signIn}">${signIn}</a>`, escapeHtml(area))}</p>`;
  return { subject, text, html };
}

export async function sendAccountSetupLink(deps: Pick<AuthDeps, 'auth' | 'publicUrl' | 'issuedResetTokens' | 'mailer'>, mail: AccountSetupMail): Promise<void> {
  const email = mail.email.trim().toLowerCase();
  try {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: `${deps.publicUrl}/reset-password` } });
    const token = deps.issuedResetTokens.get(email);
    if (!token) throw new Error('no reset token issued');
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const signIn = `${deps.publicUrl}/login`;
    const render = () => renderSetupMail(mail, link, signIn);
    const { subject, text, html } = mail.locale ? withLocale(mail.locale, render) : render();
    await deps.mailer.send({ to: email, subject, text, html });
  } finally {
    deps.issuedResetTokens.delete(email);
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
