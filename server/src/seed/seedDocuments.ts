// Demo data of issue 17: every demo user but the tenants has approved the current terms of use (the
// tenants show the first-sign-in approval), and the first building has its bylaws and insurance policy.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { termsVersion } from '../../../src/lib/terms.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/fileStore.ts';
import { sha256Hex } from '../util/crypto.ts';

async function demoPdf(lines: readonly string[], when: Date): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // Fixed dates: the same demo bytes on every seed.
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 780 - i * 22, size: i === 0 ? 18 : 12, font }));
  return Buffer.from(await doc.save());
}

const demoDocuments = [
  {
    id: 'seed-doc-bylaws-101',
    kind: 'bylaws',
    title: 'תקנון הבית 2024',
    lines: ['House bylaws - Herzl 12', 'Quiet hours 14:00-16:00 and 23:00-07:00.', 'Bicycles are kept in the storage room only.'],
  },
  {
    id: 'seed-doc-insurance-101',
    kind: 'insurance',
    title: 'פוליסת ביטוח מבנה 2026',
    lines: ['Building insurance policy 2026', 'Structure and third-party liability.'],
  },
] as const;

export async function seedDocuments(tx: Db, files: FileStore, companyId: number, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  // Every company's users (a worker of two companies has an account in each), tenants excepted.
  const staff = await tx.all(tx.q.selectFrom('users').select(['id', 'role', 'companyId']));
  for (const u of staff) {
    if (u.role === 'owner' || u.role === 'renter') continue;
    await tx.run(tx.q.insertInto('terms_approvals').values({ userId: u.id, version: termsVersion, companyId: u.companyId, approvedAt: nowIso }));
  }
  const when = new Date('2024-01-01T08:00:00Z');
  for (const d of demoDocuments) {
    const data = await demoPdf(d.lines, when);
    const sha256 = sha256Hex(data);
    await files.put(companyId, sha256, data);
    const fileId = `${d.id}-file`;
    await tx.run(
      tx.q.insertInto('files').values({
        id: fileId,
        companyId,
        sha256,
        mimeType: 'application/pdf',
        size: data.length,
        parentType: 'documents',
        parentId: d.id,
        srcFileName: `${d.kind}.pdf`,
        createdBy: 'seed',
        createdAt: when.toISOString(),
      }),
    );
    await tx.run(
      tx.q.insertInto('documents').values({
        id: d.id,
        companyId,
        buildingId: 101,
        apartmentId: null,
        kind: d.kind,
        title: d.title,
        isPublic: true,
        fileId,
        mimeType: 'application/pdf',
        size: data.length,
        fileName: `${d.kind}.pdf`,
        createdBy: 'ניהול נכסים דמו',
        createdAt: when.toISOString(),
      }),
    );
  }
}
