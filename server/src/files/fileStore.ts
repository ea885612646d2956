// Where the bytes of uploaded files live (photos, check images): not in the database rows, so the
// database stays small and any engine holds the same rows. A file is addressed by its company and the
// SHA-256 of its stored bytes (the `files` row has both): identical bytes are kept once per company, and
// writing them again changes nothing. Nothing else reads files by path; another store (object storage)
// only has to implement this type.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export type FileStore = {
  /** Stores `data` as the company's file `sha256`; durable once the promise resolves. */
  put(companyId: number, sha256: string, data: Buffer): Promise<void>;
  /** The bytes, or null when the store has no such file. */
  get(companyId: number, sha256: string): Promise<Buffer | null>;
};

const SHA256 = /^[0-9a-f]{64}$/;

function checked(companyId: number, sha256: string): { companyId: number; sha256: string } {
  if (!Number.isSafeInteger(companyId) || companyId < 0 || !SHA256.test(sha256)) throw new Error('invalid file address');
  return { companyId, sha256 };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The local disk: `<root>/<companyId>/<sha256>`, one directory per company (several processes may share it). */
export function localFileStore(root: string): FileStore {
  const fileOf = (companyId: number, sha256: string) => {
    const a = checked(companyId, sha256);
    return path.join(root, String(a.companyId), a.sha256);
  };
  return {
    async put(companyId, sha256, data) {
      const file = fileOf(companyId, sha256);
      if (await exists(file)) return;
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true });
      // Written aside, flushed, then renamed: a reader never sees half a file, a crash leaves none.
      const temp = path.join(dir, `.${sha256}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
        const dirHandle = await open(dir, 'r');
        try {
          await dirHandle.sync();
        } finally {
          await dirHandle.close();
        }
      } finally {
        await rm(temp, { force: true });
      }
    },
    async get(companyId, sha256) {
      try {
        return await readFile(fileOf(companyId, sha256));
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
