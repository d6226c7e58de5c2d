import { test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { e2eSmtpPort } from './ports';

/**
 * An in-process SMTP server for browser tests: the worker's app under test (started by
 * playwright.config.ts with SMTP_HOST=127.0.0.1 and SMTP_PORT=E2E_SMTP_PORT + the worker's index)
 * delivers its e-mail here, and tests read it. Start it in beforeAll and close it in afterAll of the
 * spec that needs mail.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface Mailbox {
  readonly messages: ReceivedMail[];
  /** Mail addressed to this recipient (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** Waits until a message for this recipient arrives after `since` messages were already there. */
  waitFor(address: string, opts?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

/** Starts the mailbox of the calling test's worker (call it inside a test or hook). */
export async function startMailbox(port = e2eSmtpPort(test.info().parallelIndex)): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMessage(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parsed,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const to = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    messages: received,
    to,
    async waitFor(address, { timeoutMs = 10_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const list = to(address);
        if (list.length > after) return list[list.length - 1];
        if (Date.now() > deadline) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    clear: () => void received.splice(0, received.length),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a message whose path is `path` (e.g. "/reset-password"). */
export function findLink(mail: ReceivedMail, path: string): string | null {
  const re = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`);
  const m = re.exec(mail.text) ?? re.exec(mail.html);
  return m ? m[0].replace(/&amp;/g, '&') : null;
}

// ---------------------------------------------------------------------------------------------
// Minimal MIME reading: enough for what nodemailer sends (single part or multipart/alternative,
// 7bit / quoted-printable / base64 bodies).

function splitHeaders(block: string): { headers: Record<string, string>; body: string } {
  const sep = block.search(/\r?\n\r?\n/);
  const head = sep === -1 ? block : block.slice(0, sep);
  const body = sep === -1 ? '' : block.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const out = { subject: decodeHeaderWords(headers['subject'] ?? ''), text: '', html: '' };
  const walk = (h: Record<string, string>, b: string) => {
    const type = (h['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHeaders(part.replace(/^\r?\n/, ''));
        walk(p.headers, p.body);
      }
      return;
    }
    const decoded = decodeBody(b, h['content-transfer-encoding']);
    if (type.startsWith('text/html')) out.html ||= decoded;
    else if (type.startsWith('text/plain')) out.text ||= decoded;
  };
  walk(headers, body);
  return out;
}
