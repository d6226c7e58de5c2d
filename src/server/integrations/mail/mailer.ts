import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (e.g. a payslip PDF, issue 14 §3). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** Sends e-mail. Throws when the message could not be handed to the mail server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/** How long (ms) to wait for the SMTP connection, the server's greeting and an idle socket; nodemailer's defaults when left out. */
export interface SmtpTimeouts {
  connectionTimeout?: number;
  greetingTimeout?: number;
  socketTimeout?: number;
}

/** Real delivery through an SMTP server (nodemailer), with `timeouts` where given. */
export function createSmtpMailer(settings: SmtpSettings, timeouts: SmtpTimeouts = {}): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    // Local/dev SMTP servers often offer STARTTLS with self-signed certificates.
    tls: { rejectUnauthorized: false },
    ...timeouts,
  });
  return {
    async send(m) {
      await transport.sendMail({ from: settings.from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
    },
    close: () => transport.close(),
  };
}

/**
 * Development fallback when no SMTP server is configured: the whole message, links included, is
 * written to the server log so a developer can follow a password-reset link.
 */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(m) {
      log.info({ mail: { to: m.to, subject: m.subject } }, `Mail (no SMTP configured) to ${m.to}: ${m.subject}\n${m.text}`);
    },
    close: () => undefined,
  };
}
