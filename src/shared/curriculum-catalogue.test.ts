import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_LEVELS,
  CURRICULUM_CATALOGUE,
  MINISTRY_CALENDAR_2026,
  catalogueBand,
  catalogueBands,
  catalogueLevel,
  catalogueSubjects,
  ministryTermTemplate,
  weeklyLessonsOf,
} from './curriculum-catalogue.js';

/** The curriculum catalogue against domain/curriculum.md (issue 10 §1 learning areas). */

const codesOf = (band: string) => catalogueSubjects(band).map((x) => x.code);

describe('CBC rationalised learning areas (January 2024)', () => {
  it.each([
    ['Pre-Primary', 25],
    ['Lower Primary', 31],
    ['Upper Primary', 35],
    ['Junior School', 41],
  ])('%s adds up to %i lessons a week', (band, total) => {
    const b = catalogueBand(band, 'CBC')!;
    expect(b.weeklyLessons).toBe(total);
    expect(weeklyLessonsOf(b.subjects)).toBe(total);
  });

  it('Junior School carries the KJSEA paper codes 901-911 with the lessons per week of the timetable', () => {
    const byCode = new Map(catalogueSubjects('Junior School').map((x) => [x.code, x]));
    for (let code = 901; code <= 911; code++) expect(byCode.has(String(code)), `KJSEA ${code}`).toBe(true);
    expect(byCode.get('901')).toMatchObject({ name: 'English', lessonsPerWeek: 5 });
    expect(byCode.get('903')).toMatchObject({ name: 'Mathematics', lessonsPerWeek: 5 });
    expect(byCode.get('904')).toMatchObject({ name: 'Kenyan Sign Language', alternativeGroup: 'kiswahili' });
    expect(byCode.get('905')).toMatchObject({ name: 'Integrated Science', lessonsPerWeek: 5 });
    expect(byCode.get('909')).toMatchObject({ name: 'Islamic Religious Education', alternativeGroup: 'religious-education' });
    expect(byCode.get('910')).toMatchObject({ name: 'Creative Arts & Sports', lessonsPerWeek: 5 });
    expect(byCode.get('911')).toMatchObject({ name: 'Pre-Technical Studies', lessonsPerWeek: 4 });
  });

  it('Upper Primary lists the nine areas with their weekly lessons', () => {
    const lessons = Object.fromEntries(catalogueSubjects('Upper Primary').map((x) => [x.name, x.lessonsPerWeek]));
    expect(lessons).toMatchObject({
      English: 5,
      Kiswahili: 4,
      Mathematics: 5,
      'Religious Education': 3,
      'Science & Technology': 4,
      'Agriculture & Nutrition': 4,
      'Social Studies': 3,
      'Creative Arts': 6,
      'Pastoral Programme of Instruction': 1,
    });
  });

  it('Senior School has four core subjects by default, the rest electives in the three pathways', () => {
    const senior = catalogueSubjects('Senior School');
    expect(senior.filter((x) => x.isCore).map((x) => x.name)).toEqual(['English', 'Kiswahili', 'Core Mathematics', 'Community Service Learning']);
    const pathways = new Set(senior.filter((x) => !x.isCore && x.pathway).map((x) => x.pathway));
    expect([...pathways].sort()).toEqual(['Arts & Sports Science', 'STEM', 'Social Sciences']);
  });
});

describe('IGCSE and 8-4-4 subjects', () => {
  it('IGCSE carries the Cambridge syllabus codes', () => {
    expect(codesOf('IGCSE').sort()).toEqual(
      ['0500', '0510', '0475', '0580', '0610', '0620', '0625', '0478', '0417', '0450', '0455', '0460', '0470', '0400', '0520', '0262', '0457'].sort(),
    );
    expect(catalogueSubjects('IGCSE').find((x) => x.code === '0580')?.name).toBe('Mathematics');
  });

  it('8-4-4 carries the KNEC KCSE codes, with English, Kiswahili and Mathematics compulsory', () => {
    const names = Object.fromEntries(catalogueSubjects('Secondary', '8-4-4').map((x) => [x.code, x.name]));
    expect(names).toMatchObject({
      '101': 'English',
      '102': 'Kiswahili',
      '121': 'Mathematics',
      '231': 'Biology',
      '232': 'Physics',
      '233': 'Chemistry',
      '311': 'History & Government',
      '312': 'Geography',
      '313': 'Christian Religious Education',
      '314': 'Islamic Religious Education',
      '443': 'Agriculture',
      '451': 'Computer Studies',
      '565': 'Business Studies',
    });
    expect(catalogueSubjects('Secondary', '8-4-4').filter((x) => x.isCore).map((x) => x.code)).toEqual(['101', '102', '121']);
  });

  it('every band has unique codes, lessons per week between 1 and 15, and levels in the level presets', () => {
    for (const b of CURRICULUM_CATALOGUE) {
      const codes = b.subjects.map((x) => x.code);
      expect(new Set(codes).size, b.band).toBe(codes.length);
      for (const x of b.subjects) {
        expect(x.lessonsPerWeek, `${b.band} ${x.name}`).toBeGreaterThanOrEqual(1);
        expect(x.lessonsPerWeek, `${b.band} ${x.name}`).toBeLessThanOrEqual(15);
      }
      for (const level of b.levels) expect(catalogueLevel(level)?.band, level).toBe(b.band);
    }
    expect(catalogueBands('CBC').map((b) => b.band)).toEqual(['Pre-Primary', 'Lower Primary', 'Upper Primary', 'Junior School', 'Senior School']);
    expect(catalogueBands('IGCSE').map((b) => b.band)).toEqual(['Lower Secondary', 'IGCSE']);
  });

  it('level presets sort PP1 before Grade 1 and mark the usual final levels', () => {
    expect(catalogueLevel('pp1')).toMatchObject({ levelOrder: -1, band: 'Pre-Primary' });
    expect(CATALOGUE_LEVELS.filter((l) => l.isFinal).map((l) => l.name)).toEqual(['Grade 9', 'Grade 12', 'Year 11', 'Form 4']);
    expect(catalogueLevel('Grade 13')).toBeUndefined();
  });

  it('an unknown band has no catalogue subjects', () => {
    expect(catalogueSubjects('Sixth Form')).toEqual([]);
  });
});

describe('ministryTermTemplate (2026 Ministry calendar as a starting point)', () => {
  it('2026 is the Ministry calendar itself', () => {
    expect(ministryTermTemplate(2026)).toEqual(MINISTRY_CALENDAR_2026);
    expect(MINISTRY_CALENDAR_2026[0]).toMatchObject({ startsOn: '2026-01-05', endsOn: '2026-04-02', halfTermStartsOn: '2026-02-25', halfTermEndsOn: '2026-03-01' });
    expect(MINISTRY_CALENDAR_2026[1]).toMatchObject({ startsOn: '2026-04-27', endsOn: '2026-07-31', halfTermStartsOn: '2026-06-24', halfTermEndsOn: '2026-06-28' });
    expect(MINISTRY_CALENDAR_2026[2]).toMatchObject({ startsOn: '2026-08-24', endsOn: '2026-10-23', halfTermStartsOn: null });
  });

  it('2027 moves every date by 52 weeks: terms start on Monday and keep their lengths', () => {
    const t = ministryTermTemplate(2027);
    expect(t.map((x) => [x.startsOn, x.endsOn])).toEqual([
      ['2027-01-04', '2027-04-01'],
      ['2027-04-26', '2027-07-30'],
      ['2027-08-23', '2027-10-22'],
    ]);
    expect([t[0]!.halfTermStartsOn, t[0]!.halfTermEndsOn]).toEqual(['2027-02-24', '2027-02-28']);
    for (const x of t) expect(new Date(`${x.startsOn}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('works across leap years and backwards', () => {
    for (const year of [2024, 2028, 2030, 2035]) {
      const t = ministryTermTemplate(year);
      expect(t[0]!.startsOn.slice(0, 4)).toBe(String(year));
      expect(t[2]!.endsOn.slice(0, 4)).toBe(String(year));
      expect(new Date(`${t[0]!.startsOn}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });
});
