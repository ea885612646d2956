// Documents of the current building: the list the server lets the user see is kept on the device
// (meta `documents.list:<bid>`), and every document opened once keeps its bytes there too
// (`documents.file:<id>`), so it stays readable offline. Uploading and e-mailing need the network:
// they are one request each, with an Idempotency-Key so a retried request applies once.
import { base64OfFile } from '../../ui/base64OfFile';
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { getMeta, metaKeys, putMeta, storedParts } from '../../db/metaKeys';
import type { StoredDocumentFile, StoredDocuments } from '../../db/metaKeys';
import { newId } from '../../db/mutate';
import { documentList, documentRecipientsAnswer } from '../../lib/answers';
import type { DocumentRecipients, DocumentRecord } from '../../lib/answers';
import { RuleError, refuse } from '../../lib/validation/rules';
import { validateDocument, validateSendTo } from '../../lib/validation/documentRules';
import { withPageClient } from '../../session/api';

export type { DocumentRecipients, DocumentRecord };

export type StoredList = StoredDocuments;
export type StoredFile = StoredDocumentFile;

export async function pullDocuments(api: ApiClient, buildingId: number): Promise<DocumentRecord[]> {
  const { records } = answerOf(documentList, await api.request('GET', `buildings/${buildingId}/documents`));
  const value: StoredList = { buildingId, records, pulledAt: new Date().toISOString() };
  await putMeta(metaKeys.documentsList(buildingId), value);
  return records;
}

/** The building's documents as last pulled (null: never pulled on this device). */
export async function storedDocuments(buildingId: number): Promise<StoredList | null> {
  return (await getMeta(metaKeys.documentsList(buildingId))) ?? null;
}

/** Ids of the documents whose bytes are on this device. */
export async function storedFileIds(): Promise<Set<string>> {
  return new Set(await storedParts(metaKeys.documentFile));
}

/** The document's bytes: from the device when it has them, else downloaded once and kept. */
export async function documentFile(api: ApiClient, doc: Pick<DocumentRecord, 'id' | 'mimeType'>): Promise<StoredFile> {
  const kept = await getMeta(metaKeys.documentFile(doc.id));
  if (kept) return kept;
  const response = await api.raw('GET', `documents/${doc.id}/file`, undefined, { timeoutMs: 60_000 });
  if (!response.ok) throw new Error(`document ${doc.id}: HTTP ${response.status}`);
  const blob = await response.blob();
  const file: StoredFile = { id: doc.id, blob, mimeType: response.headers.get('Content-Type') ?? doc.mimeType, storedAt: new Date().toISOString() };
  await putMeta(metaKeys.documentFile(doc.id), file);
  return file;
}

export type DocumentDraft = { buildingId: number; apartmentId: string | null; kind: string; title: string; isPublic: boolean; file: File | null };

/** Checks the draft with the server's rule, then uploads it; the new document joins the stored list. */
export async function uploadDocument(api: ApiClient, draft: DocumentDraft): Promise<string> {
  const file = draft.file;
  if (!file) throw new RuleError({ field: 'file', messageKey: 'requiredField' });
  refuse(validateDocument({ title: draft.title, kind: draft.kind, mimeType: file.type, size: file.size }));
  const id = newId();
  await api.request(
    'POST',
    'documents',
    {
      id,
      buildingId: draft.buildingId,
      apartmentId: draft.apartmentId,
      kind: draft.kind,
      title: draft.title.trim(),
      isPublic: draft.isPublic,
      fileName: file.name,
      mimeType: file.type,
      base64: await base64OfFile(file),
    },
    { headers: { 'Idempotency-Key': id }, timeoutMs: 120_000 },
  );
  await pullDocuments(api, draft.buildingId);
  return id;
}

/** E-mails the document to `to` (spec 5: an address is required). */
export async function sendDocument(api: ApiClient, documentId: string, to: string): Promise<void> {
  refuse(validateSendTo(to));
  const id = newId();
  await api.request('POST', `documents/${documentId}/send`, { id, to: to.trim() }, { headers: { 'Idempotency-Key': id }, timeoutMs: 60_000 });
}

/** The addresses the user may send a document to: any (staff), or only their household's (tenants). */
export async function documentRecipients(api: ApiClient): Promise<DocumentRecipients> {
  return answerOf(documentRecipientsAnswer, await api.request('GET', 'documents/recipients'));
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const documentCalls = {
  documentFile: withPageClient(documentFile),
  uploadDocument: withPageClient(uploadDocument),
  sendDocument: withPageClient(sendDocument),
  documentRecipients: withPageClient(documentRecipients),
};
