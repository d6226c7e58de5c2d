/**
 * The marks grid's cells (issue 12 §3): what a teacher types read as a mark, the saved value as text,
 * a pasted Excel column as rows, and a row as the grid shows it. Pure: no React, no requests.
 */
import type { MarkRow, MarkStatus } from '@shared/contracts/assessment';
import { roundHalfUp, type GradeBand } from '@shared/grading';
import { messages } from '@shared/messages';

const g = messages.gradesScreens;
const am = messages.assessment;

// ---------------------------------------------------------------------------------------------
// Cells: what a teacher types, read as a mark (pure).

export const absentText = (): string => g.grid.absentShort;
export const exemptText = (): string => g.grid.exemptShort;

/** "a", "ab", "abs", "absent" → absent; "x", "e", "ex", "exempt" → exempt (any case). */
export function tokenOf(text: string): 'absent' | 'exempt' | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  if ('absent'.startsWith(t)) return 'absent';
  if (t === 'x' || 'exempt'.startsWith(t)) return 'exempt';
  return null;
}

/** One typed number against its maximum: the number, or the server's wording for what is wrong. */
function readNumber(text: string, max: number): { value: number | null; error: string | null } {
  const t = text.trim();
  if (!t) return { value: null, error: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { value: null, error: am.scoreNotNumber };
  const value = Number(t);
  if (value < 0) return { value: null, error: am.scoreNegative };
  if ((t.split('.')[1] ?? '').length > 2) return { value: null, error: g.grid.tooManyDecimals };
  if (value > max) return { value: null, error: am.scoreAboveMax(max) };
  return { value, error: null };
}

export type RowValue =
  | { kind: 'empty' }
  | { kind: 'invalid'; errors: (string | null)[] }
  | { kind: 'mark'; status: MarkStatus; score: number | null; paperScores: (number | null)[] | null };

export interface Subject {
  papers: { name: string; maxMarks: number }[];
  maxMarks: number;
}

/** The inputs of a row (one per paper) read as one mark. */
export function readRow(texts: string[], subject: Subject): RowValue {
  const token = texts.map(tokenOf).find((t) => t !== null);
  if (token) return { kind: 'mark', status: token, score: null, paperScores: null };
  const multi = subject.papers.length > 1;
  const read = texts.map((t, i) => readNumber(t, multi ? (subject.papers[i]?.maxMarks ?? subject.maxMarks) : subject.maxMarks));
  if (read.some((r) => r.error)) return { kind: 'invalid', errors: read.map((r) => r.error) };
  if (read.every((r) => r.value === null)) return { kind: 'empty' };
  if (!multi) return { kind: 'mark', status: 'present', score: read[0]!.value, paperScores: null };
  const paperScores = read.map((r) => r.value);
  const score = roundHalfUp(paperScores.reduce<number>((s, p) => s + (p ?? 0), 0), 2);
  if (score > subject.maxMarks) return { kind: 'invalid', errors: texts.map((_, i) => (i === 0 ? am.scoreAboveMax(subject.maxMarks) : null)) };
  return { kind: 'mark', status: 'present', score, paperScores };
}

/** The saved mark of a row as the same shape. */
export function savedValue(row: MarkRow, subject: Subject): RowValue {
  if (!row.status) return { kind: 'empty' };
  if (row.status !== 'present') return { kind: 'mark', status: row.status, score: null, paperScores: null };
  return { kind: 'mark', status: 'present', score: row.score, paperScores: subject.papers.length > 1 ? (row.paperScores ?? null) : null };
}

/** The saved mark as the texts of the row's inputs. */
export function savedTexts(row: MarkRow, subject: Subject): string[] {
  const n = subject.papers.length;
  const blank = Array.from({ length: n }, () => '');
  if (row.status === 'absent') return [absentText(), ...blank.slice(1)];
  if (row.status === 'exempt') return [exemptText(), ...blank.slice(1)];
  if (row.status !== 'present') return blank;
  if (n > 1) return row.paperScores ? blank.map((_, i) => (row.paperScores![i] == null ? '' : String(row.paperScores![i]))) : blank;
  return [row.score == null ? '' : String(row.score)];
}

export const sameValue = (a: RowValue, b: RowValue) =>
  a.kind === b.kind &&
  (a.kind !== 'mark' || (b.kind === 'mark' && a.status === b.status && a.score === b.score && JSON.stringify(a.paperScores) === JSON.stringify(b.paperScores)));

export const textsKey = (texts: string[]) => texts.join('\u0001');

/** A pasted clipboard text as rows of cells ("ABS", "x", "" and numbers; tabs split papers). */
export function pastedRows(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.map((line) =>
    line.split('\t').map((cell) => {
      const t = cell.trim();
      const token = tokenOf(t);
      return token === 'absent' ? absentText() : token === 'exempt' ? exemptText() : t;
    }),
  );
}

export interface ViewRow {
  row: MarkRow;
  index: number;
  texts: string[];
  value: RowValue;
  /** The row differs from what is saved. */
  dirty: boolean;
  /** Per input: the reason it cannot be saved (typed wrong, cleared after saving, refused by the server). */
  errors: (string | null)[];
}

export const rankOf = (bands: readonly GradeBand[], code: string) => [...bands].sort((a, b) => b.min - a.min).findIndex((b) => b.code === code);
