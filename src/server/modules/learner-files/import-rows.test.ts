import { describe, expect, it } from 'vitest';
import { exportUrl, guessMapping, IMPORT_COLUMNS, unmappedRequired } from '../../../shared/contracts/learner-files.js';
import { relationshipText } from '../../../shared/contracts/learners.js';
import { cellText, detectDelimiter, matchHeader, splitFullName, tableToRows } from './import-file.js';
import { checkRow, classKey, parseDate, parseRelationship, relationshipLabelOf, type ClassRef } from './import-rows.js';
import { localPhone } from './learner-files.service.js';

/** The import's pure rules (issue 10 §2 Import): reading cells, dates, the header, one row. */

describe('reading cells', () => {
  it('detects the delimiter of the header line, ignoring quoted text', () => {
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('a;b;c\r\n1,2')).toBe(';');
    expect(detectDelimiter('"x;y;z",b,c\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
  });

  it('gives phones back their 0, dates as YYYY-MM-DD (real dates and serials), text trimmed', () => {
    expect(cellText(712345678, 'guardian_phone')).toBe('0712345678');
    expect(cellText(110000000, 'guardian_phone')).toBe('0110000000');
    expect(cellText(254712345678, 'guardian_phone')).toBe('254712345678');
    expect(cellText(new Date(Date.UTC(2014, 2, 11, 23, 59, 59, 999)), 'date_of_birth')).toBe('2014-03-12');
    expect(cellText(41500, 'date_of_birth')).toBe('2013-08-14');
    expect(cellText(990123, 'admission_number')).toBe('990123');
    expect(cellText('  Zoë\u00a0', 'first_name')).toBe('Zoë');
    expect(cellText(null, 'upi')).toBe('');
  });

  it('matches the header trimmed and case-insensitively; names what is missing, unknown or repeated', () => {
    expect(matchHeader([...IMPORT_COLUMNS.map((c) => ` ${c.toUpperCase()} `), 'status', 'admission_date', ''])).toMatchObject({ admission_number: 0, guardian_email: 13 });
    expect(() => matchHeader([...IMPORT_COLUMNS.filter((c) => c !== 'upi'), 'UPI No', 'gender'])).toThrow(
      'Missing columns: upi. Unknown columns: UPI No. Duplicate columns: gender.',
    );
  });

  it('numbers rows as the sheet does and skips blank rows', () => {
    const blank = IMPORT_COLUMNS.map(() => '');
    const row = IMPORT_COLUMNS.map((c) => (c === 'first_name' ? 'A' : ''));
    const file = tableToRows([[], [...IMPORT_COLUMNS], row, blank, row]);
    expect(file.rows.map((r) => r.row)).toEqual([3, 5]);
  });
});

describe('parseDate', () => {
  it('reads ISO and day-first dates and refuses impossible ones', () => {
    expect(parseDate('2014-03-12')).toBe('2014-03-12');
    expect(parseDate('2014/3/2')).toBe('2014-03-02');
    expect(parseDate('12/03/2014')).toBe('2014-03-12');
    expect(parseDate('2-3-2014')).toBe('2014-03-02');
    expect(parseDate('2014-03-12T00:00:00Z')).toBe('2014-03-12');
    expect(parseDate('2014-02-30')).toBeNull();
    expect(parseDate('31/02/2014')).toBeNull();
    expect(parseDate('March 2014')).toBeNull();
  });
});

describe('checkRow', () => {
  const cls: ClassRef = { id: '00000000-0000-4000-8000-000000000001', name: 'Grade 7 East', academicYearId: 'y', yearStartsOn: '2026-01-05', capacity: 45 };
  const classes = new Map([[classKey(cls.name), cls]]);
  const base = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])) as Record<(typeof IMPORT_COLUMNS)[number], string>;
  const row = (over: Partial<typeof base>) => ({ row: 2, values: { ...base, first_name: "Ng'ang'a", last_name: 'Chelangat-Kiprono', gender: 'female', class: ' grade  7 EAST ', guardian_name: 'Ruth', guardian_phone: '0722 555 101', ...over } });

  it('normalises a good row: gender, class by name, blank boarding and relationship, phone', () => {
    const r = checkRow(row({}), classes, '2026-11-23');
    expect(r).toMatchObject({ ok: true, value: { firstName: "Ng'ang'a", gender: 'female', classRef: cls, boarding: 'day', guardianRelationship: 'guardian', guardianPhone: '254722555101', admissionNumber: null } });
  });

  it('reports every problem of the row with its column', () => {
    const r = checkRow(row({ first_name: '', gender: 'x', date_of_birth: '1990-01-01', class: 'Grade 7 South', boarding: 'weekly', guardian_relationship: 'neighbourly', guardian_phone: '0800 123', guardian_email: 'a@', admission_number: 'GHA#1' }), classes, '2026-11-23');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.column)).toEqual([
      'first_name',
      'admission_number',
      'gender',
      'date_of_birth',
      'class',
      'boarding',
      'guardian_relationship',
      'guardian_phone',
      'guardian_email',
    ]);
  });
});

describe('parseRelationship (issue 34)', () => {
  it('maps the words schools write, in any case and with or without the hyphen, to the vocabulary', () => {
    expect(['Grandmother', 'GRANDFATHER', 'grandparent'].map(parseRelationship)).toEqual(['grandparent', 'grandparent', 'grandparent']);
    expect(['AUNT', 'Uncle', 'step-father', 'Step-Mother', 'stepmother', 'Step Father', ' relative '].map(parseRelationship)).toEqual(Array(7).fill('relative'));
    expect(['Brother', 'sister', 'Sibling'].map(parseRelationship)).toEqual(['sibling', 'sibling', 'sibling']);
    expect(['Sponsor', 'GUARDIAN', 'Mother', 'father', 'Other', ''].map(parseRelationship)).toEqual(['sponsor', 'guardian', 'mother', 'father', 'other', 'guardian']);
  });

  it('refuses a word it does not know, naming the accepted words', () => {
    expect(parseRelationship('neighbourly')).toBeNull();
    expect(parseRelationship('constructor')).toBeNull();
    expect(parseRelationship('step')).toBeNull();
  });
});

describe('relationship words kept as typed (issue 34)', () => {
  it('keeps a school’s word, not the vocabulary’s own word, and shows the word else the label', () => {
    expect(['Grandmother', '  Step-father ', 'AUNT', 'Mother', 'SPONSOR', 'guardian', ''].map(relationshipLabelOf)).toEqual(['Grandmother', 'Step-father', 'AUNT', null, null, null, null]);
    expect(relationshipText('grandparent', 'Grandmother')).toBe('Grandmother');
    expect(relationshipText('grandparent', null)).toBe('Grandparent');
    expect(relationshipText('sponsor')).toBe('Sponsor');
  });
});

describe('column mapping (issue 34)', () => {
  it('guesses our columns from a school’s headers, by name and usual synonyms', () => {
    expect(guessMapping(['Adm No', 'Surname', 'Other Names', 'Gender', 'D.O.B', 'Class', 'Parent Phone', "Parent's Name", 'E-mail'])).toEqual({
      admission_number: 'Adm No',
      first_name: 'Other Names',
      last_name: 'Surname',
      gender: 'Gender',
      date_of_birth: 'D.O.B',
      class: 'Class',
      guardian_name: "Parent's Name",
      guardian_phone: 'Parent Phone',
      guardian_email: 'E-mail',
    });
    // The template's own names (any case) map to themselves; a full-name column only when no name part is there.
    expect(guessMapping(IMPORT_COLUMNS.map((c) => c.toUpperCase()))).toEqual(Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, c.toUpperCase()])));
    expect(guessMapping(['Name', 'Sex'])).toEqual({ full_name: 'Name', gender: 'Sex' });
    // The school's last mapping wins where its header is in the file.
    expect(guessMapping(['Mobile Number', 'Phone'], { guardian_phone: 'mobile number' })).toEqual({ guardian_phone: 'Mobile Number' });
  });

  it('names the required columns still to choose; a full name stands for first and last', () => {
    expect(unmappedRequired({ full_name: 'Name', gender: 'Sex', class: 'Class', guardian_name: 'Parent' })).toEqual(['guardian_phone']);
    expect(unmappedRequired({})).toEqual(['first_name', 'last_name', 'gender', 'class', 'guardian_name', 'guardian_phone']);
  });

  it('splits a full name into first, middle and last, and reads a file through the mapping', () => {
    expect(splitFullName('  Wanjiru  Njeri Wambui Kamau ')).toEqual({ first: 'Wanjiru', middle: 'Njeri Wambui', last: 'Kamau' });
    expect(splitFullName('Otieno')).toEqual({ first: 'Otieno', middle: '', last: '' });
    const file = tableToRows(
      [
        ['Name', 'Sex', 'Stream', 'Parent', 'Phone', 'Ignored'],
        ['Achieng Odhiambo', 'F', 'Grade 7 East', 'Rose', 712345678, 'x'],
      ],
      { full_name: 'name', gender: 'Sex', class: 'Stream', guardian_name: 'Parent', guardian_phone: 'Phone' },
    );
    expect(file.rows[0]!.values).toMatchObject({ first_name: 'Achieng', middle_name: '', last_name: 'Odhiambo', admission_number: '', guardian_phone: '0712345678', upi: '' });
  });
});

describe('export URL and phones', () => {
  it('carries only the filters that are set', () => {
    expect(exportUrl('xlsx', { search: ' Kamau ', classId: '', status: 'active', gender: null })).toBe('/api/students/export?format=xlsx&search=Kamau&status=active');
  });
  it('writes phones as people dial them', () => {
    expect(localPhone('254712345678')).toBe('0712345678');
    expect(localPhone(null)).toBeNull();
  });
});
