import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { escapeCell, exportDateText, toCsv, toXlsx, type ExportColumn } from './spreadsheet.js';

interface Row {
  name: string;
  note: string | null;
  n: number;
}
const columns: ExportColumn<Row>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'note', value: (r) => r.note },
  { header: 'n', value: (r) => r.n },
];
const rows: Row[] = [
  { name: "Zoë Ng'ang'a", note: '=HYPERLINK("http://evil")', n: 3 },
  { name: 'Chelangat-Kiprono', note: '+254712345678', n: -1 },
  { name: '@risk', note: '-2+3', n: 0 },
  { name: 'Plain, with comma', note: null, n: 1 },
];

describe('spreadsheet exports (issue 10 §2 Export)', () => {
  it('escapes cells that start with = + - @ (and tab or CR), and leaves others and numbers alone', () => {
    expect(escapeCell('=1+1')).toBe("'=1+1");
    expect(escapeCell('+254700000000')).toBe("'+254700000000");
    expect(escapeCell('-5')).toBe("'-5");
    expect(escapeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCell('\tcmd')).toBe("'\tcmd");
    expect(escapeCell('Grade 7 East')).toBe('Grade 7 East');
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(null)).toBe('');
  });

  it('CSV: BOM, header, CRLF, quoted commas, escaped formulas, accents kept', () => {
    const csv = toCsv(columns, rows);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = csv.toString('utf8').slice(1);
    expect(text).toContain('\r\n');
    const parsed = parse(text) as string[][];
    expect(parsed[0]).toEqual(['name', 'note', 'n']);
    expect(parsed[1]).toEqual(["Zoë Ng'ang'a", `'=HYPERLINK("http://evil")`, '3']);
    expect(parsed[2]![1]).toBe("'+254712345678");
    expect(parsed[3]![0]).toBe("'@risk");
    expect(parsed[4]).toEqual(['Plain, with comma', '', '1']);
  });

  it('XLSX: the same cells as text, numbers as numbers', async () => {
    const buf = await toXlsx('Learners', columns, rows);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Learners')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'name', 'note', 'n']);
    expect(ws.getCell('B2').value).toBe(`'=HYPERLINK("http://evil")`);
    expect(ws.getCell('A2').value).toBe("Zoë Ng'ang'a");
    expect(ws.getCell('C3').value).toBe(-1);
    expect(ws.getCell('B2').formula).toBeUndefined();
  });

  it('writes dates as screens do (issue 34): dd/mm/yyyy text in CSV, real Excel dates formatted dd/mm/yyyy', async () => {
    interface Paid {
      on: string;
      at: string;
      ref: string;
    }
    const cols: ExportColumn<Paid>[] = [
      { header: 'Paid on', value: (r) => r.on },
      { header: 'Recorded', value: (r) => r.at },
      { header: 'Reference', value: (r) => r.ref },
    ];
    const paid: Paid[] = [{ on: '2026-11-28', at: '2026-11-28T11:05:00.000Z', ref: 'QWE123' }];
    expect(exportDateText('2026-04-02')).toBe('02/04/2026');
    expect(exportDateText('2026-11-27T22:30:00Z')).toBe('28/11/2026 01:30');
    expect(exportDateText('GHA/2026/0001')).toBe('GHA/2026/0001');
    const parsed = parse(toCsv(cols, paid).toString('utf8').slice(1)) as string[][];
    expect(parsed[1]).toEqual(['28/11/2026', '28/11/2026 14:05', 'QWE123']);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await toXlsx('Payments', cols, paid)) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Payments')!;
    expect(ws.getCell('A2').value).toEqual(new Date('2026-11-28T00:00:00Z'));
    expect(ws.getCell('A2').numFmt).toBe('dd/mm/yyyy');
    // The Nairobi wall-clock time (14:05), as Excel has no time zones.
    expect(ws.getCell('B2').value).toEqual(new Date('2026-11-28T14:05:00Z'));
    expect(ws.getCell('B2').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(ws.getCell('C2').value).toBe('QWE123');
  });
});
