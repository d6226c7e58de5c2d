/**
 * Demo curricula: grade levels, streams and learning areas (domain/curriculum.md, rationalised list
 * of January 2024; Cambridge IGCSE syllabus codes).
 */
export interface LevelDef {
  gradeLevel: string;
  levelOrder: number;
  band: string;
}
export interface SubjectDef {
  name: string;
  code: string;
  lessonsPerWeek: number;
  isCore?: boolean;
}

export const CBC_LEVELS: LevelDef[] = [
  { gradeLevel: 'PP1', levelOrder: -1, band: 'Pre-Primary' },
  { gradeLevel: 'PP2', levelOrder: 0, band: 'Pre-Primary' },
  ...[1, 2, 3].map((n) => ({ gradeLevel: `Grade ${n}`, levelOrder: n, band: 'Lower Primary' })),
  ...[4, 5, 6].map((n) => ({ gradeLevel: `Grade ${n}`, levelOrder: n, band: 'Upper Primary' })),
  ...[7, 8, 9].map((n) => ({ gradeLevel: `Grade ${n}`, levelOrder: n, band: 'Junior School' })),
];

export const CBC_SUBJECTS: Record<string, SubjectDef[]> = {
  'Pre-Primary': [
    { name: 'Language Activities', code: 'LA', lessonsPerWeek: 5 },
    { name: 'Mathematical Activities', code: 'MA', lessonsPerWeek: 5 },
    { name: 'Environmental Activities', code: 'EA', lessonsPerWeek: 5 },
    { name: 'Psychomotor and Creative Activities', code: 'PCA', lessonsPerWeek: 7 },
    { name: 'Religious Education Activities', code: 'REA', lessonsPerWeek: 3 },
  ],
  'Lower Primary': [
    { name: 'English', code: 'ENG', lessonsPerWeek: 5 },
    { name: 'Kiswahili', code: 'KIS', lessonsPerWeek: 4 },
    { name: 'Mathematics', code: 'MAT', lessonsPerWeek: 5 },
    { name: 'Indigenous Language', code: 'IND', lessonsPerWeek: 2 },
    { name: 'Religious Education', code: 'RE', lessonsPerWeek: 3 },
    { name: 'Environmental Activities', code: 'ENV', lessonsPerWeek: 4 },
    { name: 'Creative Activities', code: 'CA', lessonsPerWeek: 8 },
  ],
  'Upper Primary': [
    { name: 'English', code: 'ENG', lessonsPerWeek: 5 },
    { name: 'Kiswahili', code: 'KIS', lessonsPerWeek: 4 },
    { name: 'Mathematics', code: 'MAT', lessonsPerWeek: 5 },
    { name: 'Religious Education', code: 'RE', lessonsPerWeek: 3 },
    { name: 'Science & Technology', code: 'SCT', lessonsPerWeek: 4 },
    { name: 'Agriculture & Nutrition', code: 'AGN', lessonsPerWeek: 4 },
    { name: 'Social Studies', code: 'SST', lessonsPerWeek: 3 },
    { name: 'Creative Arts', code: 'CRA', lessonsPerWeek: 6 },
    { name: 'Pastoral Programme of Instruction', code: 'PPI', lessonsPerWeek: 1 },
  ],
  'Junior School': [
    { name: 'English', code: '901', lessonsPerWeek: 5 },
    { name: 'Kiswahili', code: '902', lessonsPerWeek: 4 },
    { name: 'Mathematics', code: '903', lessonsPerWeek: 5 },
    { name: 'Integrated Science', code: '905', lessonsPerWeek: 5 },
    { name: 'Agriculture & Nutrition', code: '906', lessonsPerWeek: 4 },
    { name: 'Social Studies', code: '907', lessonsPerWeek: 4 },
    { name: 'Christian Religious Education', code: '908', lessonsPerWeek: 4 },
    { name: 'Creative Arts & Sports', code: '910', lessonsPerWeek: 5 },
    { name: 'Pre-Technical Studies', code: '911', lessonsPerWeek: 4 },
    { name: 'Pastoral Programme of Instruction', code: 'PPI', lessonsPerWeek: 1 },
  ],
};

export const IGCSE_LEVELS: LevelDef[] = [
  ...[7, 8, 9].map((n) => ({ gradeLevel: `Year ${n}`, levelOrder: n, band: 'Lower Secondary' })),
  ...[10, 11].map((n) => ({ gradeLevel: `Year ${n}`, levelOrder: n, band: 'IGCSE' })),
];

export const IGCSE_SUBJECTS: Record<string, SubjectDef[]> = {
  'Lower Secondary': [
    { name: 'English', code: '1111', lessonsPerWeek: 5 },
    { name: 'Mathematics', code: '1112', lessonsPerWeek: 5 },
    { name: 'Science', code: '1113', lessonsPerWeek: 5 },
    { name: 'Global Perspectives', code: '1116', lessonsPerWeek: 2 },
    { name: 'Kiswahili', code: 'KIS', lessonsPerWeek: 3 },
    { name: 'French', code: 'FRE', lessonsPerWeek: 3, isCore: false },
    { name: 'Computing', code: 'CMP', lessonsPerWeek: 2 },
    { name: 'Art & Design', code: 'ART', lessonsPerWeek: 2, isCore: false },
  ],
  IGCSE: [
    { name: 'First Language English', code: '0500', lessonsPerWeek: 5 },
    { name: 'Mathematics', code: '0580', lessonsPerWeek: 5 },
    { name: 'Biology', code: '0610', lessonsPerWeek: 4 },
    { name: 'Chemistry', code: '0620', lessonsPerWeek: 4 },
    { name: 'Physics', code: '0625', lessonsPerWeek: 4 },
    { name: 'Computer Science', code: '0478', lessonsPerWeek: 3, isCore: false },
    { name: 'Business Studies', code: '0450', lessonsPerWeek: 3, isCore: false },
    { name: 'Geography', code: '0460', lessonsPerWeek: 3, isCore: false },
    { name: 'History', code: '0470', lessonsPerWeek: 3, isCore: false },
    { name: 'Swahili', code: '0262', lessonsPerWeek: 3, isCore: false },
    { name: 'French', code: '0520', lessonsPerWeek: 3, isCore: false },
  ],
};


/** Departments of the demo schools and the learning areas (by name fragment) each looks after. */
export const DEPARTMENTS: Record<'CBC' | 'IGCSE', { name: string; areas: string[] }[]> = {
  CBC: [
    { name: 'Languages', areas: ['English', 'Kiswahili', 'Indigenous Language', 'Language Activities'] },
    { name: 'Mathematics', areas: ['Mathematics', 'Mathematical Activities'] },
    { name: 'Sciences', areas: ['Integrated Science', 'Science & Technology', 'Agriculture & Nutrition', 'Environmental Activities'] },
    { name: 'Humanities', areas: ['Social Studies', 'Religious Education', 'Christian Religious Education', 'Pastoral Programme of Instruction'] },
    { name: 'Creative Arts & Technical', areas: ['Creative Arts', 'Creative Activities', 'Pre-Technical Studies', 'Psychomotor and Creative Activities'] },
  ],
  IGCSE: [
    { name: 'English & Languages', areas: ['English', 'Kiswahili', 'Swahili', 'French'] },
    { name: 'Mathematics', areas: ['Mathematics'] },
    { name: 'Sciences', areas: ['Science', 'Biology', 'Chemistry', 'Physics'] },
    { name: 'Humanities & Business', areas: ['Global Perspectives', 'Geography', 'History', 'Business Studies'] },
    { name: 'Computing & Arts', areas: ['Computing', 'Computer Science', 'Art & Design'] },
  ],
};
