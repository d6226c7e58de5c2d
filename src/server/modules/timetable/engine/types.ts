/**
 * The timetable problem as the generator sees it (issue 16). Everything is by index-free string id so
 * that the same model comes from EduFam's own inputs (streams, assignments, rooms) and from a FET
 * `.fet` file (fet/import.ts), and goes back out to FET (fet/export.ts).
 *
 * Time is a grid of `days.length` x `periods.length` teaching slots (FET "days" and "hours"). Breaks,
 * lunch and fixed school-wide slots (assembly, PPI) are not slots; a level whose day is shorter marks
 * its missing periods as not available for its students.
 *
 * Weights are FET's: a percentage 0-100. A constraint of weight 100 is hard (never broken); below 100
 * it is soft and scored: its weight times the size of the breach adds to `softScore` (0 is perfect).
 */

export interface Slot {
  /** 0-based index into `days`. */
  day: number;
  /** 0-based index into `periods`. */
  period: number;
}

export interface TimetableProblem {
  name?: string;
  days: string[];
  periods: string[];
  teachers: { id: string; name: string }[];
  subjects: { id: string; name: string }[];
  activityTags?: { id: string; name: string }[];
  /**
   * Atomic groups of learners that can never be in two places at once (FET subgroups; our streams).
   * Two activities clash on students when their sets share a group.
   */
  studentGroups: { id: string; name: string }[];
  /**
   * Named sets of learners an activity is for (FET years, groups, subgroups; our streams and levels),
   * each the atomic groups it contains. A stream is a set containing one group, itself.
   */
  studentSets: { id: string; name: string; groupIds: string[]; size?: number }[];
  rooms: { id: string; name: string; capacity: number; type?: string | null }[];
  activities: Activity[];
  constraints: Constraint[];
}

export interface Activity {
  id: string;
  /** The lessons of one subject for one class in a week share a group (FET activity group id). */
  groupId?: string | null;
  /** Consecutive periods the lesson lasts on one day (2 = a double lesson). */
  duration: number;
  subjectId: string;
  teacherIds: string[];
  /** Learners attending: ids of `studentSets` (two streams = a combined lesson). */
  studentSetIds: string[];
  tagIds?: string[];
  /** Number of learners, for room capacity; 0 or absent = not checked. */
  students?: number;
  /**
   * Locked placement (the principal's locks, FET's permanently locked activities): the generator keeps
   * it; a locked room is kept too when given.
   */
  fixed?: { day: number; period: number; roomId?: string | null } | null;
}

/** A constraint as we support it (issue 16 §1 and §3). Every variant has `weight` 0-100. */
export type Constraint =
  | { type: 'teacherNotAvailable'; weight: number; teacherId: string; slots: Slot[] }
  | { type: 'studentsNotAvailable'; weight: number; studentSetId: string; slots: Slot[] }
  | { type: 'roomNotAvailable'; weight: number; roomId: string; slots: Slot[] }
  /** Lessons spread over days: any two of the activities at least `minDays` days apart. */
  | { type: 'minDaysBetween'; weight: number; activityIds: string[]; minDays: number; consecutiveIfSameDay: boolean }
  /** No more than `max` of these activities on one day (e.g. a subject's lessons of one stream). */
  | { type: 'maxPerDay'; weight: number; activityIds: string[]; max: number }
  /** Each activity starts at one of `slots` (e.g. Mathematics in the morning). */
  | { type: 'preferredStartingTimes'; weight: number; activityIds: string[]; slots: Slot[] }
  /** teacherId null = every teacher. */
  | { type: 'teacherMaxHoursDaily'; weight: number; teacherId: string | null; maxHours: number }
  | { type: 'teacherMaxHoursContinuously'; weight: number; teacherId: string | null; maxHours: number }
  | { type: 'teacherMaxGapsPerWeek'; weight: number; teacherId: string | null; maxGaps: number }
  | { type: 'teacherMaxGapsPerDay'; weight: number; teacherId: string | null; maxGaps: number }
  /** studentSetId null = every set (checked per atomic group). */
  | { type: 'studentsMaxGapsPerWeek'; weight: number; studentSetId: string | null; maxGaps: number }
  | { type: 'studentsMaxGapsPerDay'; weight: number; studentSetId: string | null; maxGaps: number }
  /** Each activity is held in one of `roomIds` (resolved from activity, subject or tag preferences). */
  | { type: 'preferredRooms'; weight: number; activityIds: string[]; roomIds: string[] };

export type ConstraintType = Constraint['type'];

/** Where one lesson was put. `roomId` null = no room asked for (the stream's own classroom). */
export interface Placement {
  activityId: string;
  day: number;
  period: number;
  roomId: string | null;
}

export interface Unplaced {
  activityId: string;
  /** Plain sentences a principal can act on, e.g. "Mr Otieno: 38 lessons asked, 35 periods available on his days". */
  reasons: string[];
}

export interface SolveProgress {
  placed: number;
  total: number;
  hardViolations: number;
  softScore: number;
  elapsedMs: number;
  iterations: number;
}

export interface SolveOptions {
  /** Wall-clock limit; the best timetable so far is returned when it runs out. */
  timeLimitMs: number;
  /** Same seed, same problem → same timetable. */
  seed?: number;
  /** Stop as soon as every activity is placed with no hard violation (benchmarks); otherwise keep improving soft rules until the limit or a plateau. */
  stopAtFirstFeasible?: boolean;
  onProgress?: (p: SolveProgress) => void;
  /** Polled during the search; true = cancel and return the best so far. */
  shouldStop?: () => boolean;
}

export interface SolveResult {
  status: 'complete' | 'partial' | 'cancelled';
  placements: Placement[];
  unplaced: Unplaced[];
  /** Sum over soft constraints of weight x breach; 0 = every soft rule met. */
  softScore: number;
  stats: { elapsedMs: number; iterations: number; seed: number; firstFeasibleMs: number | null };
}

/** An input that can never be timetabled, found before the search (issue 16 "Bad input"). */
export interface PrecheckIssue {
  /** e.g. 'teacher-overloaded', 'class-overloaded', 'no-available-periods', 'locked-clash', 'duration-too-long', 'no-room'. */
  code: string;
  message: string;
  activityIds: string[];
}

/** A broken rule found by the independent checker (checker.ts). */
export interface Violation {
  constraint: ConstraintType | 'teacherClash' | 'studentsClash' | 'roomClash' | 'outOfGrid' | 'lessonCount' | 'roomCapacity' | 'fixed';
  hard: boolean;
  message: string;
  activityIds: string[];
  /** Weight x breach for soft violations; 0 for hard ones. */
  penalty: number;
}
