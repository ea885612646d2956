// How big and how many (spec 5: "maximum number of files {0}", "file size must be under {1}"): one
// place for the server's refusals, its upload body limit and the pickers' checks before queueing.

export const uploadLimits = {
  /** Bytes of one decoded file (the photo the device compressed, before base64). */
  maxFileBytes: 4 * 1024 * 1024,
  /** Files in one upload request, and photos picked for one record. */
  maxFiles: 5,
} as const;

/** Length of the base64 text of `bytes` bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** The upload route's body limit: its files as base64 plus room for the other parameters. */
export const uploadBodyLimit = uploadLimits.maxFiles * base64Length(uploadLimits.maxFileBytes) + 64 * 1024;

/** "4 MB", "512 KB": the size as the refusal shows it (`{{size}}` of errors:fileTooLarge). */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export type UploadRefusal = { messageKey: 'fileTooLarge'; params: { size: string } } | { messageKey: 'maxFilesExceeded'; params: { count: number } };

export function tooLarge(bytes: number): UploadRefusal | null {
  return bytes > uploadLimits.maxFileBytes ? { messageKey: 'fileTooLarge', params: { size: formatFileSize(uploadLimits.maxFileBytes) } } : null;
}

export function tooMany(count: number): UploadRefusal | null {
  return count > uploadLimits.maxFiles ? { messageKey: 'maxFilesExceeded', params: { count: uploadLimits.maxFiles } } : null;
}

// Documents of a unit or building (contracts, protocols, insurance, bylaws): one file per upload, PDF
// or an image, up to `maxDocumentBytes`.
export const documentLimits = {
  maxDocumentBytes: 10 * 1024 * 1024,
  mimeTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
} as const;

export type DocumentMimeType = (typeof documentLimits.mimeTypes)[number];

export function isDocumentMimeType(value: string): value is DocumentMimeType {
  return (documentLimits.mimeTypes as readonly string[]).includes(value);
}

/** The document route's body limit: one file as base64 and its details. */
export const documentBodyLimit = base64Length(documentLimits.maxDocumentBytes) + 64 * 1024;

export function documentTooLarge(bytes: number): UploadRefusal | null {
  return bytes > documentLimits.maxDocumentBytes ? { messageKey: 'fileTooLarge', params: { size: formatFileSize(documentLimits.maxDocumentBytes) } } : null;
}

// A signed form travels as the picture of its page (drawn on the device, with the signature), from
// which the server makes the PDF once.
export const signedFormLimits = { maxPageBytes: 2 * 1024 * 1024 } as const;

export const signedFormBodyLimit = base64Length(signedFormLimits.maxPageBytes) + 64 * 1024;
