// The wait before a deposit (spec 4): the payment and its check photos must be on the server first.
// It follows their progress rather than a clock: it waits as long as something of the payment keeps
// arriving, and stops with a reason the user can act on when nothing has for a while or the phone is
// offline. (A photo on a weak signal can take a minute; a fixed wait cut such payments off.)
import type { GroupUploads } from './depositRepo';

/** Nothing of the payment arrived for this long (and nothing is on the wire): the uploads stalled. */
export const UPLOAD_STALL_MS = 45_000;
export const UPLOAD_POLL_MS = 300;

export type UploadWaitReason = 'stalled' | 'offline' | 'refused';

/** The wait ended without the payment on the server: why, and how far its photos got. */
export class UploadWaitError extends Error {
  override readonly name = 'UploadWaitError';
  constructor(
    readonly reason: UploadWaitReason,
    readonly uploads: GroupUploads,
  ) {
    super(`check payment uploads ${reason}: ${uploads.photosSent}/${uploads.photosTotal} photos sent, ${uploads.waiting} waiting`);
  }
}

export function isUploadWaitError(error: unknown, reason?: UploadWaitReason): error is UploadWaitError {
  return error instanceof UploadWaitError && (reason === undefined || error.reason === reason);
}

export type UploadWaitDeps = {
  uploads(): Promise<GroupUploads>;
  online(): boolean;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Asks the replay to send now. */
  sendNow(): void;
};

/** Resolves once nothing of the payment waits; rejects with an UploadWaitError otherwise. */
export async function waitForUploads(deps: UploadWaitDeps, stallMs = UPLOAD_STALL_MS): Promise<void> {
  deps.sendNow();
  let last = await deps.uploads();
  let progressAt = deps.now();
  for (;;) {
    if (last.refusedKey !== null) throw new UploadWaitError('refused', last);
    if (last.waiting === 0) return;
    if (!deps.online()) throw new UploadWaitError('offline', last);
    // A transfer on the wire when the time is up may still arrive: its request's own deadline ends it.
    if (deps.now() - progressAt >= stallMs && !last.sending) throw new UploadWaitError('stalled', last);
    await deps.sleep(UPLOAD_POLL_MS);
    const next = await deps.uploads();
    if (next.waiting < last.waiting || next.photosSent > last.photosSent) progressAt = deps.now();
    last = next;
  }
}
