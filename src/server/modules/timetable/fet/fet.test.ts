/**
 * FET import/export (issue 16 §3): real FET example files (two vendored in tests/fixtures/fet, more from
 * /usr/share/doc/fet-data when installed), bad input, round trip, and fet-cl loading our export when
 * /usr/bin/fet-cl is installed (otherwise the export is checked to parse as a FET file).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import type { Constraint, Placement, TimetableProblem } from '../engine/types.js';
import { exportFet } from './export.js';
import { FET_MAX_BYTES, importFet } from './import.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/fet');
const ARGENTINA = readFileSync(path.join(FIXTURES, 'argentina-horario-isj.fet'));
const BRAZIL = readFileSync(path.join(FIXTURES, 'brazil-eeblj-noturno.fet'));
const EXAMPLES = '/usr/share/doc/fet-data/examples/FET-5-official';
const FET_CL = '/usr/bin/fet-cl';

function badRequestOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

/** Constraints as comparable per-activity / per-owner facts (export writes one FET rule per activity). */
function normalize(constraints: Constraint[]): string[] {
  const out: string[] = [];
  const notAvailable = new Map<string, Set<string>>();
  for (const c of constraints) {
    switch (c.type) {
      case 'preferredStartingTimes': {
        const slots = c.slots.map((s) => `${s.day}.${s.period}`).sort().join(',');
        for (const id of c.activityIds) out.push(`pst ${c.weight} ${id} ${slots}`);
        break;
      }
      case 'preferredRooms':
        for (const id of c.activityIds) out.push(`rooms ${c.weight} ${id} ${[...c.roomIds].sort().join(',')}`);
        break;
      case 'teacherNotAvailable':
      case 'studentsNotAvailable':
      case 'roomNotAvailable': {
        const owner = c.type === 'teacherNotAvailable' ? c.teacherId : c.type === 'studentsNotAvailable' ? c.studentSetId : c.roomId;
        const key = `${c.type} ${c.weight} ${owner}`;
        const set = notAvailable.get(key) ?? new Set<string>();
        for (const s of c.slots) set.add(`${s.day}.${s.period}`);
        notAvailable.set(key, set);
        break;
      }
      default:
        out.push(JSON.stringify(c));
    }
  }
  for (const [key, slots] of notAvailable) out.push(`${key} ${[...slots].sort().join(',')}`);
  return out.sort();
}

function setsOf(problem: TimetableProblem): string[] {
  return problem.studentSets.map((s) => `${s.id}:${[...s.groupIds].sort().join(',')}:${s.size ?? 0}`).sort();
}

describe('importFet', () => {
  it('imports a real school (Argentina, Horario ISJ) with rooms, min days and not-available times', () => {
    const { problem, report } = importFet(ARGENTINA);
    expect(report.activities).toBe(116);
    expect(problem.activities).toHaveLength(116);
    expect(problem.days).toHaveLength(5);
    expect(problem.periods).toHaveLength(7);
    expect(problem.teachers).toHaveLength(17);
    expect(problem.rooms).toHaveLength(6);
    expect(problem.studentGroups).toHaveLength(6);
    expect(report.supported).toEqual(expect.arrayContaining([
      'ConstraintActivityPreferredRoom', 'ConstraintMinDaysBetweenActivities', 'ConstraintRoomNotAvailableTimes',
      'ConstraintTeacherMaxGapsPerDay', 'ConstraintTeacherNotAvailableTimes', 'ConstraintBasicCompulsoryTime',
    ]));
    expect(report.ignored).toEqual([{ constraint: 'ConstraintTeacherMaxDaysPerWeek', count: 10 }]);
    // Names are the ids; activity ids stay FET's.
    for (const a of problem.activities) {
      expect(problem.subjects.some((s) => s.id === a.subjectId)).toBe(true);
      for (const t of a.teacherIds) expect(problem.teachers.some((x) => x.id === t)).toBe(true);
      for (const s of a.studentSetIds) expect(problem.studentSets.some((x) => x.id === s)).toBe(true);
      expect(a.id).toMatch(/^\d+$/);
    }
    const types = new Set(problem.constraints.map((c) => c.type));
    expect(types).toEqual(new Set(['preferredRooms', 'minDaysBetween', 'roomNotAvailable', 'teacherMaxGapsPerDay', 'teacherNotAvailable']));
    expect(problem.constraints.filter((c) => c.type === 'preferredRooms')).toHaveLength(116);
  });

  it('imports a real school (Brazil, EEBLJ night school) with locked activities as fixed', () => {
    const { problem, report } = importFet(BRAZIL);
    expect(report.activities).toBe(74);
    expect(report.ignored).toEqual([]);
    const fixed = problem.activities.filter((a) => a.fixed);
    expect(fixed.length).toBe(3);
    for (const a of fixed) {
      expect(a.fixed!.day).toBeGreaterThanOrEqual(0);
      expect(a.fixed!.period).toBeLessThan(problem.periods.length);
    }
    const minDays = problem.constraints.filter((c) => c.type === 'minDaysBetween');
    expect(minDays.length).toBe(31);
  });

  it('imports larger official examples when fet-data is installed (Greece Gymnasio, Germany GYR)', () => {
    const gymnasio = path.join(EXAMPLES, 'Greece/Gymnasio/Gymnasio.fet');
    const gyr = path.join(EXAMPLES, 'Germany/secondary-school-2/GYR.fet');
    if (existsSync(gymnasio) && existsSync(gyr)) {
      const g = importFet(readFileSync(gymnasio));
      expect(g.report.activities).toBe(327);
      expect(g.report.supported).toContain('ConstraintTeachersMaxHoursDaily');
      expect(g.report.ignored.find((i) => i.constraint === 'ConstraintTeacherMinDaysPerWeek')?.count).toBe(25);
      expect(g.problem.constraints.some((c) => c.type === 'studentsMaxGapsPerWeek' && c.studentSetId === null)).toBe(true);
      const r = importFet(readFileSync(gyr));
      expect(r.report.activities).toBe(1477);
      // Subgroups are the atomic groups; a year is a set of all its subgroups.
      const year = r.problem.studentSets.find((s) => s.groupIds.length > 20);
      expect(year).toBeDefined();
      expect(r.report.ignored.find((i) => i.constraint === 'ConstraintActivitiesSameStartingTime')?.count).toBe(21);
    } else {
      // Without fet-data, the vendored example covers the same path.
      expect(importFet(ARGENTINA).report.activities).toBe(116);
    }
  });

  it('builds atomic groups from years, groups and subgroups, and applies FET filters', () => {
    const xml = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<fet version="6.8.5">
<Mode>Official</Mode>
<Institution_Name>Mini &amp; Co &#233;cole &amp;lt;1&amp;gt;</Institution_Name>
<Days_List><Number_of_Days>2</Number_of_Days><Day><Name>Mon</Name></Day><Day><Name>Tue</Name></Day></Days_List>
<Hours_List><Number_of_Hours>3</Number_of_Hours><Hour><Name>1</Name></Hour><Hour><Name>2</Name></Hour><Hour><Name>3</Name></Hour></Hours_List>
<Subjects_List><Subject><Name>Math</Name></Subject><Subject><Name>PE</Name></Subject></Subjects_List>
<Activity_Tags_List><Activity_Tag><Name>lab</Name></Activity_Tag></Activity_Tags_List>
<Teachers_List><Teacher><Name>Otieno</Name></Teacher><Teacher><Name>Wanjiru</Name></Teacher></Teachers_List>
<Students_List>
<Year><Name>G7</Name><Number_of_Students>60</Number_of_Students>
  <Group><Name>7A</Name><Number_of_Students>30</Number_of_Students>
    <Subgroup><Name>7A boys</Name><Number_of_Students>15</Number_of_Students></Subgroup>
    <Subgroup><Name>7A girls</Name><Number_of_Students>15</Number_of_Students></Subgroup>
  </Group>
  <Group><Name>7B</Name><Number_of_Students>30</Number_of_Students></Group>
</Year>
<Year><Name>G8</Name><Number_of_Students>25</Number_of_Students></Year>
</Students_List>
<Activities_List>
<Activity><Teacher>Otieno</Teacher><Subject>Math</Subject><Activity_Tag>lab</Activity_Tag><Students>7A</Students><Duration>2</Duration><Total_Duration>3</Total_Duration><Id>1</Id><Activity_Group_Id>1</Activity_Group_Id><Active>true</Active></Activity>
<Activity><Teacher>Otieno</Teacher><Subject>Math</Subject><Students>7A</Students><Duration>1</Duration><Total_Duration>3</Total_Duration><Id>2</Id><Activity_Group_Id>1</Activity_Group_Id><Active>true</Active></Activity>
<Activity><Teacher>Wanjiru</Teacher><Teacher>Otieno</Teacher><Subject>PE</Subject><Students>G7</Students><Students>G8</Students><Duration>1</Duration><Total_Duration>1</Total_Duration><Id>3</Id><Activity_Group_Id>0</Activity_Group_Id><Number_Of_Students>70</Number_Of_Students><Active>true</Active></Activity>
<Activity><Teacher>Wanjiru</Teacher><Subject>PE</Subject><Students>7A boys</Students><Duration>1</Duration><Total_Duration>1</Total_Duration><Id>4</Id><Activity_Group_Id>0</Activity_Group_Id><Active>false</Active></Activity>
</Activities_List>
<Rooms_List>
<Room><Name>Lab</Name><Capacity>40</Capacity><Virtual>false</Virtual></Room>
<Room><Name>Any lab</Name><Capacity>40</Capacity><Virtual>true</Virtual></Room>
</Rooms_List>
<Time_Constraints_List>
<ConstraintBasicCompulsoryTime><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsoryTime>
<ConstraintActivitiesPreferredStartingTimes><Weight_Percentage>95</Weight_Percentage><Teacher_Name></Teacher_Name><Students_Name>7A girls</Students_Name><Subject_Name></Subject_Name><Activity_Tag_Name></Activity_Tag_Name><Duration></Duration><Number_of_Preferred_Starting_Times>1</Number_of_Preferred_Starting_Times><Preferred_Starting_Time><Preferred_Starting_Day>Mon</Preferred_Starting_Day><Preferred_Starting_Hour>1</Preferred_Starting_Hour></Preferred_Starting_Time><Active>true</Active></ConstraintActivitiesPreferredStartingTimes>
<ConstraintMinDaysBetweenActivities><Weight_Percentage>100</Weight_Percentage><Consecutive_If_Same_Day>true</Consecutive_If_Same_Day><Number_of_Activities>3</Number_of_Activities><Activity_Id>1</Activity_Id><Activity_Id>2</Activity_Id><Activity_Id>4</Activity_Id><MinDays>1</MinDays><Active>true</Active></ConstraintMinDaysBetweenActivities>
<ConstraintTeacherMaxHoursDaily><Weight_Percentage>100</Weight_Percentage><Teacher_Name>Nobody</Teacher_Name><Maximum_Hours_Daily>2</Maximum_Hours_Daily><Active>true</Active></ConstraintTeacherMaxHoursDaily>
<ConstraintTeachersMaxGapsPerDay><Weight_Percentage>100</Weight_Percentage><Max_Gaps>0</Max_Gaps><Active>false</Active></ConstraintTeachersMaxGapsPerDay>
<ConstraintTeacherMaxDaysPerWeek><Weight_Percentage>100</Weight_Percentage><Teacher_Name>Otieno</Teacher_Name><Max_Days_Per_Week>1</Max_Days_Per_Week><Active>true</Active></ConstraintTeacherMaxDaysPerWeek>
<ConstraintActivityPreferredStartingTime><Weight_Percentage>100</Weight_Percentage><Activity_Id>3</Activity_Id><Preferred_Day>Tue</Preferred_Day><Preferred_Hour>3</Preferred_Hour><Permanently_Locked>true</Permanently_Locked><Active>true</Active></ConstraintActivityPreferredStartingTime>
</Time_Constraints_List>
<Space_Constraints_List>
<ConstraintBasicCompulsorySpace><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsorySpace>
<ConstraintActivityTagPreferredRoom><Weight_Percentage>100</Weight_Percentage><Activity_Tag>lab</Activity_Tag><Room>Lab</Room><Active>true</Active></ConstraintActivityTagPreferredRoom>
<ConstraintActivityPreferredRoom><Weight_Percentage>100</Weight_Percentage><Activity_Id>3</Activity_Id><Room>Lab</Room><Permanently_Locked>true</Permanently_Locked><Active>true</Active></ConstraintActivityPreferredRoom>
</Space_Constraints_List>
</fet>`;
    const { problem, report } = importFet(Buffer.from(xml, 'utf8'));
    expect(problem.name).toBe('Mini & Co école &lt;1&gt;');
    expect(problem.studentGroups.map((g) => g.id).sort()).toEqual(['7A boys', '7A girls', '7B', 'G8']);
    expect(setsOf(problem)).toEqual([
      '7A boys:7A boys:15', '7A girls:7A girls:15', '7A:7A boys,7A girls:30', '7B:7B:30', 'G7:7A boys,7A girls,7B:60', 'G8:G8:25',
    ]);
    expect(problem.rooms).toEqual([{ id: 'Lab', name: 'Lab', capacity: 40 }]);
    // Inactive activity 4 is skipped (and dropped from the min-days list).
    expect(problem.activities.map((a) => a.id)).toEqual(['1', '2', '3']);
    const [a1, a2, a3] = problem.activities;
    expect(a1).toMatchObject({ groupId: '1', duration: 2, tagIds: ['lab'], students: 30 });
    expect(a2.groupId).toBe('1');
    expect(a3).toMatchObject({ groupId: null, teacherIds: ['Wanjiru', 'Otieno'], studentSetIds: ['G7', 'G8'], students: 70, fixed: { day: 1, period: 2, roomId: 'Lab' } });
    const byType = (t: Constraint['type']) => problem.constraints.filter((c) => c.type === t);
    // "7A girls" shares students with 7A and with G7: activities 1, 2 and 3.
    expect(byType('preferredStartingTimes')).toEqual([{ type: 'preferredStartingTimes', weight: 95, activityIds: ['1', '2', '3'], slots: [{ day: 0, period: 0 }] }]);
    expect(byType('minDaysBetween')).toEqual([{ type: 'minDaysBetween', weight: 100, activityIds: ['1', '2'], minDays: 1, consecutiveIfSameDay: true }]);
    expect(byType('preferredRooms')).toEqual([{ type: 'preferredRooms', weight: 100, activityIds: ['1'], roomIds: ['Lab'] }]);
    expect(problem.constraints).toHaveLength(3);
    expect(report.supported).toEqual([
      'ConstraintActivitiesPreferredStartingTimes', 'ConstraintActivityPreferredRoom', 'ConstraintActivityPreferredStartingTime',
      'ConstraintActivityTagPreferredRoom', 'ConstraintBasicCompulsorySpace', 'ConstraintBasicCompulsoryTime', 'ConstraintMinDaysBetweenActivities',
    ]);
    expect(report.ignored).toEqual(expect.arrayContaining([
      { constraint: 'ConstraintTeacherMaxDaysPerWeek', count: 1 },
      { constraint: 'ConstraintTeachersMaxGapsPerDay (inactive)', count: 1 },
      { constraint: 'ConstraintTeacherMaxHoursDaily (refers to something not in the file)', count: 1 },
      { constraint: 'Virtual room', count: 1 },
    ]));
  });

  it('refuses input that is not XML, not FET, empty of days/hours/activities, or too large', () => {
    expect(badRequestOf(() => importFet('')).message).toMatch(/empty/);
    expect(badRequestOf(() => importFet('this is { not xml')).message).toMatch(/not a FET file: it is not valid XML/);
    expect(badRequestOf(() => importFet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]))).message).toMatch(/not valid XML/);
    expect(badRequestOf(() => importFet('<?xml version="1.0"?><html><body/></html>')).message).toMatch(/starts with <html> instead of <fet>/);
    expect(badRequestOf(() => importFet('<fet version="6"><Hours_List><Hour><Name>1</Name></Hour></Hours_List></fet>')).message).toMatch(/no days/);
    expect(badRequestOf(() => importFet('<fet><Days_List><Day><Name>Mon</Name></Day></Days_List></fet>')).message).toMatch(/no hours/);
    expect(badRequestOf(() => importFet('<fet><Days_List><Day><Name>Mon</Name></Day></Days_List><Hours_List><Hour><Name>1</Name></Hour></Hours_List></fet>')).message).toMatch(/no active activities/);
    const unknownTeacher = '<fet><Days_List><Day><Name>Mon</Name></Day></Days_List><Hours_List><Hour><Name>1</Name></Hour></Hours_List>'
      + '<Subjects_List><Subject><Name>M</Name></Subject></Subjects_List><Activities_List><Activity><Teacher>X</Teacher><Subject>M</Subject><Duration>1</Duration><Id>1</Id></Activity></Activities_List></fet>';
    expect(badRequestOf(() => importFet(unknownTeacher)).message).toMatch(/teacher "X"/);
    expect(badRequestOf(() => importFet(Buffer.alloc(FET_MAX_BYTES + 1, 0x20))).message).toMatch(/too large/);
  });

  it('refuses a DOCTYPE with entities and 50,000 nested tags with a clear 400, reading no file (issue 32 §5)', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE fet [<!ENTITY secret SYSTEM "file:///etc/passwd">]><fet><Days_List><Day><Name>&secret;</Name></Day></Days_List></fet>';
    const refused = badRequestOf(() => importFet(xxe));
    expect(refused.message).toBe('This is not a FET file: it declares a DOCTYPE (entities), which FET files never do.');
    expect(refused.message).not.toContain('root:');
    const deep = `<fet>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</fet>`;
    expect(badRequestOf(() => importFet(deep)).message).toBe('This is not a FET file: its XML nests more than 100 levels deep.');
    // Self-closing tags, comments and CDATA do not count as nesting: a real file still imports.
    const flat = `<fet><!-- <a><b> --><![CDATA[<c><d>]]>${'<x/>'.repeat(500)}</fet>`;
    expect(badRequestOf(() => importFet(flat)).message).toMatch(/no days/);
  });
});

describe('exportFet', () => {
  it('round trips a real school: import(export(p)) equals p', () => {
    for (const file of [ARGENTINA, BRAZIL]) {
      const { problem } = importFet(file);
      const { xml, report } = exportFet(problem);
      expect(report.skipped).toEqual([]);
      const back = importFet(xml).problem;
      expect(back.days).toEqual(problem.days);
      expect(back.periods).toEqual(problem.periods);
      expect(back.teachers).toEqual(problem.teachers);
      expect(back.subjects).toEqual(problem.subjects);
      expect(back.rooms).toEqual(problem.rooms);
      expect(back.activities).toEqual(problem.activities);
      expect(setsOf(back)).toEqual(setsOf(problem));
      expect(back.studentGroups.map((g) => g.id).sort()).toEqual(problem.studentGroups.map((g) => g.id).sort());
      expect(normalize(back.constraints)).toEqual(normalize(problem.constraints));
    }
  });

  it('round trips an EduFam problem (levels, streams, combined lessons, locks) and reports maxPerDay as skipped', () => {
    const problem: TimetableProblem = {
      name: 'Greenhill',
      days: ['Monday', 'Tuesday', 'Wednesday'],
      periods: ['08:00', '08:40', '09:20', '10:00'],
      teachers: [{ id: 't1', name: 'Mr Otieno' }, { id: 't2', name: 'Ms Wanjiru' }],
      subjects: [{ id: 's1', name: 'Mathematics' }, { id: 's2', name: 'Science' }],
      activityTags: [{ id: 'tag1', name: 'practical' }],
      studentGroups: [{ id: 'g7a', name: '7A' }, { id: 'g7b', name: '7B' }, { id: 'g8a', name: '8A' }],
      studentSets: [
        { id: 'g7a', name: '7A', groupIds: ['g7a'], size: 40 },
        { id: 'g7b', name: '7B', groupIds: ['g7b'], size: 38 },
        { id: 'g8a', name: '8A', groupIds: ['g8a'], size: 41 },
        { id: 'lvl7', name: 'Grade 7', groupIds: ['g7a', 'g7b'], size: 78 },
      ],
      rooms: [{ id: 'r1', name: 'Lab 1', capacity: 45, type: 'lab' }],
      activities: [
        { id: 'a', groupId: 'm7a', duration: 1, subjectId: 's1', teacherIds: ['t1'], studentSetIds: ['g7a'], students: 40 },
        { id: 'b', groupId: 'm7a', duration: 1, subjectId: 's1', teacherIds: ['t1'], studentSetIds: ['g7a'], students: 40 },
        { id: 'c', duration: 2, subjectId: 's2', teacherIds: ['t2'], studentSetIds: ['g8a'], tagIds: ['tag1'], students: 41, fixed: { day: 1, period: 0, roomId: 'r1' } },
        { id: 'd', duration: 1, subjectId: 's1', teacherIds: ['t1', 't2'], studentSetIds: ['lvl7'], students: 78 },
      ],
      constraints: [
        { type: 'teacherNotAvailable', weight: 100, teacherId: 't2', slots: [{ day: 2, period: 3 }] },
        { type: 'studentsNotAvailable', weight: 100, studentSetId: 'lvl7', slots: [{ day: 0, period: 3 }] },
        { type: 'roomNotAvailable', weight: 100, roomId: 'r1', slots: [{ day: 0, period: 0 }] },
        { type: 'minDaysBetween', weight: 95, activityIds: ['a', 'b'], minDays: 1, consecutiveIfSameDay: true },
        { type: 'maxPerDay', weight: 100, activityIds: ['a', 'b'], max: 1 },
        { type: 'preferredStartingTimes', weight: 80, activityIds: ['a', 'b'], slots: [{ day: 0, period: 0 }, { day: 1, period: 0 }] },
        { type: 'teacherMaxHoursDaily', weight: 100, teacherId: null, maxHours: 3 },
        { type: 'teacherMaxHoursContinuously', weight: 100, teacherId: 't1', maxHours: 2 },
        { type: 'teacherMaxGapsPerWeek', weight: 100, teacherId: null, maxGaps: 4 },
        { type: 'teacherMaxGapsPerDay', weight: 90, teacherId: 't2', maxGaps: 1 },
        { type: 'studentsMaxGapsPerWeek', weight: 100, studentSetId: null, maxGaps: 0 },
        { type: 'studentsMaxGapsPerDay', weight: 100, studentSetId: 'g8a', maxGaps: 0 },
        { type: 'preferredRooms', weight: 100, activityIds: ['c'], roomIds: ['r1'] },
      ],
    };
    const { xml, report } = exportFet(problem);
    expect(report.skipped).toEqual([{ constraint: 'maxPerDay (no FET equivalent)', count: 1 }]);
    expect(report.exported).toContain('ConstraintTeachersMaxHoursDaily');
    // Every Science lesson has the room: written as FET's subject rule.
    expect(report.exported).toContain('ConstraintSubjectPreferredRoom');
    const back = importFet(xml).problem;
    // Ids come back as FET names; everything else is the same problem.
    expect(back.name).toBe('Greenhill');
    expect(back.teachers.map((t) => t.id)).toEqual(['Mr Otieno', 'Ms Wanjiru']);
    expect(setsOf(back)).toEqual(['7A:7A:40', '7B:7B:38', '8A:8A:41', 'Grade 7:7A,7B:78']);
    expect(back.rooms).toEqual([{ id: 'Lab 1', name: 'Lab 1', capacity: 45 }]);
    expect(back.activities.map((a) => [a.id, a.groupId, a.duration, a.teacherIds.join('+'), a.studentSetIds.join('+'), a.students])).toEqual([
      ['1', '1', 1, 'Mr Otieno', '7A', 40],
      ['2', '1', 1, 'Mr Otieno', '7A', 40],
      ['3', null, 2, 'Ms Wanjiru', '8A', 41],
      ['4', null, 1, 'Mr Otieno+Ms Wanjiru', 'Grade 7', 78],
    ]);
    expect(back.activities[2].fixed).toEqual({ day: 1, period: 0, roomId: 'Lab 1' });
    const rename = (c: Constraint) => JSON.parse(JSON.stringify(c)
      .replace(/"t1"/g, '"Mr Otieno"').replace(/"t2"/g, '"Ms Wanjiru"').replace(/"lvl7"/g, '"Grade 7"').replace(/"g8a"/g, '"8A"')
      .replace(/"r1"/g, '"Lab 1"').replace(/"a"/g, '"1"').replace(/"b"/g, '"2"').replace(/"c"/g, '"3"')) as Constraint;
    expect(normalize(back.constraints)).toEqual(normalize(problem.constraints.filter((c) => c.type !== 'maxPerDay').map(rename)));
  });

  it('keeps every students set with exactly its atomic groups when sets overlap', () => {
    const own = (id: string) => ({ id, name: id, groupIds: [id] });
    const problem: TimetableProblem = {
      days: ['Mon'],
      periods: ['1', '2'],
      teachers: [{ id: 'T', name: 'T' }],
      subjects: [{ id: 'S', name: 'S' }],
      studentGroups: ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id })),
      studentSets: [own('a'), own('b'), own('c'), own('d'), { id: 'Y', name: 'Y', groupIds: ['a', 'b', 'c'] }, { id: 'G1', name: 'G1', groupIds: ['a', 'b'] }, { id: 'Z', name: 'Z', groupIds: ['b', 'd'] }],
      rooms: [],
      activities: [{ id: '1', duration: 1, subjectId: 'S', teacherIds: ['T'], studentSetIds: ['G1', 'Z'] }],
      constraints: [],
    };
    const back = importFet(exportFet(problem).xml).problem;
    expect(back.studentGroups.map((g) => g.id).sort()).toEqual(['a', 'b', 'c', 'd']);
    const members = new Map(back.studentSets.map((s) => [s.id, [...s.groupIds].sort().join(',')]));
    for (const s of problem.studentSets) expect(members.get(s.id)).toBe([...s.groupIds].sort().join(','));
    expect(back.activities[0].studentSetIds).toEqual(['G1', 'Z']);
  });

  it('writes a timetable as locked activities', () => {
    const { problem } = importFet(BRAZIL);
    const placements: Placement[] = problem.activities.map((a, i) => ({ activityId: a.id, day: i % problem.days.length, period: 0, roomId: null }));
    const back = importFet(exportFet(problem, placements).xml).problem;
    for (const [i, a] of back.activities.entries()) expect(a.fixed).toEqual({ day: i % problem.days.length, period: 0, roomId: null });
  });

  it('is loaded by fet-cl (or, without FET installed, parses as a FET file)', () => {
    const { problem } = importFet(ARGENTINA);
    const { xml } = exportFet(problem);
    if (existsSync(FET_CL)) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'fet-export-'));
      try {
        const file = path.join(dir, 'export.fet');
        writeFileSync(file, xml);
        // fet-cl exits 1 with "cannot read input file" when it cannot load a file.
        const out = execFileSync(FET_CL, [`--inputfile=${file}`, `--outputdir=${dir}`, '--timelimitseconds=20', '--htmllevel=0', '--writetimetablesxml=false'], { encoding: 'utf8' });
        expect(out).not.toMatch(/cannot read input file/);
        expect(out).toMatch(/Simulation successful/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const doc = new XMLParser({ parseTagValue: false }).parse(xml) as { fet?: { Activities_List?: { Activity?: unknown[] } } };
      expect(doc.fet?.Activities_List?.Activity).toHaveLength(116);
    }
  }, 60_000);
});
