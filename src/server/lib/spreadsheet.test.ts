import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { escapeCell, toCsv, toXlsx, type ExportColumn } from './spreadsheet.js';

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
});
