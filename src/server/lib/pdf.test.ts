import { describe, expect, it } from 'vitest';
import {
  createDocument,
  displayPhone,
  drawLetterhead,
  drawTable,
  formatDay,
  formatGeneratedAt,
  initialsOf,
  inspectPdf,
  pdfImage,
  qrCodePng,
  renderPdf,
  type Letterhead,
  type TableColumn,
} from './pdf.js';
import { crestInitials, crestPng } from '../seed/logo.js';

/**
 * The shared PDF helpers (ARCHITECTURE.md "Documents"). PDFs are checked with `inspectPdf` (page
 * objects and the text of pdfkit's content streams, inflated when compressed), so the tests need no
 * external tool such as poppler's pdftotext.
 */

const school: Letterhead = {
  name: 'Greenhill Academy',
  motto: 'Nurturing Every Learner',
  address: 'Ngong Road, P.O. Box 24510-00502, Nairobi',
  county: 'Nairobi',
  phone: '254722410330',
  email: 'info@greenhill.edufam.test',
  logo: null,
};

interface Learner {
  adm: string;
  name: string;
}
const columns: TableColumn<Learner>[] = [
  { header: '#', width: 1, align: 'right', value: (_r, i) => i + 1 },
  { header: 'Admission No.', width: 3, value: (r) => r.adm },
  { header: 'Name', width: 6, value: (r) => r.name },
];

describe('PDF helpers', () => {
  it('formats the generation time in Africa/Nairobi and dates as people read them', () => {
    expect(formatGeneratedAt(new Date('2026-11-23T11:05:00Z'))).toBe('23/11/2026 14:05 EAT');
    expect(formatGeneratedAt(new Date('2026-11-23T22:30:00Z'))).toBe('24/11/2026 01:30 EAT');
    expect(formatDay('2014-03-12')).toBe('12/03/2014');
    expect(formatDay(null)).toBe('');
    expect(displayPhone('254722410330')).toBe('0722 410 330');
    expect(displayPhone('+1 555 0100')).toBe('+1 555 0100');
    expect(initialsOf("Wanjiru Njeri Ng'ang'a")).toBe('WN');
    expect(initialsOf('Zoë')).toBe('Z');
  });

  it('makes QR codes as PNG and accepts only images pdfkit can draw', async () => {
    const png = await qrCodePng('https://edufam.test/dashboard/student-information?student=1');
    expect(png.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(pdfImage(png)).toBe(png);
    expect(pdfImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).not.toBeNull();
    expect(pdfImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(pdfImage(null)).toBeNull();
  });

  it('writes a letterhead, a long table with its header on every page, and "Page n of m" footers', async () => {
    const rows: Learner[] = Array.from({ length: 120 }, (_, i) => ({
      adm: `GHA/2026/${String(i + 1).padStart(4, '0')}`,
      name: i === 7 ? "Zoë Chelangat-Kiprono Ng'ang'a" : `Learner ${i + 1}`,
    }));
    for (const compress of [false, true]) {
      const logo = await qrCodePng('logo');
      const doc = createDocument({ title: 'Class list: Grade 7 East', compress });
      const y = drawLetterhead(doc, { ...school, logo }, { title: 'Class list', lines: ['Grade 7 East · 2026', 'Class teacher: Grace Achieng Owino'] });
      expect(y).toBeGreaterThan(100);
      let continuations = 0;
      drawTable(doc, columns, rows, {
        y,
        onNewPage: (d) => {
          continuations++;
          return drawLetterhead(d, school, { compact: true, title: 'Class list' });
        },
      });
      const pdf = await renderPdf(doc, { generatedAt: new Date('2026-11-23T11:05:00Z'), footerNote: 'Greenhill Academy' });
      const { pages, text, isPdf } = inspectPdf(pdf);
      expect(isPdf).toBe(true);
      expect(pages).toBe(continuations + 1);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(text).toContain('Greenhill Academy');
      expect(text).toContain('Nurturing Every Learner');
      expect(text).toContain('Tel: 0722 410 330');
      expect(text).toContain('Email: info@greenhill.edufam.test');
      expect(text).toContain('Class teacher: Grace Achieng Owino');
      expect(text).toContain("Zoë Chelangat-Kiprono Ng'ang'a");
      expect(text).toContain('GHA/2026/0120');
      // The header row repeats on every page.
      expect(text.split('\n').filter((l) => l === 'Admission No.')).toHaveLength(pages);
      for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
      expect(text).toContain('Generated 23/11/2026 14:05 EAT');
    }
  });

  it('shows the empty text for a table without rows, and can leave the footer off', async () => {
    const doc = createDocument({ title: 'Empty' });
    drawTable(doc, columns, [], { emptyText: 'No learners in this class.' });
    const { pages, text } = inspectPdf(await renderPdf(doc, { noFooter: true }));
    expect(pages).toBe(1);
    expect(text).toContain('No learners in this class.');
    expect(text).not.toContain('Page 1 of 1');
  });

  it('draws the school’s crest in the letterhead (report cards, receipts, statements, invoices); without a logo the letterhead is text only', async () => {
    expect([crestInitials('Greenhill Academy'), crestInitials('Riverside International School'), crestInitials('School of St. Zoë'), crestInitials('123')]).toEqual(['GA', 'RI', 'SS', 'S']);
    const crest = crestPng('Greenhill Academy');
    expect(pdfImage(crest)).toBe(crest);
    const withLogo = createDocument({ title: 'Learner Report Card' });
    drawLetterhead(withLogo, { ...school, logo: crest }, { title: 'Learner Report Card' });
    const drawn = inspectPdf(await renderPdf(withLogo));
    // The crest and its transparency mask.
    expect(drawn.images).toBe(2);
    expect(drawn.text).toContain('Greenhill Academy');
    const textOnly = createDocument({ title: 'Learner Report Card' });
    drawLetterhead(textOnly, school, { title: 'Learner Report Card' });
    expect(inspectPdf(await renderPdf(textOnly)).images).toBe(0);
  });
});
