import { messages } from '../../../shared/messages.js';

/**
 * Pure rules of year-end promotion (issue 10 §2 Promotion): which level comes next, when a learner
 * graduates, and how a new year is named. Unit-tested in promotion-rules.test.ts.
 */

export interface LevelInfo {
  id: string;
  name: string;
  levelOrder: number;
  curriculum: string;
  band: string;
  isFinal: boolean;
}

/**
 * The level `steps` levels above `levelId` in the same curriculum (a school running CBC and IGCSE side
 * by side promotes Grade 6 to Grade 7, never to Year 7), or null when there is none. Levels are ordered
 * by level_order.
 */
export function levelAbove(levels: LevelInfo[], levelId: string, steps: number): LevelInfo | null {
  const level = levels.find((l) => l.id === levelId);
  if (!level) return null;
  const ladder = levels.filter((l) => l.curriculum === level.curriculum).sort((a, b) => a.levelOrder - b.levelOrder || a.name.localeCompare(b.name));
  const i = ladder.findIndex((l) => l.id === levelId);
  return ladder[i + steps] ?? null;
}

/**
 * Whether a level's learners graduate at promotion: the final level (Grade 9 completes junior school;
 * Year 11 and Form 4 leave as alumni), or the top level of its curriculum when none is marked final.
 */
export function graduatesFrom(levels: LevelInfo[], levelId: string): boolean {
  const level = levels.find((l) => l.id === levelId);
  if (!level) return false;
  return level.isFinal || levelAbove(levels, levelId, 1) === null;
}

/** The leaving reason of a graduate: "Completed junior school (Grade 9)." for CBC, alumni otherwise. */
export function graduationReason(level: LevelInfo): string {
  return level.curriculum === 'CBC' ? messages.movements.completedJuniorSchool(level.name) : messages.movements.completedAsAlumni(level.name);
}

/** The name of the year after `name`: "2026" → "2027", "2026/2027" → "2027/2028"; otherwise null. */
export function nextYearName(name: string): string | null {
  const trimmed = name.trim();
  if (/^\d{4}$/.test(trimmed)) return String(Number(trimmed) + 1);
  const pair = /^(\d{4})\s*([/-])\s*(\d{2}|\d{4})$/.exec(trimmed);
  if (pair) {
    const a = Number(pair[1]) + 1;
    const b = pair[3]!.length === 2 ? String((Number(pair[3]) + 1) % 100).padStart(2, '0') : String(Number(pair[3]) + 1);
    return `${a}${pair[2]}${b}`;
  }
  return null;
}

/** Key of a stream in the target year: its level and stream name (case-insensitive). */
export function streamKey(levelId: string, stream: string): string {
  return `${levelId}|${stream.trim().toLowerCase()}`;
}
