/**
 * Import of a FET `.fet` file (https://lalescu.ro/liviu/fet/, XML written by FET 5.x and 6.x) into the
 * generator's TimetableProblem (issue 16 §3).
 *
 * FET identifies teachers, subjects, activity tags, rooms and students sets by their unique names, so
 * those names become our ids; activity ids stay FET's numeric ids as strings. Students: FET's years
 * contain groups which contain subgroups; the atomic groups (who can never be in two places at once)
 * are the subgroups, or a group/year itself when it has none, exactly as FET builds its internal
 * subgroups. Each year, group and subgroup becomes a studentSet listing its atomic groups.
 *
 * Only the constraints of issue 16 §3 are kept (SUPPORTED below); every other constraint, inactive
 * constraints and virtual rooms are counted in `report.ignored` and left out.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../../errors.js';
import { timetableFetMessages as m } from '../../../../shared/messages/timetable-fet.js';
import type { Activity, Constraint, Slot, TimetableProblem } from '../engine/types.js';

/** Largest .fet accepted (bytes). FET's biggest official example is about 6 MB. */
export const FET_MAX_BYTES = 20 * 1024 * 1024;

export interface FetImportReport {
  /** Active activities imported. */
  activities: number;
  /** FET constraint names found in the file and kept (sorted). */
  supported: string[];
  /** FET constraints (and virtual rooms, non-official modes) left out, with how many. */
  ignored: { constraint: string; count: number }[];
}

/** FET constraint element names this importer understands (issue 16 §3). */
export const SUPPORTED_FET_CONSTRAINTS = [
  'ConstraintBasicCompulsoryTime',
  'ConstraintBasicCompulsorySpace',
  'ConstraintTeacherNotAvailableTimes',
  'ConstraintStudentsSetNotAvailableTimes',
  'ConstraintMinDaysBetweenActivities',
  'ConstraintActivityPreferredStartingTime',
  'ConstraintActivityPreferredStartingTimes',
  'ConstraintActivitiesPreferredStartingTimes',
  'ConstraintTeacherMaxHoursDaily',
  'ConstraintTeachersMaxHoursDaily',
  'ConstraintTeacherMaxHoursContinuously',
  'ConstraintTeachersMaxHoursContinuously',
  'ConstraintTeacherMaxGapsPerWeek',
  'ConstraintTeachersMaxGapsPerWeek',
  'ConstraintTeacherMaxGapsPerDay',
  'ConstraintTeachersMaxGapsPerDay',
  'ConstraintStudentsMaxGapsPerWeek',
  'ConstraintStudentsSetMaxGapsPerWeek',
  'ConstraintStudentsMaxGapsPerDay',
  'ConstraintStudentsSetMaxGapsPerDay',
  'ConstraintRoomNotAvailableTimes',
  'ConstraintActivityPreferredRoom',
  'ConstraintActivityPreferredRooms',
  'ConstraintSubjectPreferredRoom',
  'ConstraintSubjectPreferredRooms',
  'ConstraintActivityTagPreferredRoom',
  'ConstraintActivityTagPreferredRooms',
  'ConstraintSubjectActivityTagPreferredRoom',
  'ConstraintSubjectActivityTagPreferredRooms',
] as const;

const SUPPORTED = new Set<string>(SUPPORTED_FET_CONSTRAINTS);

// The parsed XML is untyped; these helpers read it defensively.
type Node = Record<string, unknown>;

function arr(value: unknown): Node[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as Node[];
}

function texts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => str(v)).filter((v) => v !== '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes XML character references. The parser runs with entity processing off (it is the slowest
 * part of reading a large .fet) and only the values we use are decoded, here.
 */
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name];
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function str(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text: string;
  if (typeof value === 'object') {
    const inner = (value as Node)['#text'];
    if (inner === undefined) return '';
    text = String(inner).trim();
  } else text = String(value).trim();
  return text.includes('&') ? decode(text) : text;
}

function num(value: unknown, fallback = 0): number {
  const n = Number(str(value));
  return Number.isFinite(n) && str(value) !== '' ? n : fallback;
}

function isTrue(value: unknown): boolean {
  return str(value).toLowerCase() === 'true';
}

/** FET writes <Active>false</Active> for inactive items; a missing tag means active. */
function isActive(node: Node): boolean {
  return str(node.Active).toLowerCase() !== 'false';
}

/** Names of a list like Days_List: FET 5+ writes <Day><Name>, very old files write <Name> directly. */
function listNames(list: unknown, item: string): string[] {
  if (!list || typeof list !== 'object') return [];
  const node = list as Node;
  const items = arr(node[item]).map((d) => str(d.Name));
  return items.length > 0 ? items : texts(node.Name);
}

/** FET's own files nest about 5 levels (fet > Time_Constraints_List > constraint > day > ...). */
const FET_MAX_DEPTH = 100;

/**
 * Does the XML nest elements more than `limit` deep? A linear scan of start and end tags (comments,
 * CDATA and processing instructions skipped), so it cannot overflow the stack however deep the file.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  const tags = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)[A-Za-z_][^<>]*?(\/?)>/g;
  for (let match = tags.exec(text); match; match = tags.exec(text)) {
    if (match[1] === undefined) continue;
    if (match[1] === '/') depth--;
    else if (match[2] !== '/' && ++depth > limit) return true;
  }
  return false;
}

/** Parses FET XML text into a plain object; AppError 400 when it is not XML or not FET. */
function parseFet(xml: string | Buffer): Node {
  const size = typeof xml === 'string' ? Buffer.byteLength(xml) : xml.length;
  if (size > FET_MAX_BYTES) throw badRequest(m.tooLarge(FET_MAX_BYTES / 1024 / 1024));
  let text = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw badRequest(m.empty);
  // Issue 32 §5: a DOCTYPE (external or expanding entities) and deep nesting (the validator and the
  // parser recurse) were 500s. FET writes neither: refuse them before parsing.
  if (/<!DOCTYPE/i.test(text)) throw badRequest(m.doctype);
  if (nestsDeeperThan(text, FET_MAX_DEPTH)) throw badRequest(m.tooDeep(FET_MAX_DEPTH));
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw badRequest(m.notXml(`line ${valid.err.line}: ${valid.err.msg}`));
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    // Names such as "001" or "1" must stay strings.
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: false,
  });
  const doc = parser.parse(text) as Node;
  const root = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (root !== 'fet') throw badRequest(m.notFet(root ?? '?'));
  const fet = doc.fet;
  return fet && typeof fet === 'object' ? (fet as Node) : {};
}

/**
 * Reads a FET file (string or Buffer, UTF-8, with or without BOM) into a TimetableProblem.
 *
 * Throws AppError 400 (BAD_REQUEST) when the input is larger than FET_MAX_BYTES, empty, not XML, XML
 * whose root is not <fet>, has no days, no hours or no active activities, or an activity refers to a
 * teacher/subject/students set the file does not list. Constraints referring to unknown or inactive
 * items are not errors: they are reported as ignored (FET itself drops them on load).
 */
export function importFet(xml: string | Buffer): { problem: TimetableProblem; report: FetImportReport } {
  const fet = parseFet(xml);
  const ignored = new Map<string, number>();
  const supported = new Set<string>();
  const ignore = (name: string, count = 1) => ignored.set(name, (ignored.get(name) ?? 0) + count);

  const mode = str(fet.Mode);
  if (mode !== '' && mode !== 'Official') ignore(m.ignoredMode(mode));

  const days = listNames(fet.Days_List, 'Day');
  const periods = listNames(fet.Hours_List, 'Hour');
  if (days.length === 0) throw badRequest(m.noDays);
  if (periods.length === 0) throw badRequest(m.noHours);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const hourIndex = new Map(periods.map((h, i) => [h, i]));

  const named = (list: unknown, item: string) => {
    const seen = new Set<string>();
    const out: { id: string; name: string }[] = [];
    for (const name of listNames(list, item)) {
      if (name === '' || seen.has(name)) continue;
      seen.add(name);
      out.push({ id: name, name });
    }
    return out;
  };
  const subjects = named(fet.Subjects_List, 'Subject');
  const activityTags = named(fet.Activity_Tags_List, 'Activity_Tag');
  const teachers = named(fet.Teachers_List, 'Teacher');

  // Students: year → group → subgroup. A name seen twice is the same set (FET shares groups between
  // years and subgroups between groups by name).
  const setGroups = new Map<string, Set<string>>();
  const setSize = new Map<string, number>();
  const atomic = new Set<string>();
  const addSet = (name: string, groupIds: Iterable<string>, size: number) => {
    const existing = setGroups.get(name) ?? new Set<string>();
    for (const g of groupIds) existing.add(g);
    setGroups.set(name, existing);
    if (!setSize.has(name) || size > 0) setSize.set(name, size);
  };
  const studentsList = (fet.Students_List ?? {}) as Node;
  for (const year of arr(studentsList.Year)) {
    const yearName = str(year.Name);
    if (!yearName) continue;
    const yearAtomic = new Set<string>();
    for (const group of arr(year.Group)) {
      const groupName = str(group.Name);
      if (!groupName) continue;
      const groupAtomic = new Set<string>();
      for (const sub of arr(group.Subgroup)) {
        const subName = str(sub.Name);
        if (!subName) continue;
        atomic.add(subName);
        groupAtomic.add(subName);
        addSet(subName, [subName], num(sub.Number_of_Students));
      }
      if (groupAtomic.size === 0) {
        atomic.add(groupName);
        groupAtomic.add(groupName);
      }
      addSet(groupName, groupAtomic, num(group.Number_of_Students));
      for (const g of groupAtomic) yearAtomic.add(g);
    }
    if (yearAtomic.size === 0) {
      atomic.add(yearName);
      yearAtomic.add(yearName);
    }
    addSet(yearName, yearAtomic, num(year.Number_of_Students));
  }
  const studentGroups = [...atomic].map((id) => ({ id, name: id }));
  const studentSets = [...setGroups].map(([id, groups]) => {
    const size = setSize.get(id) ?? 0;
    return size > 0 ? { id, name: id, groupIds: [...groups], size } : { id, name: id, groupIds: [...groups] };
  });

  // Rooms: virtual rooms (FET 6, a room made of sets of real rooms) are not modelled.
  const rooms: TimetableProblem['rooms'] = [];
  const roomIds = new Set<string>();
  for (const room of arr(((fet.Rooms_List ?? {}) as Node).Room)) {
    const name = str(room.Name);
    if (!name || roomIds.has(name)) continue;
    if (isTrue(room.Virtual)) {
      ignore(m.ignoredVirtualRoom);
      continue;
    }
    roomIds.add(name);
    rooms.push({ id: name, name, capacity: num(room.Capacity, 30000) });
  }

  const teacherIds = new Set(teachers.map((t) => t.id));
  const subjectIds = new Set(subjects.map((s) => s.id));
  const tagIds = new Set(activityTags.map((t) => t.id));

  const activities: Activity[] = [];
  const byId = new Map<string, Activity>();
  for (const node of arr(((fet.Activities_List ?? {}) as Node).Activity)) {
    if (!isActive(node)) continue;
    const id = str(node.Id);
    if (!id) throw badRequest(m.badActivity('?', 'Id'));
    if (byId.has(id)) throw badRequest(m.duplicateActivity(id));
    const duration = num(node.Duration, NaN);
    if (!Number.isInteger(duration) || duration < 1) throw badRequest(m.badActivity(id, 'Duration'));
    const subjectId = str(node.Subject);
    if (!subjectIds.has(subjectId)) throw badRequest(m.unknownReference(id, 'subject', subjectId));
    const activityTeachers = texts(node.Teacher);
    for (const t of activityTeachers) if (!teacherIds.has(t)) throw badRequest(m.unknownReference(id, 'teacher', t));
    const students = texts(node.Students);
    for (const s of students) if (!setGroups.has(s)) throw badRequest(m.unknownReference(id, 'students set', s));
    const tags = texts(node.Activity_Tag);
    for (const t of tags) if (!tagIds.has(t)) throw badRequest(m.unknownReference(id, 'activity tag', t));
    const groupId = str(node.Activity_Group_Id);
    // FET: an explicit Number_Of_Students overrides the sum of the sets' sizes.
    const count = node.Number_Of_Students !== undefined ? num(node.Number_Of_Students) : students.reduce((sum, s) => sum + (setSize.get(s) ?? 0), 0);
    const activity: Activity = {
      id,
      groupId: groupId !== '' && groupId !== '0' ? groupId : null,
      duration,
      subjectId,
      teacherIds: activityTeachers,
      studentSetIds: students,
      ...(tags.length > 0 ? { tagIds: tags } : {}),
      ...(count > 0 ? { students: count } : {}),
    };
    activities.push(activity);
    byId.set(id, activity);
  }
  if (activities.length === 0) throw badRequest(m.noActivities);

  const constraints: Constraint[] = [];
  const slotsOf = (items: Node[], dayKey: string, hourKey: string): Slot[] => {
    const out: Slot[] = [];
    const seen = new Set<number>();
    for (const item of items) {
      const day = dayIndex.get(str(item[dayKey]));
      const period = hourIndex.get(str(item[hourKey]));
      if (day === undefined || period === undefined) continue;
      const key = day * periods.length + period;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ day, period });
    }
    return out;
  };
  const atomicOf = (setId: string) => setGroups.get(setId) ?? new Set<string>();
  const sharesStudents = (a: Activity, setId: string) => {
    const target = atomicOf(setId);
    return a.studentSetIds.some((s) => [...atomicOf(s)].some((g) => target.has(g)));
  };

  // Locked rooms whose activity's time is not (yet) locked: resolved after every constraint is read.
  const pendingRoomLocks = new Map<string, string>();
  const timeList = (fet.Time_Constraints_List ?? {}) as Node;
  const spaceList = (fet.Space_Constraints_List ?? {}) as Node;
  for (const list of [timeList, spaceList]) {
    for (const [name, value] of Object.entries(list)) {
      if (!name.startsWith('Constraint')) continue;
      const nodes = arr(value);
      if (!SUPPORTED.has(name)) {
        ignore(name, nodes.length);
        continue;
      }
      for (const c of nodes) {
        if (!isActive(c)) {
          ignore(`${name} (${m.ignoredInactive})`);
          continue;
        }
        const kept = convert(name, c);
        if (kept === false) ignore(`${name} (${m.ignoredUnknown})`);
        else supported.add(name);
      }
    }
  }

  /** Adds the constraint(s) for one FET constraint node; false when it refers to nothing we know. */
  function convert(name: string, c: Node): boolean {
    const weight = num(c.Weight_Percentage, 100);
    const teacherOrAll = (key: string): string | null | false => {
      const t = str(c[key]);
      return teacherIds.has(t) ? t : false;
    };
    switch (name) {
      case 'ConstraintBasicCompulsoryTime':
      case 'ConstraintBasicCompulsorySpace':
        // Implicit in our model: no teacher, students or room clash; every activity placed.
        return true;
      case 'ConstraintTeacherNotAvailableTimes': {
        const teacherId = str(c.Teacher);
        if (!teacherIds.has(teacherId)) return false;
        constraints.push({ type: 'teacherNotAvailable', weight, teacherId, slots: slotsOf(arr(c.Not_Available_Time), 'Day', 'Hour') });
        return true;
      }
      case 'ConstraintStudentsSetNotAvailableTimes': {
        const studentSetId = str(c.Students);
        if (!setGroups.has(studentSetId)) return false;
        constraints.push({ type: 'studentsNotAvailable', weight, studentSetId, slots: slotsOf(arr(c.Not_Available_Time), 'Day', 'Hour') });
        return true;
      }
      case 'ConstraintRoomNotAvailableTimes': {
        const roomId = str(c.Room);
        if (!roomIds.has(roomId)) return false;
        constraints.push({ type: 'roomNotAvailable', weight, roomId, slots: slotsOf(arr(c.Not_Available_Time), 'Day', 'Hour') });
        return true;
      }
      case 'ConstraintMinDaysBetweenActivities': {
        // Inactive activities are dropped from the list, as FET does.
        const activityIds = texts(c.Activity_Id).filter((id) => byId.has(id));
        if (activityIds.length < 2) return false;
        constraints.push({ type: 'minDaysBetween', weight, activityIds, minDays: num(c.MinDays, 1), consecutiveIfSameDay: isTrue(c.Consecutive_If_Same_Day) });
        return true;
      }
      case 'ConstraintActivityPreferredStartingTime': {
        const activity = byId.get(str(c.Activity_Id));
        const day = dayIndex.get(str(c.Preferred_Day));
        const period = hourIndex.get(str(c.Preferred_Hour));
        if (!activity || day === undefined || period === undefined) return false;
        if (weight >= 100 && isTrue(c.Permanently_Locked)) activity.fixed = { day, period, roomId: activity.fixed?.roomId ?? null };
        else constraints.push({ type: 'preferredStartingTimes', weight, activityIds: [activity.id], slots: [{ day, period }] });
        return true;
      }
      case 'ConstraintActivityPreferredStartingTimes': {
        const activity = byId.get(str(c.Activity_Id));
        if (!activity) return false;
        constraints.push({ type: 'preferredStartingTimes', weight, activityIds: [activity.id], slots: slotsOf(arr(c.Preferred_Starting_Time), 'Preferred_Starting_Day', 'Preferred_Starting_Hour') });
        return true;
      }
      case 'ConstraintActivitiesPreferredStartingTimes': {
        // FET's filter: every given field must match; students match when they share learners.
        const teacher = str(c.Teacher_Name);
        const students = str(c.Students_Name);
        const subject = str(c.Subject_Name);
        const tag = str(c.Activity_Tag_Name);
        const duration = num(c.Duration, 0);
        const activityIds = activities
          .filter((a) => (teacher === '' || a.teacherIds.includes(teacher))
            && (students === '' || sharesStudents(a, students))
            && (subject === '' || a.subjectId === subject)
            && (tag === '' || (a.tagIds ?? []).includes(tag))
            && (duration < 1 || a.duration === duration))
          .map((a) => a.id);
        if (activityIds.length === 0) return false;
        constraints.push({ type: 'preferredStartingTimes', weight, activityIds, slots: slotsOf(arr(c.Preferred_Starting_Time), 'Preferred_Starting_Day', 'Preferred_Starting_Hour') });
        return true;
      }
      case 'ConstraintTeacherMaxHoursDaily':
      case 'ConstraintTeachersMaxHoursDaily':
      case 'ConstraintTeacherMaxHoursContinuously':
      case 'ConstraintTeachersMaxHoursContinuously': {
        const teacherId = name.startsWith('ConstraintTeachers') ? null : teacherOrAll('Teacher_Name');
        if (teacherId === false) return false;
        const daily = name.endsWith('Daily');
        const maxHours = num(daily ? c.Maximum_Hours_Daily : c.Maximum_Hours_Continuously, NaN);
        if (!Number.isFinite(maxHours)) return false;
        constraints.push({ type: daily ? 'teacherMaxHoursDaily' : 'teacherMaxHoursContinuously', weight, teacherId, maxHours });
        return true;
      }
      case 'ConstraintTeacherMaxGapsPerWeek':
      case 'ConstraintTeachersMaxGapsPerWeek':
      case 'ConstraintTeacherMaxGapsPerDay':
      case 'ConstraintTeachersMaxGapsPerDay': {
        const teacherId = name.startsWith('ConstraintTeachers') ? null : teacherOrAll('Teacher_Name');
        if (teacherId === false) return false;
        const maxGaps = num(c.Max_Gaps, NaN);
        if (!Number.isFinite(maxGaps)) return false;
        constraints.push({ type: name.endsWith('PerWeek') ? 'teacherMaxGapsPerWeek' : 'teacherMaxGapsPerDay', weight, teacherId, maxGaps });
        return true;
      }
      case 'ConstraintStudentsMaxGapsPerWeek':
      case 'ConstraintStudentsSetMaxGapsPerWeek':
      case 'ConstraintStudentsMaxGapsPerDay':
      case 'ConstraintStudentsSetMaxGapsPerDay': {
        let studentSetId: string | null = null;
        if (name.startsWith('ConstraintStudentsSet')) {
          studentSetId = str(c.Students);
          if (!setGroups.has(studentSetId)) return false;
        }
        const maxGaps = num(c.Max_Gaps, NaN);
        if (!Number.isFinite(maxGaps)) return false;
        constraints.push({ type: name.endsWith('PerWeek') ? 'studentsMaxGapsPerWeek' : 'studentsMaxGapsPerDay', weight, studentSetId, maxGaps });
        return true;
      }
      case 'ConstraintActivityPreferredRoom':
      case 'ConstraintActivityPreferredRooms': {
        const activity = byId.get(str(c.Activity_Id));
        const rooms = (name.endsWith('Rooms') ? texts(c.Preferred_Room) : texts(c.Room)).filter((r) => roomIds.has(r));
        if (!activity || rooms.length === 0) return false;
        // A permanently locked room goes with a locked time (FET locks both from a saved timetable).
        if (name === 'ConstraintActivityPreferredRoom' && weight >= 100 && isTrue(c.Permanently_Locked) && activity.fixed) {
          activity.fixed = { ...activity.fixed, roomId: rooms[0] };
          return true;
        }
        if (name === 'ConstraintActivityPreferredRoom' && weight >= 100 && isTrue(c.Permanently_Locked)) pendingRoomLocks.set(activity.id, rooms[0]);
        else constraints.push({ type: 'preferredRooms', weight, activityIds: [activity.id], roomIds: rooms });
        return true;
      }
      case 'ConstraintSubjectPreferredRoom':
      case 'ConstraintSubjectPreferredRooms':
      case 'ConstraintActivityTagPreferredRoom':
      case 'ConstraintActivityTagPreferredRooms':
      case 'ConstraintSubjectActivityTagPreferredRoom':
      case 'ConstraintSubjectActivityTagPreferredRooms': {
        const rooms = (name.endsWith('Rooms') ? texts(c.Preferred_Room) : texts(c.Room)).filter((r) => roomIds.has(r));
        const bySubject = name.startsWith('ConstraintSubject');
        const byTag = name.includes('ActivityTag');
        const subject = str(c.Subject);
        const tag = str(c.Activity_Tag);
        const activityIds = activities
          .filter((a) => (!bySubject || a.subjectId === subject) && (!byTag || (a.tagIds ?? []).includes(tag)))
          .map((a) => a.id);
        if (rooms.length === 0 || activityIds.length === 0) return false;
        constraints.push({ type: 'preferredRooms', weight, activityIds, roomIds: rooms });
        return true;
      }
      default:
        return false;
    }
  }

  // A locked room read before its activity's locked time (constraint order in the file): attach now,
  // or keep it as a hard preferred room when the time is not locked.
  for (const [activityId, roomId] of pendingRoomLocks) {
    const activity = byId.get(activityId)!;
    if (activity.fixed) activity.fixed = { ...activity.fixed, roomId };
    else constraints.push({ type: 'preferredRooms', weight: 100, activityIds: [activityId], roomIds: [roomId] });
  }

  const institution = str(fet.Institution_Name);
  const problem: TimetableProblem = {
    ...(institution ? { name: institution } : {}),
    days,
    periods,
    teachers,
    subjects,
    ...(activityTags.length > 0 ? { activityTags } : {}),
    studentGroups,
    studentSets,
    rooms,
    activities,
    constraints,
  };
  return {
    problem,
    report: {
      activities: activities.length,
      supported: [...supported].sort(),
      ignored: [...ignored].map(([constraint, count]) => ({ constraint, count })).sort((a, b) => b.count - a.count || a.constraint.localeCompare(b.constraint)),
    },
  };
}
