import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { USSD_SCREEN_MAX } from '../../../shared/contracts/ussd.js';
import { addDays, formatWeekday, schoolToday } from '../../../shared/dates.js';
import { parseLocale } from '../../../shared/i18n/locale.js';
import { ussdMessages as m } from '../../../shared/messages/ussd.js';
import { formatKesLabel } from '../../../shared/money.js';
import { formatKenyanPhone, normaliseKenyanPhone } from '../../../shared/phone.js';
import type { Database } from '../../db/client.js';
import { withScope, withSystem, type Tx } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { withLocale } from '../../lib/request-locale.js';
import { termCards } from '../assessment/index.js';
import { balanceOf } from '../fees/index.js';
import { sendSms, type SmsDeps } from '../sms/index.js';
import * as repo from './ussd.repository.js';
import type { UssdChild, UssdGuardian } from './ussd.repository.js';

/**
 * USSD for basic phones (issue 36 §3): a guardian dials the school's code, is found by phone among
 * guardians of active learners, proves it is them (a one-time code by SMS at first use, then a 4-digit
 * PIN), and reads a child's fee balance, pays by M-Pesa (STK Push to the same phone), reads the latest
 * released results, this week's attendance and the school's latest announcement to parents. Each step
 * is one Africa's Talking request; where the caller is lives in ussd_sessions, so a retried identical
 * request answers the same screen and never pays twice.
 */

/**
 * What pay (menu 2) asks of the M-Pesa module: an STK Push for the guardian's child, recorded against
 * the guardian (who may have no EduFam account), its amount in KES cents checked as the parent's "Pay
 * with M-Pesa" checks it.
 */
export interface UssdStkPush {
  (input: { guardianId: string; schoolId: string; studentId: string; phone: string; amountCents: number }): Promise<void>;
}

export interface UssdDeps extends SmsDeps {
  database: Database;
  /** Starts an STK Push (mpesa stk.service startGuardianStkPush, given by buildApp). */
  stkPush: UssdStkPush;
}

/** One step from the gateway. */
export interface UssdRequest {
  sessionId: string;
  phoneNumber: string;
  text: string;
}

/** Minutes a session lives after its last request (Africa's Talking ends a dial after about 3). */
export const SESSION_MINUTES = 5;
/** Wrong PINs (or codes) on one Nairobi day before USSD locks for the rest of it. */
export const MAX_WRONG = 3;
/** Minutes the one-time SMS code is valid. */
const CODE_MINUTES = 10;
/** Largest amount one USSD payment asks for, KES (Safaricom's M-Pesa Express limit per transaction). */
const MAX_PAY_KES = 150_000;

type Step = 'school' | 'code' | 'newPin' | 'confirmPin' | 'pin' | 'child' | 'menu' | 'payAmount' | 'payConfirm' | 'pages' | 'end';

interface State {
  [key: string]: unknown;
  step: Step;
  locale: string;
  guardians?: UssdGuardian[];
  guardian?: UssdGuardian;
  children?: UssdChild[];
  childId?: string;
  /** newPin → confirmPin: the first typing's hash. */
  newPinHash?: string;
  amountCents?: number;
  pages?: string[];
  page?: number;
}

interface Answer {
  kind: 'CON' | 'END';
  body: string;
  state: State;
}

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Hashes a PIN or code (scrypt, random 16-byte salt): "scrypt$<salt hex>$<hash hex>". */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** Does `secret` match a hashSecret hash (constant time)? */
export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  const [kind, saltHex, hashHex] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const given = await scrypt(secret, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(expected, given);
}

/** "CON …"/"END …" within USSD_SCREEN_MAX characters (a longer body is cut; callers page long text). */
function screen(kind: 'CON' | 'END', body: string): string {
  return `${kind} ${body}`.slice(0, USSD_SCREEN_MAX);
}

/**
 * Splits text into USSD pages of at most USSD_SCREEN_MAX characters with "CON " and the footer ("98
 * More" and "0 Back" on every page but the last, "0 Back" there). Short lines (a grade, a day) stay
 * whole; a long line (an announcement's paragraph) flows word by word into the room left. Read in the
 * guardian's language.
 */
export function pageText(text: string): string[] {
  const more = `\n${m.more}\n${m.back}`;
  const last = `\n${m.back}`;
  const room = USSD_SCREEN_MAX - 'CON '.length - more.length;
  const pages: string[] = [];
  let cur = '';
  const put = (piece: string, sep: string) => {
    if (cur && cur.length + sep.length + piece.length > room) {
      pages.push(cur);
      cur = piece;
    } else cur = cur ? `${cur}${sep}${piece}` : piece;
  };
  for (const line of text.split('\n')) {
    if (line.length <= 60) {
      put(line, '\n');
      continue;
    }
    line.split(/\s+/).filter(Boolean).forEach((word, i) => {
      for (let w = word; w.length > 0; w = w.slice(room)) put(w.slice(0, room), i === 0 && w === word ? '\n' : ' ');
    });
  }
  if (cur || pages.length === 0) pages.push(cur);
  // The last page has the shorter footer, so it always fits: room was counted with the longer one.
  return pages.map((p, i) => `${p}${i < pages.length - 1 ? more : last}`);
}

function childName(c: UssdChild): string {
  return `${c.firstName} ${c.lastName}`;
}

function choiceList(title: string, names: string[]): string {
  return [title, ...names.map((n, i) => `${i + 1} ${n}`)].join('\n');
}

/** The school's scope for a guardian's reads. */
function inSchoolOf<T>(deps: UssdDeps, g: UssdGuardian, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(deps.database.db, { schoolId: g.schoolId, userId: g.profileId, allSchools: false }, fn);
}

/** Today's counted wrong attempts and whether USSD is locked, for a PIN row. */
function attemptsToday(row: { failedAttempts: number; failedOn: string | null; lockedOn: string | null } | undefined, today: string) {
  return { wrong: row && row.failedOn === today ? row.failedAttempts : 0, locked: row?.lockedOn === today };
}

/** Records a wrong PIN or code; returns how many tries are left today (0: now locked). */
async function countWrong(deps: UssdDeps, g: UssdGuardian, today: string): Promise<number> {
  return inSchoolOf(deps, g, async (tx) => {
    const row = await repo.findPin(tx, g.guardianId);
    const wrong = attemptsToday(row, today).wrong + 1;
    await repo.upsertPin(tx, g.schoolId, g.guardianId, { failedAttempts: wrong, failedOn: today, lockedOn: wrong >= MAX_WRONG ? today : (row?.lockedOn ?? null) });
    return Math.max(0, MAX_WRONG - wrong);
  });
}

/** First screen once the guardian (school) is known: locked, PIN, or a fresh code by SMS. */
async function startGuardian(deps: UssdDeps, g: UssdGuardian, phone: string, now: Date): Promise<Answer> {
  const state: State = { step: 'pin', locale: g.locale, guardian: g };
  const today = schoolToday(now);
  const row = await inSchoolOf(deps, g, (tx) => repo.findPin(tx, g.guardianId));
  if (attemptsToday(row, today).locked) return { kind: 'END', body: m.locked, state: { ...state, step: 'end' } };
  if (row?.pinHash) return { kind: 'CON', body: m.enterPin(g.schoolName), state };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashSecret(code);
  await inSchoolOf(deps, g, (tx) => repo.upsertPin(tx, g.schoolId, g.guardianId, { codeHash, codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000) }));
  await sendSms(deps, g.schoolId, { to: phone, body: m.codeSms(code), kind: 'other', createdBy: g.profileId });
  return { kind: 'CON', body: m.codeSent, state: { ...state, step: 'code' } };
}

/** After the PIN: the child list, or the menu of the only child. */
async function afterPin(deps: UssdDeps, state: State): Promise<Answer> {
  const g = state.guardian!;
  const children = await inSchoolOf(deps, g, (tx) => repo.childrenOf(tx, g.guardianId));
  if (children.length === 0) return { kind: 'END', body: m.unknownNumber, state: { ...state, step: 'end' } };
  if (children.length === 1) return menuOf({ ...state, children, childId: children[0]!.id });
  return { kind: 'CON', body: choiceList(m.chooseChild, children.map(childName)), state: { ...state, step: 'child', children } };
}

function currentChild(state: State): UssdChild {
  return state.children!.find((c) => c.id === state.childId)!;
}

function menuOf(state: State, prefix = ''): Answer {
  const several = (state.children?.length ?? 0) > 1;
  const body = `${prefix ? `${prefix}\n` : ''}${m.menu(childName(currentChild(state)))}${several ? `\n${m.back}` : ''}`;
  return { kind: 'CON', body, state: { ...state, step: 'menu', pages: undefined, page: undefined, amountCents: undefined } };
}

function pagesOf(state: State, text: string): Answer {
  const pages = pageText(text);
  return { kind: 'CON', body: pages[0]!, state: { ...state, step: 'pages', pages, page: 0 } };
}

/**
 * The pay confirmation (amount, child's first name, phone) within USSD_SCREEN_MAX with "CON ": a first
 * name too long for the screen is shortened with "…" so the Confirm and Cancel choices always show.
 */
export function payConfirmText(amount: string, firstName: string, phone: string): string {
  const room = USSD_SCREEN_MAX - 'CON '.length;
  const full = m.payConfirm(amount, firstName, phone);
  if (full.length <= room) return full;
  const keep = Math.max(1, firstName.length - (full.length - room) - 1);
  return m.payConfirm(amount, `${firstName.slice(0, keep)}…`, phone);
}

function balanceText(name: string, cents: number): string {
  if (cents > 0) return m.balanceOwed(name, formatKesLabel(cents));
  if (cents < 0) return m.balanceCredit(name, formatKesLabel(-cents));
  return m.balanceClear(name);
}

/** Results of the latest term with released results: mean grade, then each learning area's grade. */
async function resultsText(deps: UssdDeps, g: UssdGuardian, child: UssdChild): Promise<string> {
  const name = childName(child);
  return inSchoolOf(deps, g, async (tx) => {
    const term = await repo.latestReleasedTerm(tx, g.schoolId);
    if (!term) return m.resultsNone(name);
    const result = await termCards(tx, g.schoolId, term.id, { studentIds: [child.id] });
    const card = result?.cards.find((c) => c.studentId === child.id);
    if (!card) return m.resultsNone(name);
    const lines = card.subjects.map((s) => `${s.name}: ${s.grade ?? s.formative ?? '-'}`);
    return [m.resultsHead(child.firstName, term.name, card.meanGrade ?? '-'), ...lines].join('\n');
  });
}

/** This week's attendance (Monday to today, Africa/Nairobi): each marked day's word, and the days present. */
async function attendanceText(deps: UssdDeps, g: UssdGuardian, child: UssdChild, now: Date): Promise<string> {
  const today = schoolToday(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  const rows = await inSchoolOf(deps, g, (tx) => repo.attendanceBetween(tx, child.id, monday, today));
  if (rows.length === 0) return m.attendanceNone(child.firstName);
  const byDay = new Map<string, string[]>();
  for (const r of rows) byDay.set(r.date, [...(byDay.get(r.date) ?? []), r.status]);
  // A day reads as its worst session: absent, then late, then excused, else present.
  const order = ['absent', 'late', 'excused', 'present'] as const;
  const lines: string[] = [];
  let present = 0;
  for (const [day, statuses] of byDay) {
    const worst = order.find((s) => statuses.includes(s)) ?? 'present';
    if (worst === 'present' || worst === 'late') present += 1;
    lines.push(`${formatWeekday(day)}: ${m.status[worst]}`);
  }
  return [m.attendanceHead(child.firstName), ...lines, m.attendanceTotal(present, byDay.size)].join('\n');
}

async function announcementText(deps: UssdDeps, g: UssdGuardian, child: UssdChild, now: Date): Promise<string> {
  const a = await inSchoolOf(deps, g, (tx) => repo.latestParentAnnouncement(tx, g.schoolId, child.classId ? [child.classId] : [], now));
  if (!a) return m.announcementNone;
  return `${a.title}\n${a.body.replace(/[*_#>`]/g, '').replace(/\n{2,}/g, '\n').trim()}`;
}

/** The answer to `input` at the session's step (the session exists, the guardian may not be chosen yet). */
async function step(deps: UssdDeps, req: UssdRequest, phone: string, state: State, input: string, now: Date): Promise<Answer> {
  const today = schoolToday(now);
  switch (state.step) {
    case 'school': {
      const g = state.guardians![Number(input) - 1];
      if (!/^\d+$/.test(input) || !g) return { kind: 'CON', body: `${m.invalidChoice}\n${choiceList(m.chooseSchool, state.guardians!.map((x) => x.schoolName))}`, state };
      return withLocale(parseLocale(g.locale), () => startGuardian(deps, g, phone, now));
    }
    case 'code': {
      const g = state.guardian!;
      const row = await inSchoolOf(deps, g, (tx) => repo.findPin(tx, g.guardianId));
      if (attemptsToday(row, today).locked) return { kind: 'END', body: m.locked, state: { ...state, step: 'end' } };
      if (!row?.codeExpiresAt || row.codeExpiresAt <= now) return { kind: 'END', body: m.codeExpired, state: { ...state, step: 'end' } };
      if (!/^\d{6}$/.test(input) || !(await verifySecret(input, row.codeHash))) {
        const left = await countWrong(deps, g, today);
        return left === 0 ? { kind: 'END', body: m.locked, state: { ...state, step: 'end' } } : { kind: 'CON', body: m.codeWrong(left), state };
      }
      await inSchoolOf(deps, g, (tx) => repo.upsertPin(tx, g.schoolId, g.guardianId, { codeHash: null, codeExpiresAt: null, failedAttempts: 0 }));
      return { kind: 'CON', body: m.choosePin, state: { ...state, step: 'newPin' } };
    }
    case 'newPin':
      if (!/^\d{4}$/.test(input)) return { kind: 'CON', body: m.pinFormat, state };
      return { kind: 'CON', body: m.confirmPin, state: { ...state, step: 'confirmPin', newPinHash: await hashSecret(input) } };
    case 'confirmPin': {
      if (!(await verifySecret(input, state.newPinHash))) return { kind: 'CON', body: m.pinMismatch, state: { ...state, step: 'newPin', newPinHash: undefined } };
      const g = state.guardian!;
      await inSchoolOf(deps, g, (tx) => repo.upsertPin(tx, g.schoolId, g.guardianId, { pinHash: state.newPinHash!, failedAttempts: 0 }));
      return afterPin(deps, { ...state, newPinHash: undefined });
    }
    case 'pin': {
      const g = state.guardian!;
      const row = await inSchoolOf(deps, g, (tx) => repo.findPin(tx, g.guardianId));
      if (attemptsToday(row, today).locked) return { kind: 'END', body: m.locked, state: { ...state, step: 'end' } };
      if (!/^\d{4}$/.test(input) || !(await verifySecret(input, row?.pinHash))) {
        const left = await countWrong(deps, g, today);
        return left === 0 ? { kind: 'END', body: m.locked, state: { ...state, step: 'end' } } : { kind: 'CON', body: m.pinWrong(left), state };
      }
      if (row && row.failedAttempts > 0) await inSchoolOf(deps, g, (tx) => repo.upsertPin(tx, g.schoolId, g.guardianId, { failedAttempts: 0 }));
      return afterPin(deps, state);
    }
    case 'child': {
      const c = state.children![Number(input) - 1];
      if (!/^\d+$/.test(input) || !c) return { kind: 'CON', body: `${m.invalidChoice}\n${choiceList(m.chooseChild, state.children!.map(childName))}`, state };
      return menuOf({ ...state, childId: c.id });
    }
    case 'menu': {
      const g = state.guardian!;
      const child = currentChild(state);
      switch (input) {
        case '0':
          if ((state.children?.length ?? 0) > 1) return { kind: 'CON', body: choiceList(m.chooseChild, state.children!.map(childName)), state: { ...state, step: 'child' } };
          return menuOf(state, m.invalidChoice);
        case '1': {
          const cents = await inSchoolOf(deps, g, (tx) => balanceOf(tx, child.id));
          return pagesOf(state, balanceText(childName(child), cents));
        }
        case '2': {
          const cents = await inSchoolOf(deps, g, (tx) => balanceOf(tx, child.id));
          return { kind: 'CON', body: m.payAmount(formatKesLabel(cents)), state: { ...state, step: 'payAmount' } };
        }
        case '3':
          return pagesOf(state, await resultsText(deps, g, child));
        case '4':
          return pagesOf(state, await attendanceText(deps, g, child, now));
        case '5':
          return pagesOf(state, await announcementText(deps, g, child, now));
        default:
          return menuOf(state, m.invalidChoice);
      }
    }
    case 'payAmount': {
      if (input === '0') return menuOf(state);
      const kes = /^\d{1,6}$/.test(input) ? Number(input) : NaN;
      if (!(kes >= 1 && kes <= MAX_PAY_KES)) return { kind: 'CON', body: m.payAmountInvalid, state };
      const amountCents = kes * 100;
      return { kind: 'CON', body: payConfirmText(formatKesLabel(amountCents), currentChild(state).firstName, formatKenyanPhone(phone)), state: { ...state, step: 'payConfirm', amountCents } };
    }
    case 'payConfirm': {
      if (input !== '1') return menuOf(state, m.payCancelled);
      const done: State = { ...state, step: 'end' };
      // One push per session and request: a retry that raced past the stored answer finds it claimed.
      const claimed = await withSystem(deps.database.db, (tx) => repo.claimPay(tx, req.sessionId, req.text));
      if (!claimed) return { kind: 'END', body: m.paySent, state: done };
      const g = state.guardian!;
      try {
        await deps.stkPush({ guardianId: g.guardianId, schoolId: g.schoolId, studentId: state.childId!, phone, amountCents: state.amountCents! });
      } catch (err) {
        if (err instanceof AppError && err.code === 'MPESA_NOT_CONFIGURED') return { kind: 'END', body: m.payUnavailable, state: done };
        if (err instanceof AppError) return { kind: 'END', body: m.payFailed, state: done };
        throw err;
      }
      return { kind: 'END', body: m.paySent, state: done };
    }
    case 'pages': {
      const pages = state.pages ?? [];
      const page = state.page ?? 0;
      if (input === '98' && page < pages.length - 1) return { kind: 'CON', body: pages[page + 1]!, state: { ...state, page: page + 1 } };
      if (input === '0') return menuOf(state);
      return { kind: 'CON', body: pages[page]!, state };
    }
    case 'end':
      return { kind: 'END', body: m.sessionExpired, state };
  }
}

/**
 * Answers one USSD request with its screen ("CON …" or "END …", at most USSD_SCREEN_MAX characters) in
 * the guardian's language (guardians.preferred_language, else the school's default_locale). A first
 * request ('' text) finds the guardian by phone; an unknown number ends politely, revealing nothing. A
 * request repeating the session's last (same sessionId and text) answers the stored screen and does
 * nothing else. Sessions expire SESSION_MINUTES after their last request.
 */
export async function handleUssd(deps: UssdDeps, req: UssdRequest, now: Date = new Date()): Promise<string> {
  const phone = normaliseKenyanPhone(req.phoneNumber);
  const text = req.text;
  const session = await withSystem(deps.database.db, async (tx) => {
    if (text === '') await repo.deleteExpiredSessions(tx, now);
    return repo.findSession(tx, req.sessionId);
  });
  if (session && session.phone !== (phone ?? req.phoneNumber)) return screen('END', m.sessionExpired);
  if (session && session.lastText === text && session.lastScreen) return session.lastScreen;
  if (session && session.expiresAt <= now) return withLocale(parseLocale(String(session.state.locale)), () => screen('END', m.sessionExpired));

  let answer: Answer;
  if (!session) {
    if (text !== '') return screen('END', m.sessionExpired);
    const found = phone ? await withSystem(deps.database.db, (tx) => repo.guardiansByPhone(tx, phone)) : [];
    if (!phone || found.length === 0) return screen('END', m.unknownNumber);
    const locale = found[0]!.locale;
    answer = await withLocale(parseLocale(locale), async () =>
      found.length > 1
        ? { kind: 'CON' as const, body: choiceList(m.chooseSchool, found.map((g) => g.schoolName)), state: { step: 'school' as const, locale, guardians: found } }
        : startGuardian(deps, found[0]!, phone, now),
    );
  } else {
    const state = session.state as State;
    const input = text.split('*').at(-1) ?? '';
    answer = await withLocale(parseLocale(state.locale), () => step(deps, req, phone!, state, input, now));
  }
  const locale = answer.state.guardian?.locale ?? answer.state.locale;
  const out = screen(answer.kind, answer.body);
  await withSystem(deps.database.db, (tx) =>
    repo.saveSession(tx, { sessionId: req.sessionId, phone: phone!, state: { ...answer.state, locale }, lastText: text, lastScreen: out, expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000) }),
  );
  return out;
}

/**
 * The USSD simulator page's SMS inbox (demo only; the route refuses it unless the simulator is on): the
 * last 3 messages the SMS simulator carried to `phone` in the last 30 minutes, so a demo visitor can
 * read the one-time code. An invalid number has no messages.
 */
export async function simulatorInbox(deps: Pick<UssdDeps, 'database'>, phoneInput: string, now: Date = new Date()): Promise<{ body: string; at: string }[]> {
  const phone = normaliseKenyanPhone(phoneInput);
  if (!phone) return [];
  const rows = await withSystem(deps.database.db, (tx) => repo.simulatedSmsTo(tx, phone, new Date(now.getTime() - 30 * 60_000), 3));
  return rows.map((r) => ({ body: r.body, at: r.at.toISOString() }));
}
