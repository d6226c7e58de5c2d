import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, countRows, createTestApp, schoolIdOf, signIn, type TestApp } from '../../../../tests/helpers.js';
import { messages } from '../../../shared/messages.js';
import { files } from '../../db/schema/index.js';

/**
 * POST /api/attachments (issue 17 "Bad input": a 30 MB attachment, an executable attachment): what a
 * school user or EduFam staff may attach to an announcement, message or ticket, checked from the bytes.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function multipart(file: { name: string; type: string; body: Buffer }, fields: Record<string, string> = {}) {
  const boundary = '----edufam-attachments';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.body, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) };
}

describe('attachments upload', () => {
  let t: TestApp;
  let teacher: string;
  let admin: string;
  let greenhillId: string;

  beforeAll(async () => {
    t = await createTestApp();
    teacher = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    admin = await signIn(t.app, DEMO.admin, 'admin');
    greenhillId = await schoolIdOf(t.database, 'greenhill');
  }, 180_000);
  afterAll(() => t?.close());

  const upload = (cookie: string | null, file: { name: string; type: string; body: Buffer }, fields?: Record<string, string>) => {
    const m = multipart(file, fields);
    return t.app.inject({ method: 'POST', url: '/api/attachments', headers: { ...m.headers, ...(cookie ? { cookie } : {}) }, payload: m.payload });
  };

  it('a PDF and an image are stored with their checked type and the original name', async () => {
    const pdf = await upload(teacher, { name: 'Trip consent.pdf', type: 'application/pdf', body: PDF });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ name: 'Trip consent.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    // The browser's claim does not decide: a PNG sent as "application/octet-stream" is a PNG.
    const png = await upload(teacher, { name: 'photo', type: 'application/octet-stream', body: PNG });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().contentType).toBe('image/png');
  });

  it('a 30 MB file is refused with the size limit and nothing is stored', async () => {
    const before = await countRows(t.database, files);
    const big = Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024, 0x20)]);
    const res = await upload(teacher, { name: 'scan.pdf', type: 'application/pdf', body: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.files.tooLarge(10));
    expect(await countRows(t.database, files)).toBe(before);
  });

  it('an executable, or HTML dressed as an image, is refused with the accepted types named', async () => {
    const before = await countRows(t.database, files);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(512, 1)]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(512, 1)]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const f of [
      { name: 'report.exe', type: 'application/x-msdownload', body: exe },
      { name: 'report.pdf', type: 'application/pdf', body: elf },
      { name: 'cute.png', type: 'image/png', body: html },
    ]) {
      const res = await upload(teacher, f);
      expect(res.statusCode, f.name).toBe(415);
      expect(res.json().error.message).toBe(messages.files.wrongType(messages.files.kinds.attachment));
    }
    expect(await countRows(t.database, files)).toBe(before);
  });

  it('needs a signed-in user; EduFam staff name the school', async () => {
    expect((await upload(null, { name: 'a.pdf', type: 'application/pdf', body: PDF })).statusCode).toBe(401);
    expect((await upload(admin, { name: 'a.pdf', type: 'application/pdf', body: PDF })).statusCode).toBe(400);
    const ok = await upload(admin, { name: 'a.pdf', type: 'application/pdf', body: PDF }, { schoolId: greenhillId });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
