import type { CertificateListItem } from '../../../shared/contracts/assessment.js';
import { certificatePdfMessages } from '../../../shared/messages/pdf-documents.js';
import { A4, PDF_COLORS, createDocument, displayPhone, formatGeneratedAt, pdfImage, drawQrCode, renderPdf, type Letterhead } from '../../lib/pdf.js';

/**
 * Certificates as PDF (issue 12 §6): one landscape A4 page per certificate with a double border, the
 * school's letterhead, the learner, class and academic year, the performance block (spec §3: average
 * score to one decimal, grade letter, attendance percentage), the issuer, and a QR code that opens
 * /verify-certificate/{id}?sig=… (the Ed25519 signature) with the id printed beneath it.
 */

const cm = certificatePdfMessages;

/** Each kind's title, in the current language (messages/pdf-documents.ts). */
export const CERTIFICATE_TITLES: Record<string, string> = cm.titles;

const BODY: Record<string, (c: CertificateListItem) => string> = {
  leaving: (c) => cm.body.leaving(c.class.name, c.academic_year),
  completion: (c) => cm.body.completion(c.class.level, c.academic_year),
  merit: (c) => cm.body.merit(c.class.name, c.academic_year),
  report_card: (c) => cm.body.reportCard(c.term ?? c.academic_year),
};

/** Draws `items` (all of one school unless platform staff print a mix) into one PDF; `schools` gives each school's letterhead. */
export async function drawCertificates(items: CertificateListItem[], schools: Map<string, Letterhead>): Promise<Buffer> {
  const doc = createDocument({ title: items.length === 1 ? `${CERTIFICATE_TITLES[items[0]!.kind]} ${items[0]!.student.admission_number}` : cm.certificates, layout: 'landscape', margin: 0 });
  const W = A4.height;
  const H = A4.width;
  for (const [i, c] of items.entries()) {
    if (i > 0) doc.addPage();
    doc.page.margins.bottom = 0;
    const school = schools.get(c.schoolId);
    // Double border.
    doc.rect(18, 18, W - 36, H - 36).lineWidth(3).strokeColor(PDF_COLORS.brand).stroke();
    doc.rect(26, 26, W - 52, H - 52).lineWidth(0.8).strokeColor('#99c9c4').stroke();
    let y = 56;
    const logo = pdfImage(school?.logo);
    if (logo) {
      try {
        doc.image(logo, W / 2 - 28, y, { fit: [56, 56], align: 'center', valign: 'center' });
        y += 62;
      } catch {
        // An image pdfkit cannot parse: the certificate goes on without it.
      }
    }
    doc.font('Helvetica-Bold').fontSize(20).fillColor(PDF_COLORS.brand).text(c.school.name, 60, y, { width: W - 120, align: 'center' });
    y = doc.y + 2;
    if (school?.motto) {
      doc.font('Helvetica-Oblique').fontSize(10).fillColor(PDF_COLORS.muted).text(`“${school.motto}”`, 60, y, { width: W - 120, align: 'center' });
      y = doc.y;
    }
    const contacts = [c.school.address, c.school.phone ? displayPhone(c.school.phone) : null, c.school.email].filter(Boolean).join('   ·   ');
    if (contacts) {
      doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted).text(contacts, 60, y + 2, { width: W - 120, align: 'center' });
      y = doc.y;
    }
    y += 34;
    doc.font('Helvetica-Bold').fontSize(28).fillColor(PDF_COLORS.text).text(CERTIFICATE_TITLES[c.kind] ?? cm.certificate, 60, y, { width: W - 120, align: 'center', characterSpacing: 0.5 });
    y = doc.y + 22;
    doc.font('Helvetica').fontSize(11).fillColor(PDF_COLORS.muted).text(cm.certify, 60, y, { width: W - 120, align: 'center' });
    y = doc.y + 6;
    doc.font('Helvetica-Bold').fontSize(22).fillColor(PDF_COLORS.brand).text(c.student.name, 60, y, { width: W - 120, align: 'center' });
    y = doc.y + 2;
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text(cm.learnerLine(c.student.admission_number, c.class.name, c.class.level, c.class.stream), 60, y, { width: W - 120, align: 'center' });
    y = doc.y + 18;
    doc.font('Helvetica').fontSize(11.5).fillColor(PDF_COLORS.text).text((BODY[c.kind] ?? BODY.merit!)(c), 110, y, { width: W - 220, align: 'center', lineGap: 2 });
    y = doc.y + 6;
    if (c.note) {
      doc.font('Helvetica-Oblique').fontSize(10.5).fillColor(PDF_COLORS.text).text(c.note, 110, y, { width: W - 220, align: 'center' });
      y = doc.y + 6;
    }
    // Performance block: the figures side by side.
    y += 18;
    const figures: [string, string][] = [
      [cm.averageScore, `${c.performance.average_score.toFixed(1)} %`],
      [cm.grade, c.performance.grade_label ?? c.performance.grade_letter],
      ...(c.performance.attendance_percentage === null ? [] : ([[cm.attendance, `${c.performance.attendance_percentage} %`]] as [string, string][])),
      [cm.academicYear, c.academic_year],
    ];
    const boxW = 118;
    const gap = 14;
    const startX = W / 2 - (figures.length * boxW + (figures.length - 1) * gap) / 2;
    figures.forEach(([label, value], k) => {
      const x = startX + k * (boxW + gap);
      doc.roundedRect(x, y, boxW, 46, 6).fill('#e6f2f1');
      doc.font('Helvetica').fontSize(8).fillColor(PDF_COLORS.muted).text(label.toUpperCase(), x, y + 8, { width: boxW, align: 'center', characterSpacing: 0.6 });
      doc.font('Helvetica-Bold').fontSize(15).fillColor(PDF_COLORS.brand).text(value, x, y + 21, { width: boxW, align: 'center', lineBreak: false });
    });
    // Signature and verification footer.
    const footY = H - 128;
    doc.moveTo(70, footY + 40).lineTo(290, footY + 40).lineWidth(0.8).strokeColor(PDF_COLORS.muted).stroke();
    doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF_COLORS.text).text(c.generated_by.name, 70, footY + 46, { width: 220 });
    doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted).text(`${c.generated_by.role}, ${c.school.name}`, 70, doc.y + 1, { width: 220 });
    doc.text(cm.issued(formatGeneratedAt(new Date(c.generated_at))), 70, doc.y + 1, { width: 220 });
    const qrSize = 84;
    drawQrCode(doc, c.verifyUrl, W - 70 - qrSize, footY, qrSize);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(PDF_COLORS.text).text(cm.scanToVerify, W - 70 - qrSize - 170, footY + 14, { width: 160, align: 'right' });
    doc.font('Helvetica').fontSize(7).fillColor(PDF_COLORS.muted).text(cm.certificateId(c.id), W - 70 - qrSize - 250, doc.y + 2, { width: 240, align: 'right' });
    doc.text(cm.signedBy, W - 70 - qrSize - 250, doc.y + 2, { width: 240, align: 'right' });
    if (c.revoked_at) {
      doc.save();
      doc.rotate(-18, { origin: [W / 2, H / 2] });
      doc.font('Helvetica-Bold').fontSize(72).fillColor(PDF_COLORS.danger).opacity(0.18).text(cm.revoked, 0, H / 2 - 40, { width: W, align: 'center', lineBreak: false });
      doc.restore();
      doc.opacity(1);
    }
  }
  return renderPdf(doc, { noFooter: true });
}
