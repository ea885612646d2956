// The one upload pipeline: every file the server takes in (a record's photos and PDFs, base64 or
// resumable; a document; a drawn signature, kept as itself or inside a signed form's PDF) goes through
// the same four steps, and each route says only what it accepts and how it refuses:
//   1. receive: the bytes of a base64 payload (`received`) or of a finished resumable upload;
//   2. check: the size, then the type by content, never by the name or type the sender claims: a PDF by
//      its own check, anything else re-encoded as an image (files/images.ts), or refused (`checkUploads`);
//   3. store: the bytes go to the file store before any transaction (same bytes, same address: a retry or
//      a repeat writes nothing new) (`storeBytes`);
//   4. link: the file row and its link to the record, in the request's transaction (`linkFile`); bytes the
//      company already has are kept once and linked to this record too (http/fileAccess.ts).
import type { Db } from '../db/database.ts';
import { keepFile } from '../data/files.ts';
import type { FileView } from '../data/files.ts';
import { documentTooLarge, formatFileSize, signedFormLimits } from '../../../src/lib/uploadLimits.ts';
import { ApiError } from '../http/errors.ts';
import { sha256Hex } from '../util/crypto.ts';
import { decodeBase64 } from './fileNames.ts';
import type { FileStore } from './fileStore.ts';
import type { ImageFormat, Reencoded } from './images.ts';
import { reencodeImage } from './images.ts';
import { isWholePdf } from './pdf.ts';

/** What one route accepts, and how it refuses what it does not. */
export type UploadKind = {
  /** Image formats decoded (and re-encoded as JPEG); an empty list takes no image. */
  images: readonly ImageFormat[];
  /**
   * PDFs kept as sent: `marked` when the file carries a PDF's signature and end marker (a supplier's
   * invoice), `whole` when it parses as a whole document (a building's document); none when absent.
   */
  pdf?: 'marked' | 'whole';
  /** The refusal of a file of `size` bytes, or null when it is small enough. */
  tooLarge(size: number): ApiError | null;
  /** The refusal of a file that is none of the types accepted. */
  wrongType(): ApiError;
};

/** A building's document (routes/documents.ts): a whole PDF, or a photo of the paper. */
export const documentUpload: UploadKind = {
  images: ['jpeg', 'png', 'webp'],
  pdf: 'whole',
  tooLarge: (size) => {
    const big = documentTooLarge(size);
    return big ? new ApiError(413, 'FILE_TOO_LARGE', big.messageKey, { field: 'file', params: big.params }) : null;
  },
  wrongType: () => new ApiError(422, 'VALIDATION', 'onlyPdfOrImageAllowed', { field: 'file' }),
};

/** A signature drawn on the screen (a key's or a parcel's handover, a signed form), within the form page's limit. */
export const signatureUpload: UploadKind = {
  images: ['png', 'jpeg'],
  tooLarge: (size) =>
    size > signedFormLimits.maxPageBytes
      ? new ApiError(413, 'FILE_TOO_LARGE', 'fileTooLarge', { field: 'signature', params: { size: formatFileSize(signedFormLimits.maxPageBytes) } })
      : null,
  wrongType: () => new ApiError(422, 'VALIDATION', 'onlyImageAllowed', { field: 'signature' }),
};

/** The bytes kept of an upload and their type: a PDF as sent, or an image re-encoded (with its size in pixels). */
export type CheckedFile = { data: Buffer; mimeType: 'application/pdf' } | Reencoded;

/** Checked bytes in the file store, ready to link. */
export type StoredFile = { data: Buffer; mimeType: CheckedFile['mimeType']; companyId: number; sha256: string };

/** Step 1: the bytes of a base64 payload (a `data:` prefix and white space allowed). */
export const received = decodeBase64;

const PDF_SIGNATURE = '%PDF-';

/** A PDF by its signature and end marker (not by the name or type the sender claims). */
function isPdf(data: Buffer): boolean {
  return data.subarray(0, 5).toString('latin1') === PDF_SIGNATURE && data.subarray(-1024).toString('latin1').includes('%%EOF');
}

async function pdfPasses(data: Buffer, check: 'marked' | 'whole'): Promise<boolean> {
  return check === 'marked' ? isPdf(data) : isWholePdf(data);
}

/** Step 2: every file's size first (a large one costs no decoding), then each one's type by its content. */
export async function checkUploads(files: readonly Buffer[], kind: UploadKind): Promise<CheckedFile[]> {
  for (const data of files) {
    const refusal = kind.tooLarge(data.length);
    if (refusal) throw refusal;
  }
  const checked: CheckedFile[] = [];
  for (const data of files) {
    if (kind.pdf && data.subarray(0, 5).toString('latin1') === PDF_SIGNATURE && (await pdfPasses(data, kind.pdf))) {
      checked.push({ data, mimeType: 'application/pdf' });
      continue;
    }
    const image = kind.images.length > 0 ? await reencodeImage(data, kind.images) : null;
    if (!image) throw kind.wrongType();
    checked.push(image);
  }
  return checked;
}

/** Step 2 for one file. */
export async function checkUpload(data: Buffer, kind: UploadKind): Promise<CheckedFile> {
  const [checked] = await checkUploads([data], kind);
  if (!checked) throw kind.wrongType();
  return checked;
}

/** Step 2 for a picture that goes into a document of ours (a signature into its form's PDF): an image only. */
export async function checkImage(data: Buffer, kind: UploadKind): Promise<Reencoded> {
  const checked = await checkUpload(data, kind);
  if (checked.mimeType !== 'image/jpeg') throw kind.wrongType();
  return checked;
}

/** Step 3: the bytes into the company's file store, outside any transaction. */
export async function storeBytes(store: FileStore, companyId: number, file: CheckedFile): Promise<StoredFile> {
  const sha256 = sha256Hex(file.data);
  await store.put(companyId, sha256, file.data);
  return { data: file.data, mimeType: file.mimeType, companyId, sha256 };
}

export type FileLinkTo = {
  /** The file's id: chosen outside the transaction, which may run again (PostgreSQL) and must pick the same one. */
  id: string;
  parentType: string;
  parentId: string;
  srcFileName: string | null;
  by: { id: number; userName: string };
  at: string;
};

/** Step 4: the file's row and its link to the record, in the request's transaction. */
export function linkFile(tx: Db, file: StoredFile, to: FileLinkTo): Promise<{ view: FileView; deduplicated: boolean }> {
  return keepFile(
    tx,
    {
      id: to.id,
      companyId: file.companyId,
      sha256: file.sha256,
      mimeType: file.mimeType,
      size: file.data.length,
      parentType: to.parentType,
      parentId: to.parentId,
      srcFileName: to.srcFileName ? to.srcFileName.slice(0, 200) : null,
      createdBy: to.by.userName,
      createdAt: to.at,
    },
    to.by.id,
  );
}
