/**
 * Timetable generator bench (issue 16 §2 "Performance"): a Kenyan junior/secondary school of 30
 * streams (Grades 7-9 and Forms 3-4, 6 streams each) x 41 lessons a week, 45 teachers (4 of them
 * part-time, away on some days), 6 special rooms (2 science labs, computer room, home science room,
 * field, music room), 5 days x 9 periods. Soft rules: a subject's lessons on distinct days (95),
 * Mathematics in the morning (80), at most 4 lessons in a row (90), at most 2 gaps a day (50); hard:
 * at most 6 lessons a day per teacher, part-timers' days off, special rooms.
 *
 * For 3 seeds: solve() with stopAtFirstFeasible (time to the first complete timetable), then a 60 s
 * improvement run; hard violations as counted by the independent checker (must be 0) and soft score.
 *
 *   node --import tsx bench/timetable-kenyan.ts          (BENCH_IMPROVE_MS=60000, BENCH_SEEDS=1,2,3)
 *
 * Writes bench/results/timetable-kenyan.md.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkTimetable } from '../src/server/modules/timetable/engine/checker.js';
import { mulberry32, precheck, solve } from '../src/server/modules/timetable/engine/solver.js';
import type { Activity, Constraint, TimetableProblem } from '../src/server/modules/timetable/engine/types.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMPROVE_MS = Number(process.env.BENCH_IMPROVE_MS ?? 60_000);
const SEEDS = (process.env.BENCH_SEEDS ?? '1,2,3').split(',').map(Number);

interface Part {
  duration: number;
  room?: string;
}
interface LearningArea {
  id: string;
  name: string;
  /** Lessons of the week; their periods sum to the area's weekly load. */
  parts: (level: number) => Part[];
}

const singles = (n: number): Part[] => Array.from({ length: n }, () => ({ duration: 1 }));

/** CBC Junior School learning areas; periods per week sum to 41 at every level. */
const AREAS: LearningArea[] = [
  { id: 'eng', name: 'English', parts: () => singles(5) },
  { id: 'kis', name: 'Kiswahili', parts: () => singles(4) },
  { id: 'mat', name: 'Mathematics', parts: () => singles(5) },
  // Practical double in a science lab.
  { id: 'sci', name: 'Integrated Science', parts: () => [{ duration: 2, room: 'lab' }, ...singles(3)] },
  { id: 'pts', name: 'Pre-Technical Studies', parts: () => singles(4) },
  { id: 'sst', name: 'Social Studies', parts: () => singles(4) },
  // Grades 7-9 cook in the home science room (a double); Forms 3-4 have singles.
  { id: 'agr', name: 'Agriculture and Nutrition', parts: (level) => (level < 3 ? [{ duration: 2, room: 'home' }, ...singles(2)] : singles(4)) },
  { id: 'cre', name: 'Christian Religious Education', parts: () => singles(3) },
  // Games double on the field for Grades 7-8, a music-room lesson for the others.
  {
    id: 'cas',
    name: 'Creative Arts and Sports',
    parts: (level) => (level < 2 ? [{ duration: 2, room: 'field' }, ...singles(3)] : [{ duration: 1, room: 'music' }, ...singles(4)]),
  },
  { id: 'cmp', name: 'Computer Studies', parts: () => [{ duration: 1, room: 'computer' }, { duration: 1 }] },
];

const LEVELS = ['Grade 7', 'Grade 8', 'Grade 9', 'Form 3', 'Form 4'];
const STREAMS = ['East', 'West', 'North', 'South', 'Central', 'Hill'];
const SURNAMES = ['Otieno', 'Wanjiru', 'Kamau', 'Achieng', 'Mutua', 'Njeri', 'Kiprop', 'Wafula', 'Chebet', 'Omondi', 'Mwangi', 'Atieno', 'Kariuki', 'Nyambura', 'Barasa', 'Jeptoo', 'Odhiambo', 'Wambui', 'Kiptoo', 'Makena', 'Onyango', 'Muthoni', 'Rotich', 'Awino', 'Ndungu', 'Nekesa', 'Kibet', 'Wairimu', 'Ochieng', 'Moraa', 'Kimani', 'Adhiambo', 'Langat', 'Nduta', 'Oduya', 'Wekesa', 'Korir', 'Akinyi', 'Gitau', 'Jerotich', 'Owino', 'Wangari', 'Cheruiyot', 'Naliaka', 'Maina'];

/** Builds the school. Teachers: each (stream, area) goes to the least-loaded qualified teacher. */
export function kenyanSchool(): TimetableProblem {
  // The school itself comes from its own seed, independent of the solver's.
  const rand = mulberry32(2026);
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
  const periods = Array.from({ length: 9 }, (_, i) => `P${i + 1}`);
  // Teachers per area (main subject), then a few with two subjects.
  const main: [string, number][] = [['eng', 5], ['kis', 4], ['mat', 5], ['sci', 5], ['pts', 4], ['sst', 4], ['agr', 4], ['cre', 3], ['cas', 5], ['cmp', 2]];
  const quals: string[][] = [];
  for (const [area, n] of main) for (let i = 0; i < n; i++) quals.push([area]);
  quals.push(['eng', 'cre'], ['mat', 'cmp'], ['sci', 'agr'], ['kis', 'sst']);
  // A second subject for some main-subject teachers (common in Kenyan schools).
  quals[0].push('cre');
  quals[5].push('cre');
  quals[9].push('pts');
  quals[14].push('mat');
  const teachers = quals.map((_, i) => ({ id: `t${i + 1}`, name: `${i % 2 ? 'Ms' : 'Mr'} ${SURNAMES[i]}` }));
  // Part-timers: the two-subject teachers at the end, away one or two days (load capped to fit).
  const partTime = new Map<number, number[]>([
    [41, [4]],
    [42, [0]],
    [43, [2, 3]],
    [44, [1]],
  ]);
  const cap = (t: number) => (partTime.has(t) ? (5 - partTime.get(t)!.length) * 6 - 4 : 30);

  const studentGroups: TimetableProblem['studentGroups'] = [];
  const studentSets: TimetableProblem['studentSets'] = [];
  LEVELS.forEach((level, li) =>
    STREAMS.forEach((stream) => {
      const id = `s${li}-${stream}`;
      studentGroups.push({ id, name: `${level} ${stream}` });
      studentSets.push({ id, name: `${level} ${stream}`, groupIds: [id], size: 40 + Math.floor(rand() * 6) });
    }),
  );
  const rooms = [
    { id: 'lab1', name: 'Science Lab 1', capacity: 50, type: 'lab' },
    { id: 'lab2', name: 'Science Lab 2', capacity: 50, type: 'lab' },
    { id: 'comp', name: 'Computer Room', capacity: 50, type: 'computer' },
    { id: 'home', name: 'Home Science Room', capacity: 50, type: 'home' },
    { id: 'field', name: 'Playing Field', capacity: 500, type: 'field' },
    { id: 'music', name: 'Music Room', capacity: 50, type: 'music' },
  ];
  const roomsOfType = (type: string) => rooms.filter((r) => r.type === type).map((r) => r.id);

  const load = new Array<number>(teachers.length).fill(0);
  const activities: Activity[] = [];
  const constraints: Constraint[] = [];
  const byRoomType = new Map<string, string[]>();
  const maths: string[] = [];
  let n = 0;
  LEVELS.forEach((_, li) =>
    STREAMS.forEach((stream) => {
      const setId = `s${li}-${stream}`;
      const size = studentSets.find((s) => s.id === setId)!.size!;
      for (const area of AREAS) {
        const parts = area.parts(li);
        const periodsNeeded = parts.reduce((sum, p) => sum + p.duration, 0);
        const qualified = quals.map((q, i) => (q.includes(area.id) ? i : -1)).filter((i) => i >= 0);
        const fits = qualified.filter((i) => load[i] + periodsNeeded <= cap(i));
        const pool = fits.length ? fits : qualified;
        // The teacher left least loaded relative to their capacity.
        const key = (i: number) => (load[i] + periodsNeeded) / cap(i);
        const teacher = pool.reduce((best, i) => (key(i) < key(best) ? i : best), pool[0]);
        load[teacher] += periodsNeeded;
        const groupId = `${setId}-${area.id}`;
        const ids: string[] = [];
        for (const part of parts) {
          const id = `a${++n}`;
          ids.push(id);
          activities.push({ id, groupId, duration: part.duration, subjectId: area.id, teacherIds: [teachers[teacher].id], studentSetIds: [setId], students: size });
          if (part.room) byRoomType.set(part.room, [...(byRoomType.get(part.room) ?? []), id]);
          if (area.id === 'mat') maths.push(id);
        }
        if (ids.length > 1) constraints.push({ type: 'minDaysBetween', weight: 95, activityIds: ids, minDays: 1, consecutiveIfSameDay: false });
      }
    }),
  );
  for (const [type, ids] of byRoomType) constraints.push({ type: 'preferredRooms', weight: 100, activityIds: ids, roomIds: roomsOfType(type) });
  const morning = days.flatMap((_, d) => [0, 1, 2, 3, 4].map((period) => ({ day: d, period })));
  constraints.push({ type: 'preferredStartingTimes', weight: 80, activityIds: maths, slots: morning });
  constraints.push({ type: 'teacherMaxHoursDaily', weight: 100, teacherId: null, maxHours: 6 });
  constraints.push({ type: 'teacherMaxHoursContinuously', weight: 90, teacherId: null, maxHours: 4 });
  constraints.push({ type: 'teacherMaxGapsPerDay', weight: 50, teacherId: null, maxGaps: 2 });
  for (const [t, away] of partTime) {
    constraints.push({ type: 'teacherNotAvailable', weight: 100, teacherId: teachers[t].id, slots: away.flatMap((day) => periods.map((_, period) => ({ day, period }))) });
  }
  return {
    name: 'Kenyan junior/secondary school (bench)',
    days,
    periods,
    teachers,
    subjects: AREAS.map((a) => ({ id: a.id, name: a.name })),
    studentGroups,
    studentSets,
    rooms,
    activities,
    constraints,
  };
}

function main() {
  const problem = kenyanSchool();
  const periodsPerStream = problem.activities.filter((a) => a.studentSetIds[0] === 's0-East').reduce((s, a) => s + a.duration, 0);
  const loads = problem.teachers.map((t) => problem.activities.filter((a) => a.teacherIds.includes(t.id)).reduce((s, a) => s + a.duration, 0));
  console.log(
    `${problem.studentGroups.length} streams x ${periodsPerStream} periods, ${problem.activities.length} lessons, ${problem.teachers.length} teachers (load ${Math.min(...loads)}-${Math.max(...loads)}), ${problem.rooms.length} rooms`,
  );
  if (process.env.BENCH_VERBOSE) console.log(loads.join(' '));
  const issues = precheck(problem);
  if (issues.length) {
    console.error(issues.map((i) => i.message).join('\n'));
    process.exit(1);
  }
  const rows: string[] = [];
  let allOk = true;
  for (const seed of SEEDS) {
    const first = solve(problem, { timeLimitMs: 60_000, seed, stopAtFirstFeasible: true });
    const firstCheck = checkTimetable(problem, first.placements);
    const full = solve(problem, { timeLimitMs: IMPROVE_MS, seed });
    const fullCheck = checkTimetable(problem, full.placements);
    const ok = first.status === 'complete' && full.status === 'complete' && !firstCheck.hard.length && !fullCheck.hard.length;
    allOk &&= ok;
    const row = `| ${seed} | ${first.status} | ${first.stats.firstFeasibleMs ?? '-'} | ${firstCheck.hard.length} | ${Math.round(firstCheck.softScore)} | ${full.status} | ${full.stats.elapsedMs} | ${fullCheck.hard.length} | ${Math.round(fullCheck.softScore)} | ${full.unplaced.length} |`;
    console.log(row);
    rows.push(row);
  }
  const md = [
    '# Timetable generator: Kenyan junior/secondary school',
    '',
    `30 streams x 41 periods (${problem.activities.length} lessons incl. doubles), 45 teachers, 6 special rooms, 5 days x 9 periods.`,
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. Command: \`node --import tsx bench/timetable-kenyan.ts\`.`,
    `Hard violations counted by the independent checker (engine/checker.ts). Improvement run limit ${IMPROVE_MS} ms (stops earlier on a plateau).`,
    '',
    '| seed | first run | first feasible ms | hard | soft | improve run | elapsed ms | hard | soft | unplaced |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Soft score = sum of weight x breach (0 = every soft rule met). ${allOk ? 'Every run complete with 0 hard violations.' : 'NOT every run was complete and clash-free.'}`,
    '',
  ].join('\n');
  writeFileSync(path.join(ROOT, 'bench/results/timetable-kenyan.md'), md);
  if (!allOk) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
