/**
 * The curriculum catalogue (issue 10 §1 "Learning areas/subjects per level from the curriculum
 * catalogue"): the grade levels, curriculum bands and learning areas/subjects a Kenyan school picks
 * from, and the 2026 Ministry calendar as a template for new academic years. Source:
 * shared/domain/curriculum.md (rationalised CBC list of January 2024, KJSEA paper codes, Cambridge
 * IGCSE syllabus codes) and the KNEC KCSE subject codes of 8-4-4.
 *
 * Browser-safe and pure: the school-setup screens offer it, the server checks against it. A school's
 * own subjects live in `subjects` (one row per band and code); the catalogue is only where they start.
 */

export const CATALOGUE_CURRICULA = ['CBC', 'IGCSE', '8-4-4'] as const;
export type CatalogueCurriculum = (typeof CATALOGUE_CURRICULA)[number];

/** A learning area or subject as the catalogue offers it. */
export interface CatalogueSubject {
  name: string;
  /** Unique within its band: KJSEA paper code, Cambridge syllabus code, KNEC KCSE code, or a short code. */
  code: string;
  /** Lessons per week (the rationalised timetable for CBC; a common allocation elsewhere). 1-15. */
  lessonsPerWeek: number;
  /** Core (every learner) or elective. Senior School core subjects are configurable per school. */
  isCore: boolean;
  /** The department that usually looks after it (matched to the school's departments by name). */
  department: string;
  /**
   * Areas that are alternatives to one another share a group (a learner takes one of Kiswahili and
   * Kenyan Sign Language; one of CRE, IRE and HRE): the band's weekly total counts one per group.
   */
  alternativeGroup?: string;
  /** Senior School pathway of an elective (STEM, Social Sciences, Arts & Sports Science). */
  pathway?: SeniorPathway;
}

export const SENIOR_PATHWAYS = ['STEM', 'Social Sciences', 'Arts & Sports Science'] as const;
export type SeniorPathway = (typeof SENIOR_PATHWAYS)[number];

/** A curriculum band: the levels it covers and the learning areas offered in it. */
export interface CatalogueBand {
  curriculum: CatalogueCurriculum;
  /** The band's name, stored on levels, classes and subjects (e.g. "Junior School"). */
  band: string;
  /** Level names of the band, lowest first. */
  levels: string[];
  /** Lessons per week a learner has in the band (rationalised CBC timetable), when fixed. */
  weeklyLessons?: number;
  subjects: CatalogueSubject[];
}

/** A grade level preset: name, sort order (PP1 = -1, PP2 = 0, Grade 1 = 1 ...), band, final flag. */
export interface CatalogueLevel {
  curriculum: CatalogueCurriculum;
  name: string;
  levelOrder: number;
  band: string;
  /** The usual last level of a school of this curriculum (its learners leave at promotion). */
  isFinal: boolean;
}

const LANG = 'Languages';
const MATHS = 'Mathematics';
const SCI = 'Sciences';
const HUM = 'Humanities';
const TECH = 'Technical & Creative Arts';

const s = (name: string, code: string, lessonsPerWeek: number, department: string, extra: Partial<CatalogueSubject> = {}): CatalogueSubject => ({
  name,
  code,
  lessonsPerWeek,
  isCore: true,
  department,
  ...extra,
});
const elective = (name: string, code: string, lessonsPerWeek: number, department: string, pathway?: SeniorPathway): CatalogueSubject =>
  s(name, code, lessonsPerWeek, department, { isCore: false, ...(pathway ? { pathway } : {}) });

/** Every band of every curriculum, in teaching order. */
export const CURRICULUM_CATALOGUE: readonly CatalogueBand[] = [
  {
    curriculum: 'CBC',
    band: 'Pre-Primary',
    levels: ['PP1', 'PP2'],
    weeklyLessons: 25,
    subjects: [
      s('Language Activities', 'LA', 5, LANG),
      s('Mathematical Activities', 'MA', 5, MATHS),
      s('Environmental Activities', 'EA', 5, SCI),
      s('Psychomotor and Creative Activities', 'PCA', 7, TECH),
      s('Religious Education Activities', 'REA', 3, HUM),
    ],
  },
  {
    curriculum: 'CBC',
    band: 'Lower Primary',
    levels: ['Grade 1', 'Grade 2', 'Grade 3'],
    weeklyLessons: 31,
    subjects: [
      s('Indigenous Language', 'IND', 2, LANG),
      s('Kiswahili', 'KIS', 4, LANG, { alternativeGroup: 'kiswahili' }),
      s('Kenyan Sign Language', 'KSL', 4, LANG, { isCore: false, alternativeGroup: 'kiswahili' }),
      s('Mathematics', 'MAT', 5, MATHS),
      s('English', 'ENG', 5, LANG),
      s('Religious Education', 'RE', 3, HUM),
      s('Environmental Activities', 'ENV', 4, SCI),
      s('Creative Activities', 'CA', 8, TECH),
    ],
  },
  {
    curriculum: 'CBC',
    band: 'Upper Primary',
    levels: ['Grade 4', 'Grade 5', 'Grade 6'],
    weeklyLessons: 35,
    subjects: [
      s('English', 'ENG', 5, LANG),
      s('Kiswahili', 'KIS', 4, LANG, { alternativeGroup: 'kiswahili' }),
      s('Kenyan Sign Language', 'KSL', 4, LANG, { isCore: false, alternativeGroup: 'kiswahili' }),
      s('Mathematics', 'MAT', 5, MATHS),
      s('Religious Education', 'RE', 3, HUM),
      s('Science & Technology', 'SCT', 4, SCI),
      s('Agriculture & Nutrition', 'AGN', 4, SCI),
      s('Social Studies', 'SST', 3, HUM),
      s('Creative Arts', 'CRA', 6, TECH),
      s('Pastoral Programme of Instruction', 'PPI', 1, HUM),
    ],
  },
  {
    curriculum: 'CBC',
    band: 'Junior School',
    levels: ['Grade 7', 'Grade 8', 'Grade 9'],
    weeklyLessons: 41,
    // KJSEA paper codes 901-911 (domain/curriculum.md).
    subjects: [
      s('English', '901', 5, LANG),
      s('Kiswahili', '902', 4, LANG, { alternativeGroup: 'kiswahili' }),
      s('Mathematics', '903', 5, MATHS),
      s('Kenyan Sign Language', '904', 4, LANG, { isCore: false, alternativeGroup: 'kiswahili' }),
      s('Integrated Science', '905', 5, SCI),
      s('Agriculture & Nutrition', '906', 4, SCI),
      s('Social Studies', '907', 4, HUM),
      s('Christian Religious Education', '908', 4, HUM, { alternativeGroup: 'religious-education' }),
      s('Islamic Religious Education', '909', 4, HUM, { isCore: false, alternativeGroup: 'religious-education' }),
      s('Hindu Religious Education', 'HRE', 4, HUM, { isCore: false, alternativeGroup: 'religious-education' }),
      s('Creative Arts & Sports', '910', 5, TECH),
      s('Pre-Technical Studies', '911', 4, TECH),
      s('Pastoral Programme of Instruction', 'PPI', 1, HUM),
    ],
  },
  {
    curriculum: 'CBC',
    band: 'Senior School',
    levels: ['Grade 10', 'Grade 11', 'Grade 12'],
    // 7 subjects: 4 core + 3 electives (at least 2 from the learner's pathway). Sources disagree on the
    // fourth core subject (Mathematics or Physical Education): each school sets isCore itself.
    subjects: [
      s('English', 'ENG', 5, LANG),
      s('Kiswahili', 'KIS', 5, LANG, { alternativeGroup: 'kiswahili' }),
      s('Kenyan Sign Language', 'KSL', 5, LANG, { isCore: false, alternativeGroup: 'kiswahili' }),
      s('Core Mathematics', 'MAT', 5, MATHS, { alternativeGroup: 'mathematics' }),
      s('Essential Mathematics', 'EMA', 5, MATHS, { isCore: false, alternativeGroup: 'mathematics' }),
      s('Community Service Learning', 'CSL', 2, HUM),
      elective('Physical Education', 'PE', 3, TECH, 'Arts & Sports Science'),
      elective('Biology', 'BIO', 6, SCI, 'STEM'),
      elective('Chemistry', 'CHE', 6, SCI, 'STEM'),
      elective('Physics', 'PHY', 6, SCI, 'STEM'),
      elective('Agriculture', 'AGR', 6, SCI, 'STEM'),
      elective('Computer Science', 'CSC', 6, TECH, 'STEM'),
      elective('Home Science', 'HSC', 6, TECH, 'STEM'),
      elective('Aviation', 'AVI', 6, TECH, 'STEM'),
      elective('Building & Construction', 'BLD', 6, TECH, 'STEM'),
      elective('Electricity', 'ELE', 6, TECH, 'STEM'),
      elective('Power Mechanics', 'PMC', 6, TECH, 'STEM'),
      elective('Media Technology', 'MED', 6, TECH, 'STEM'),
      elective('Literature in English', 'LIT', 6, LANG, 'Social Sciences'),
      elective('Fasihi ya Kiswahili', 'FAS', 6, LANG, 'Social Sciences'),
      elective('History & Citizenship', 'HIS', 6, HUM, 'Social Sciences'),
      elective('Geography', 'GEO', 6, HUM, 'Social Sciences'),
      elective('Business Studies', 'BST', 6, HUM, 'Social Sciences'),
      elective('Christian Religious Education', 'CRE', 6, HUM, 'Social Sciences'),
      elective('Islamic Religious Education', 'IRE', 6, HUM, 'Social Sciences'),
      elective('Hindu Religious Education', 'HRE', 6, HUM, 'Social Sciences'),
      elective('French', 'FRE', 6, LANG, 'Social Sciences'),
      elective('German', 'GER', 6, LANG, 'Social Sciences'),
      elective('Arabic', 'ARB', 6, LANG, 'Social Sciences'),
      elective('Mandarin Chinese', 'CHI', 6, LANG, 'Social Sciences'),
      elective('Sports & Recreation', 'SPR', 6, TECH, 'Arts & Sports Science'),
      elective('Music & Dance', 'MUS', 6, TECH, 'Arts & Sports Science'),
      elective('Theatre & Film', 'THF', 6, TECH, 'Arts & Sports Science'),
      elective('Fine Arts', 'FIN', 6, TECH, 'Arts & Sports Science'),
    ],
  },
  {
    curriculum: 'IGCSE',
    band: 'Lower Secondary',
    levels: ['Year 7', 'Year 8', 'Year 9'],
    // Cambridge Lower Secondary (Checkpoint codes where they exist).
    subjects: [
      s('English', '1111', 5, LANG),
      s('Mathematics', '1112', 5, MATHS),
      s('Science', '1113', 5, SCI),
      s('Global Perspectives', '1116', 2, HUM),
      s('Kiswahili', 'KIS', 3, LANG),
      s('Computing', 'CMP', 2, TECH),
      elective('French', 'FRE', 3, LANG),
      elective('Art & Design', 'ART', 2, TECH),
      elective('Physical Education', 'PE', 2, TECH),
      elective('Music', 'MUS', 2, TECH),
    ],
  },
  {
    curriculum: 'IGCSE',
    band: 'IGCSE',
    levels: ['Year 10', 'Year 11'],
    // Cambridge IGCSE syllabus codes (domain/curriculum.md).
    subjects: [
      s('First Language English', '0500', 5, LANG, { alternativeGroup: 'english' }),
      s('English as a Second Language', '0510', 5, LANG, { isCore: false, alternativeGroup: 'english' }),
      elective('Literature in English', '0475', 3, LANG),
      s('Mathematics', '0580', 5, MATHS),
      s('Biology', '0610', 4, SCI),
      s('Chemistry', '0620', 4, SCI),
      s('Physics', '0625', 4, SCI),
      elective('Computer Science', '0478', 3, TECH),
      elective('Information and Communication Technology', '0417', 3, TECH),
      elective('Business Studies', '0450', 3, HUM),
      elective('Economics', '0455', 3, HUM),
      elective('Geography', '0460', 3, HUM),
      elective('History', '0470', 3, HUM),
      elective('Art & Design', '0400', 3, TECH),
      elective('French', '0520', 3, LANG),
      elective('Swahili', '0262', 3, LANG),
      elective('Global Perspectives', '0457', 2, HUM),
    ],
  },
  {
    curriculum: '8-4-4',
    band: 'Secondary',
    levels: ['Form 1', 'Form 2', 'Form 3', 'Form 4'],
    // KNEC KCSE subject codes. English, Kiswahili and Mathematics are compulsory; a candidate also sits
    // at least two sciences and one humanity.
    subjects: [
      s('English', '101', 6, LANG),
      s('Kiswahili', '102', 6, LANG),
      s('Mathematics', '121', 7, MATHS),
      elective('Biology', '231', 5, SCI),
      elective('Physics', '232', 5, SCI),
      elective('Chemistry', '233', 5, SCI),
      elective('History & Government', '311', 4, HUM),
      elective('Geography', '312', 4, HUM),
      elective('Christian Religious Education', '313', 4, HUM),
      elective('Islamic Religious Education', '314', 4, HUM),
      elective('Hindu Religious Education', '315', 4, HUM),
      elective('Home Science', '441', 4, TECH),
      elective('Art & Design', '442', 4, TECH),
      elective('Agriculture', '443', 4, SCI),
      elective('Computer Studies', '451', 4, TECH),
      elective('French', '501', 4, LANG),
      elective('German', '502', 4, LANG),
      elective('Arabic', '503', 4, LANG),
      elective('Kenyan Sign Language', '504', 4, LANG),
      elective('Music', '511', 4, TECH),
      elective('Business Studies', '565', 4, HUM),
    ],
  },
];

/** Grade levels of each curriculum with their band and order, lowest first. */
export const CATALOGUE_LEVELS: readonly CatalogueLevel[] = [
  { curriculum: 'CBC', name: 'PP1', levelOrder: -1, band: 'Pre-Primary', isFinal: false },
  { curriculum: 'CBC', name: 'PP2', levelOrder: 0, band: 'Pre-Primary', isFinal: false },
  ...[1, 2, 3].map((n) => ({ curriculum: 'CBC' as const, name: `Grade ${n}`, levelOrder: n, band: 'Lower Primary', isFinal: false })),
  ...[4, 5, 6].map((n) => ({ curriculum: 'CBC' as const, name: `Grade ${n}`, levelOrder: n, band: 'Upper Primary', isFinal: false })),
  ...[7, 8, 9].map((n) => ({ curriculum: 'CBC' as const, name: `Grade ${n}`, levelOrder: n, band: 'Junior School', isFinal: n === 9 })),
  ...[10, 11, 12].map((n) => ({ curriculum: 'CBC' as const, name: `Grade ${n}`, levelOrder: n, band: 'Senior School', isFinal: n === 12 })),
  ...[7, 8, 9].map((n) => ({ curriculum: 'IGCSE' as const, name: `Year ${n}`, levelOrder: n, band: 'Lower Secondary', isFinal: false })),
  ...[10, 11].map((n) => ({ curriculum: 'IGCSE' as const, name: `Year ${n}`, levelOrder: n, band: 'IGCSE', isFinal: n === 11 })),
  ...[1, 2, 3, 4].map((n) => ({ curriculum: '8-4-4' as const, name: `Form ${n}`, levelOrder: 20 + n, band: 'Secondary', isFinal: n === 4 })),
];

/** The bands of a curriculum (or of every curriculum), in teaching order. */
export function catalogueBands(curriculum?: CatalogueCurriculum): CatalogueBand[] {
  return CURRICULUM_CATALOGUE.filter((b) => !curriculum || b.curriculum === curriculum);
}

/** The catalogue band of this name (and curriculum, when two share a name), or undefined. */
export function catalogueBand(band: string, curriculum?: string | null): CatalogueBand | undefined {
  return CURRICULUM_CATALOGUE.find((b) => b.band === band && (!curriculum || b.curriculum === curriculum)) ?? CURRICULUM_CATALOGUE.find((b) => b.band === band);
}

/** The catalogue's learning areas of a band (empty for a band the catalogue does not know). */
export function catalogueSubjects(band: string, curriculum?: string | null): CatalogueSubject[] {
  return catalogueBand(band, curriculum)?.subjects ?? [];
}

/** The catalogue's level preset of this name, or undefined. */
export function catalogueLevel(name: string): CatalogueLevel | undefined {
  const key = name.trim().toLowerCase();
  return CATALOGUE_LEVELS.find((l) => l.name.toLowerCase() === key);
}

/**
 * A band's weekly lessons as the catalogue counts them: core areas, one per alternative group.
 * (Lower Primary 31, Upper Primary 35, Junior School 41 in the rationalised timetable.)
 */
export function weeklyLessonsOf(subjects: readonly CatalogueSubject[]): number {
  const groups = new Set<string>();
  let total = 0;
  for (const x of subjects) {
    if (x.alternativeGroup) {
      if (groups.has(x.alternativeGroup)) continue;
      groups.add(x.alternativeGroup);
      total += x.lessonsPerWeek;
    } else if (x.isCore) {
      total += x.lessonsPerWeek;
    }
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// The Ministry calendar as a template for a new academic year.

/** A term as the year form edits it (dates YYYY-MM-DD, Africa/Nairobi calendar dates). */
export interface TermTemplate {
  number: number;
  name: string;
  startsOn: string;
  endsOn: string;
  halfTermStartsOn: string | null;
  halfTermEndsOn: string | null;
}

/**
 * The 2026 Ministry of Education calendar (domain/curriculum.md): Term I 5 Jan - 2 Apr (half-term 25 Feb
 * - 1 Mar), Term II 27 Apr - 31 Jul (half-term 24-28 Jun), Term III 24 Aug - 23 Oct (national
 * assessments from 26 Oct, no half-term).
 */
export const MINISTRY_CALENDAR_2026: readonly TermTemplate[] = [
  { number: 1, name: 'Term 1', startsOn: '2026-01-05', endsOn: '2026-04-02', halfTermStartsOn: '2026-02-25', halfTermEndsOn: '2026-03-01' },
  { number: 2, name: 'Term 2', startsOn: '2026-04-27', endsOn: '2026-07-31', halfTermStartsOn: '2026-06-24', halfTermEndsOn: '2026-06-28' },
  { number: 3, name: 'Term 3', startsOn: '2026-08-24', endsOn: '2026-10-23', halfTermStartsOn: null, halfTermEndsOn: null },
];

const DAY_MS = 86_400_000;

function shiftDate(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The Ministry calendar moved to `year` as a starting point for that year's terms: every date moves by
 * the same whole number of weeks (the one closest to the calendar-year difference), so terms keep their
 * lengths and start on the same weekday (Term 1 of 2027 starts Monday 4 January). The school edits
 * the dates before saving; nothing here is authoritative for years other than 2026.
 */
export function ministryTermTemplate(year: number): TermTemplate[] {
  const base = Date.UTC(2026, 0, 5);
  const target = Date.UTC(year, 0, 5);
  const weeks = Math.round((target - base) / DAY_MS / 7);
  return MINISTRY_CALENDAR_2026.map((t) => ({
    ...t,
    startsOn: shiftDate(t.startsOn, weeks * 7),
    endsOn: shiftDate(t.endsOn, weeks * 7),
    halfTermStartsOn: t.halfTermStartsOn && shiftDate(t.halfTermStartsOn, weeks * 7),
    halfTermEndsOn: t.halfTermEndsOn && shiftDate(t.halfTermEndsOn, weeks * 7),
  }));
}
