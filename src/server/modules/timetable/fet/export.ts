/**
 * Export of a TimetableProblem (and optionally a timetable) to FET's `.fet` XML (issue 16 §3), in the
 * FET 6 "Official" format that fet-cl 6.x loads (checked by fet.test.ts when fet-cl is installed).
 *
 * FET identifies everything but activities by name, so each teacher, subject, tag, room and students
 * set is written under its name (made unique with its id when two share a name). Activities keep their
 * id when it is a positive integer, otherwise they are numbered after the largest such id.
 *
 * Students: FET needs years → groups → subgroups. Every atomic group becomes a subgroup, unless the
 * only sets that contain it are top-level sets (then it is a group, or a year when nothing contains
 * it); every set not contained in another is a year, every other set a group inside each year that
 * contains it. This keeps, for each set, exactly its atomic groups (FET matches sets by name).
 *
 * Placements (a generated timetable) and `fixed` activities are written as permanently locked
 * ConstraintActivityPreferredStartingTime / ConstraintActivityPreferredRoom (weight 100), the way
 * FET locks a timetable. `maxPerDay` has no FET equivalent and is skipped (in the report).
 */
import { timetableFetMessages as m } from '../../../../shared/messages/timetable-fet.js';
import type { Activity, Constraint, Placement, Slot, TimetableProblem } from '../engine/types.js';

export interface FetExportReport {
  /** FET constraint element names written (sorted). */
  exported: string[];
  /** Our constraints that could not be written, with how many. */
  skipped: { constraint: string; count: number }[];
}

const FET_VERSION = '6.8.5';

function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function weightText(weight: number): string {
  return String(Math.max(0, Math.min(100, weight)));
}

/** Gives each item a unique FET name: its name, or "name (id)" when the name is taken or empty. */
function uniqueNames<T extends { id: string; name: string }>(items: T[], taken = new Set<string>()): Map<string, string> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name.trim(), (counts.get(item.name.trim()) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const item of items) {
    const name = item.name.trim();
    let fetName = name !== '' && counts.get(name) === 1 && !taken.has(name) ? name : `${name || item.id} (${item.id})`;
    while (taken.has(fetName)) fetName = `${fetName}'`;
    taken.add(fetName);
    out.set(item.id, fetName);
  }
  return out;
}

/**
 * Writes `problem` as a FET file. With `placements`, each placed activity is locked in its slot (and
 * room) so that FET shows, and keeps, that timetable.
 *
 * Returns the XML text (UTF-8, FET 6 format) and a report of the FET constraints written and of ours
 * skipped. Never throws for a well-formed problem; ids that do not resolve (an activity naming an
 * unknown teacher) are written as names and FET will report them on load.
 */
export function exportFet(problem: TimetableProblem, placements?: Placement[]): { xml: string; report: FetExportReport } {
  const exported = new Set<string>();
  const skipped = new Map<string, number>();
  const out: string[] = [];
  const line = (s: string) => out.push(s);

  const dayNames = uniqueNames(problem.days.map((d, i) => ({ id: String(i), name: d })));
  const hourNames = uniqueNames(problem.periods.map((p, i) => ({ id: String(i), name: p })));
  const dayName = (d: number) => dayNames.get(String(d)) ?? String(d);
  const hourName = (h: number) => hourNames.get(String(h)) ?? String(h);
  const teacherNames = uniqueNames(problem.teachers);
  const subjectNames = uniqueNames(problem.subjects);
  const tagNames = uniqueNames(problem.activityTags ?? []);
  const roomNames = uniqueNames(problem.rooms);

  // ---- Students hierarchy ----
  const setById = new Map(problem.studentSets.map((s) => [s.id, s]));
  const groupName = new Map(problem.studentGroups.map((g) => [g.id, g.name]));
  // An atomic group's own set: the set with its id that holds only it.
  const ownSet = new Map<string, (typeof problem.studentSets)[number]>();
  for (const s of problem.studentSets) if (s.groupIds.length === 1 && s.groupIds[0] === s.id) ownSet.set(s.id, s);
  const compound = problem.studentSets.filter((s) => !ownSet.has(s.id) || ownSet.get(s.id) !== s);
  const members = new Map(compound.map((s) => [s.id, new Set(s.groupIds)]));
  const strictlyInside = (a: Set<string>, b: Set<string>) => a.size < b.size && [...a].every((g) => b.has(g));
  const sameAs = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((g) => b.has(g));
  // Top-level sets: not strictly inside another set (equal sets: the first one listed is on top).
  const years = compound.filter((s, i) => !compound.some((o, j) => o !== s && (strictlyInside(members.get(s.id)!, members.get(o.id)!) || (j < i && sameAs(members.get(s.id)!, members.get(o.id)!)))));
  const yearIds = new Set(years.map((y) => y.id));
  const groups = compound.filter((s) => !yearIds.has(s.id));
  const atomicIds = problem.studentGroups.map((g) => g.id);
  for (const s of problem.studentSets) for (const g of s.groupIds) if (!groupName.has(g) && !atomicIds.includes(g)) atomicIds.push(g);
  const containers = new Map<string, string[]>();
  for (const s of compound) for (const g of members.get(s.id)!) containers.set(g, [...(containers.get(g) ?? []), s.id]);
  // Tier of each atomic group: 'year' (in no set), 'group' (only in top-level sets) or 'subgroup'.
  const tier = new Map<string, 'year' | 'group' | 'subgroup'>();
  for (const g of atomicIds) {
    const inSets = containers.get(g) ?? [];
    tier.set(g, inSets.length === 0 ? 'year' : inSets.every((s) => yearIds.has(s)) ? 'group' : 'subgroup');
  }
  // FET names: every set and atomic group shares one namespace.
  const studentNames = uniqueNames([
    ...atomicIds.map((id) => ({ id, name: ownSet.get(id)?.name ?? groupName.get(id) ?? id })),
    ...compound.map((s) => ({ id: `set:${s.id}`, name: s.name })),
  ]);
  const atomicName = (g: string) => studentNames.get(g)!;
  const setName = (setId: string) => (ownSet.has(setId) ? atomicName(setId) : studentNames.get(`set:${setId}`) ?? setId);
  const sizeOfAtomic = (g: string) => ownSet.get(g)?.size ?? 0;

  line('<?xml version="1.0" encoding="UTF-8"?>');
  line('');
  line(`<fet version="${FET_VERSION}">`);
  line('');
  line('<Mode>Official</Mode>');
  line('');
  line(`<Institution_Name>${esc(problem.name ?? 'EduFam')}</Institution_Name>`);
  line('');
  line('<Comments>Exported from EduFam</Comments>');
  line('');
  line('<Days_List>');
  line(`<Number_of_Days>${problem.days.length}</Number_of_Days>`);
  for (let d = 0; d < problem.days.length; d++) line(`<Day>\n\t<Name>${esc(dayName(d))}</Name>\n</Day>`);
  line('</Days_List>');
  line('');
  line('<Hours_List>');
  line(`<Number_of_Hours>${problem.periods.length}</Number_of_Hours>`);
  for (let h = 0; h < problem.periods.length; h++) line(`<Hour>\n\t<Name>${esc(hourName(h))}</Name>\n</Hour>`);
  line('</Hours_List>');
  line('');
  line('<Subjects_List>');
  for (const s of problem.subjects) line(`<Subject>\n\t<Name>${esc(subjectNames.get(s.id)!)}</Name>\n\t<Comments></Comments>\n</Subject>`);
  line('</Subjects_List>');
  line('');
  line('<Activity_Tags_List>');
  for (const t of problem.activityTags ?? []) line(`<Activity_Tag>\n\t<Name>${esc(tagNames.get(t.id)!)}</Name>\n\t<Printable>true</Printable>\n\t<Comments></Comments>\n</Activity_Tag>`);
  line('</Activity_Tags_List>');
  line('');
  line('<Teachers_List>');
  for (const t of problem.teachers) line(`<Teacher>\n\t<Name>${esc(teacherNames.get(t.id)!)}</Name>\n\t<Target_Number_of_Hours>0</Target_Number_of_Hours>\n\t<Qualified_Subjects>\n\t</Qualified_Subjects>\n\t<Comments></Comments>\n</Teacher>`);
  line('</Teachers_List>');
  line('');

  const studentsBlock = (tag: string, name: string, size: number, indent: string, inner: string[]) =>
    `${indent}<${tag}>\n${indent}\t<Name>${esc(name)}</Name>\n${indent}\t<Number_of_Students>${Math.max(0, Math.round(size))}</Number_of_Students>\n${indent}\t<Comments></Comments>\n${inner.join('\n')}${inner.length ? '\n' : ''}${indent}</${tag}>`;
  const subgroupBlocks = (groupIds: Iterable<string>) =>
    [...groupIds].filter((g) => tier.get(g) === 'subgroup').map((g) => studentsBlock('Subgroup', atomicName(g), sizeOfAtomic(g), '\t\t', []));
  line('<Students_List>');
  for (const year of years) {
    const yearMembers = members.get(year.id)!;
    const inner: string[] = [];
    const covered = new Set<string>();
    for (const group of groups) {
      const gm = members.get(group.id)!;
      if (!strictlyInside(gm, yearMembers) && !sameAs(gm, yearMembers)) continue;
      inner.push(studentsBlock('Group', setName(group.id), group.size ?? 0, '\t', subgroupBlocks(gm)));
      for (const g of gm) covered.add(g);
    }
    for (const g of yearMembers) {
      if (covered.has(g)) continue;
      if (tier.get(g) === 'group') inner.push(studentsBlock('Group', atomicName(g), sizeOfAtomic(g), '\t', []));
      else {
        // A subgroup of this year outside every group of the year: FET needs a group around it.
        inner.push(studentsBlock('Group', `${atomicName(g)} (${setName(year.id)})`, sizeOfAtomic(g), '\t', subgroupBlocks([g])));
      }
      covered.add(g);
    }
    line(studentsBlock('Year', setName(year.id), year.size ?? 0, '', inner));
  }
  for (const g of atomicIds) if (tier.get(g) === 'year') line(studentsBlock('Year', atomicName(g), sizeOfAtomic(g), '', []));
  line('</Students_List>');
  line('');

  // ---- Activities ----
  const fetId = new Map<string, number>();
  let next = 0;
  for (const a of problem.activities) if (/^[1-9]\d{0,8}$/.test(a.id)) next = Math.max(next, Number(a.id));
  for (const a of problem.activities) fetId.set(a.id, /^[1-9]\d{0,8}$/.test(a.id) && !fetId.has(a.id) ? Number(a.id) : ++next);
  const groupFirst = new Map<string, number>();
  const groupTotal = new Map<string, number>();
  for (const a of problem.activities) {
    if (!a.groupId) continue;
    if (!groupFirst.has(a.groupId)) groupFirst.set(a.groupId, fetId.get(a.id)!);
    groupTotal.set(a.groupId, (groupTotal.get(a.groupId) ?? 0) + a.duration);
  }
  const computedStudents = (a: Activity) => a.studentSetIds.reduce((sum, s) => sum + (setById.get(s)?.size ?? 0), 0);
  line('<Activities_List>');
  for (const a of problem.activities) {
    const parts = ['<Activity>'];
    for (const t of a.teacherIds) parts.push(`\t<Teacher>${esc(teacherNames.get(t) ?? t)}</Teacher>`);
    parts.push(`\t<Subject>${esc(subjectNames.get(a.subjectId) ?? a.subjectId)}</Subject>`);
    for (const t of a.tagIds ?? []) parts.push(`\t<Activity_Tag>${esc(tagNames.get(t) ?? t)}</Activity_Tag>`);
    for (const s of a.studentSetIds) parts.push(`\t<Students>${esc(setName(s))}</Students>`);
    parts.push(`\t<Duration>${a.duration}</Duration>`);
    parts.push(`\t<Total_Duration>${a.groupId ? groupTotal.get(a.groupId)! : a.duration}</Total_Duration>`);
    parts.push(`\t<Id>${fetId.get(a.id)}</Id>`);
    parts.push(`\t<Activity_Group_Id>${a.groupId ? groupFirst.get(a.groupId)! : 0}</Activity_Group_Id>`);
    if (a.students !== undefined && a.students > 0 && a.students !== computedStudents(a)) parts.push(`\t<Number_Of_Students>${Math.round(a.students)}</Number_Of_Students>`);
    parts.push('\t<Active>true</Active>', '\t<Comments></Comments>', '</Activity>');
    line(parts.join('\n'));
  }
  line('</Activities_List>');
  line('');
  line('<Buildings_List>');
  line('</Buildings_List>');
  line('');
  line('<Rooms_List>');
  for (const r of problem.rooms) {
    // FET's "no limit" is 30000; our 0 means "not checked".
    const capacity = r.capacity > 0 ? Math.round(r.capacity) : 30000;
    line(`<Room>\n\t<Name>${esc(roomNames.get(r.id)!)}</Name>\n\t<Building></Building>\n\t<Capacity>${capacity}</Capacity>\n\t<Virtual>false</Virtual>\n\t<Comments></Comments>\n</Room>`);
  }
  line('</Rooms_List>');
  line('');

  // ---- Constraints ----
  const time: string[] = [];
  const space: string[] = [];
  const emit = (target: string[], name: string, weight: number, body: string[]) => {
    exported.add(name);
    target.push([`<${name}>`, `\t<Weight_Percentage>${weightText(weight)}</Weight_Percentage>`, ...body.map((b) => `\t${b}`), '\t<Active>true</Active>', '\t<Comments></Comments>', `</${name}>`].join('\n'));
  };
  const slotList = (slots: Slot[], wrap: string, dayTag: string, hourTag: string) =>
    slots.map((s) => `<${wrap}>\n\t\t<${dayTag}>${esc(dayName(s.day))}</${dayTag}>\n\t\t<${hourTag}>${esc(hourName(s.period))}</${hourTag}>\n\t</${wrap}>`);
  const activityIdText = (id: string) => String(fetId.get(id) ?? id);
  emit(time, 'ConstraintBasicCompulsoryTime', 100, []);
  emit(space, 'ConstraintBasicCompulsorySpace', 100, []);

  // FET keeps one not-available constraint per teacher / students set / room: merge ours by weight.
  const notAvailable = new Map<string, { name: string; target: string[]; key: string; value: string; weight: number; slots: Slot[] }>();
  const addNotAvailable = (name: string, target: string[], key: string, value: string, weight: number, slots: Slot[]) => {
    const k = `${name}\u0000${value}\u0000${weight}`;
    const entry = notAvailable.get(k) ?? { name, target, key, value, weight, slots: [] };
    for (const s of slots) if (!entry.slots.some((o) => o.day === s.day && o.period === s.period)) entry.slots.push(s);
    notAvailable.set(k, entry);
  };
  const activitiesWithSubject = new Map<string, string[]>();
  const activitiesWithTag = new Map<string, string[]>();
  for (const a of problem.activities) {
    activitiesWithSubject.set(a.subjectId, [...(activitiesWithSubject.get(a.subjectId) ?? []), a.id]);
    for (const t of a.tagIds ?? []) activitiesWithTag.set(t, [...(activitiesWithTag.get(t) ?? []), a.id]);
  }
  const sameIds = (a: string[], b: string[] | undefined) => !!b && a.length === b.length && new Set([...a, ...b]).size === a.length;

  const byTeacher = (c: { teacherId: string | null }, one: string, all: string) =>
    c.teacherId === null ? { name: all, head: [] as string[] } : { name: one, head: [`<Teacher_Name>${esc(teacherNames.get(c.teacherId) ?? c.teacherId)}</Teacher_Name>`] };

  for (const c of problem.constraints as Constraint[]) {
    switch (c.type) {
      case 'teacherNotAvailable':
        addNotAvailable('ConstraintTeacherNotAvailableTimes', time, 'Teacher', teacherNames.get(c.teacherId) ?? c.teacherId, c.weight, c.slots);
        break;
      case 'studentsNotAvailable':
        addNotAvailable('ConstraintStudentsSetNotAvailableTimes', time, 'Students', setName(c.studentSetId), c.weight, c.slots);
        break;
      case 'roomNotAvailable':
        addNotAvailable('ConstraintRoomNotAvailableTimes', space, 'Room', roomNames.get(c.roomId) ?? c.roomId, c.weight, c.slots);
        break;
      case 'minDaysBetween':
        emit(time, 'ConstraintMinDaysBetweenActivities', c.weight, [
          `<Consecutive_If_Same_Day>${c.consecutiveIfSameDay}</Consecutive_If_Same_Day>`,
          `<Number_of_Activities>${c.activityIds.length}</Number_of_Activities>`,
          ...c.activityIds.map((id) => `<Activity_Id>${activityIdText(id)}</Activity_Id>`),
          `<MinDays>${c.minDays}</MinDays>`,
        ]);
        break;
      case 'maxPerDay':
        skipped.set(m.skippedMaxPerDay, (skipped.get(m.skippedMaxPerDay) ?? 0) + 1);
        break;
      case 'preferredStartingTimes':
        for (const id of c.activityIds) {
          emit(time, 'ConstraintActivityPreferredStartingTimes', c.weight, [
            `<Activity_Id>${activityIdText(id)}</Activity_Id>`,
            `<Number_of_Preferred_Starting_Times>${c.slots.length}</Number_of_Preferred_Starting_Times>`,
            ...slotList(c.slots, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour'),
          ]);
        }
        break;
      case 'teacherMaxHoursDaily': {
        const t = byTeacher(c, 'ConstraintTeacherMaxHoursDaily', 'ConstraintTeachersMaxHoursDaily');
        emit(time, t.name, c.weight, [...t.head, `<Maximum_Hours_Daily>${c.maxHours}</Maximum_Hours_Daily>`]);
        break;
      }
      case 'teacherMaxHoursContinuously': {
        const t = byTeacher(c, 'ConstraintTeacherMaxHoursContinuously', 'ConstraintTeachersMaxHoursContinuously');
        emit(time, t.name, c.weight, [...t.head, `<Maximum_Hours_Continuously>${c.maxHours}</Maximum_Hours_Continuously>`]);
        break;
      }
      case 'teacherMaxGapsPerWeek': {
        const t = byTeacher(c, 'ConstraintTeacherMaxGapsPerWeek', 'ConstraintTeachersMaxGapsPerWeek');
        emit(time, t.name, c.weight, [...t.head, `<Max_Gaps>${c.maxGaps}</Max_Gaps>`]);
        break;
      }
      case 'teacherMaxGapsPerDay': {
        const t = byTeacher(c, 'ConstraintTeacherMaxGapsPerDay', 'ConstraintTeachersMaxGapsPerDay');
        emit(time, t.name, c.weight, [...t.head, `<Max_Gaps>${c.maxGaps}</Max_Gaps>`]);
        break;
      }
      case 'studentsMaxGapsPerWeek':
      case 'studentsMaxGapsPerDay': {
        const per = c.type === 'studentsMaxGapsPerWeek' ? 'PerWeek' : 'PerDay';
        if (c.studentSetId === null) emit(time, `ConstraintStudentsMaxGaps${per}`, c.weight, [`<Max_Gaps>${c.maxGaps}</Max_Gaps>`]);
        else emit(time, `ConstraintStudentsSetMaxGaps${per}`, c.weight, [`<Max_Gaps>${c.maxGaps}</Max_Gaps>`, `<Students>${esc(setName(c.studentSetId))}</Students>`]);
        break;
      }
      case 'preferredRooms': {
        const rooms = c.roomIds.map((r) => `<Preferred_Room>${esc(roomNames.get(r) ?? r)}</Preferred_Room>`);
        const roomBody = c.roomIds.length === 1 ? [`<Room>${esc(roomNames.get(c.roomIds[0]) ?? c.roomIds[0])}</Room>`] : [`<Number_of_Preferred_Rooms>${c.roomIds.length}</Number_of_Preferred_Rooms>`, ...rooms];
        const suffix = c.roomIds.length === 1 ? 'Room' : 'Rooms';
        // A rule for every lesson of a subject or tag is written as FET's subject / tag rule.
        const subject = [...activitiesWithSubject].find(([, ids]) => sameIds(c.activityIds, ids))?.[0];
        const tag = subject === undefined ? [...activitiesWithTag].find(([, ids]) => sameIds(c.activityIds, ids))?.[0] : undefined;
        if (subject !== undefined) emit(space, `ConstraintSubjectPreferred${suffix}`, c.weight, [`<Subject>${esc(subjectNames.get(subject) ?? subject)}</Subject>`, ...roomBody]);
        else if (tag !== undefined) emit(space, `ConstraintActivityTagPreferred${suffix}`, c.weight, [`<Activity_Tag>${esc(tagNames.get(tag) ?? tag)}</Activity_Tag>`, ...roomBody]);
        else {
          for (const id of c.activityIds) {
            emit(space, `ConstraintActivityPreferred${suffix}`, c.weight, [
              `<Activity_Id>${activityIdText(id)}</Activity_Id>`,
              ...roomBody,
              ...(suffix === 'Room' ? ['<Permanently_Locked>false</Permanently_Locked>'] : []),
            ]);
          }
        }
        break;
      }
    }
  }
  for (const e of notAvailable.values()) {
    emit(e.target, e.name, e.weight, [
      `<${e.key}>${esc(e.value)}</${e.key}>`,
      `<Number_of_Not_Available_Times>${e.slots.length}</Number_of_Not_Available_Times>`,
      ...slotList(e.slots, 'Not_Available_Time', 'Day', 'Hour'),
    ]);
  }

  // Locks: the timetable given (placements) wins over the activities' own fixed slots.
  const locks = new Map<string, { day: number; period: number; roomId: string | null }>();
  for (const a of problem.activities) if (a.fixed) locks.set(a.id, { day: a.fixed.day, period: a.fixed.period, roomId: a.fixed.roomId ?? null });
  for (const p of placements ?? []) locks.set(p.activityId, { day: p.day, period: p.period, roomId: p.roomId });
  for (const [id, lock] of locks) {
    emit(time, 'ConstraintActivityPreferredStartingTime', 100, [
      `<Activity_Id>${activityIdText(id)}</Activity_Id>`,
      `<Preferred_Day>${esc(dayName(lock.day))}</Preferred_Day>`,
      `<Preferred_Hour>${esc(hourName(lock.period))}</Preferred_Hour>`,
      '<Permanently_Locked>true</Permanently_Locked>',
    ]);
    if (lock.roomId) {
      emit(space, 'ConstraintActivityPreferredRoom', 100, [
        `<Activity_Id>${activityIdText(id)}</Activity_Id>`,
        `<Room>${esc(roomNames.get(lock.roomId) ?? lock.roomId)}</Room>`,
        '<Permanently_Locked>true</Permanently_Locked>',
      ]);
    }
  }

  line('<Time_Constraints_List>');
  out.push(...time);
  line('</Time_Constraints_List>');
  line('');
  line('<Space_Constraints_List>');
  out.push(...space);
  line('</Space_Constraints_List>');
  line('');
  line('</fet>');
  line('');
  return {
    xml: out.join('\n'),
    report: {
      exported: [...exported].sort(),
      skipped: [...skipped].map(([constraint, count]) => ({ constraint, count })),
    },
  };
}
