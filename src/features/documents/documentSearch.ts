import type { DocumentRecord } from './documentsRepo';

/** Every word of the query appears in the title, file name, author or one of the shown labels. */
export function matchesDocument(doc: DocumentRecord, query: string, labels: readonly string[]): boolean {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [doc.title, doc.fileName ?? '', doc.createdBy, ...labels].join(' ').toLocaleLowerCase();
  return words.every((w) => text.includes(w));
}
