// The app's side of the check-payment machine: its actors over the repositories, the photo worker
// and the deposit calls (which need a connection, so they go straight to the API).
import { fromPromise } from 'xstate';
import { newId } from '../../db/mutate';
import { loadSession } from '../../db/sessionVault';
import type { Check } from '../../lib/domain/entities';
import { tooLarge } from '../../lib/uploadLimits';
import { imageFile } from '../../lib/validation/rules';
import type { CompressedPhoto } from '../../sync/write/photos';
import { compressPhoto } from '../../workers/photoCompressor';
import { api, callWithRelogin } from '../../session/api';
import { requestReplayNow } from '../../session/syncController';
import { refuse, RuleError } from '../../lib/validation/rules';
import { cancelPayments, groupsToFill, pullChecksToFill, startPayment, submitGroup } from './checkGroupsRepo';
import { groupUploads, markDepositConfirmed, pullAwaitingDeposit, sentGroup } from './depositRepo';
import { waitForUploads } from './uploadWait';
import { checkPaymentMachine } from './checkPaymentMachine';
import type {
  ConfirmDepositInput,
  DepositInput,
  NewPaymentInput,
  PayerData,
  PaymentGroup,
  SaveImageInput,
  SaveNewCheckInput,
  SubmitInput,
  UpdateCheckInput,
} from './checkPaymentModel';
import { addCheck, deleteCheck, setCheckImage, updateCheck } from './checksRepo';
import { openDebtsOf } from './checksQueries';
import { pullDebts } from './checksRepo';

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/** A refresh that fails (offline, timeout) leaves what the device has: the flow works offline. */
async function refresh(work: () => Promise<unknown>): Promise<void> {
  if (!online()) return;
  await work().catch(() => undefined);
}

async function loadPayer(contactGuid: string): Promise<PayerData> {
  await refresh(() => Promise.all([pullDebts(api, contactGuid), pullChecksToFill(api, contactGuid)]));
  const [debts, groups] = await Promise.all([openDebtsOf(contactGuid), groupsToFill(contactGuid)]);
  return { debts, groups };
}

async function loadFillList(contactGuid: string | null): Promise<PaymentGroup[]> {
  await refresh(() => pullChecksToFill(api, contactGuid));
  return groupsToFill(contactGuid);
}

/** Refused before it is queued: not an image, or still over the upload limit once compressed. */
async function compressCheck(file: Blob): Promise<CompressedPhoto> {
  refuse(imageFile({ type: file.type, name: file instanceof File ? file.name : '' }));
  const photo = await compressPhoto(file, 'check');
  const big = tooLarge(photo.blob.size);
  if (big) throw new RuleError({ field: 'photo', ...big });
  return photo;
}

function required<T>(value: T | null): T {
  if (value === null) throw new RuleError({ field: 'photo', messageKey: 'photoRequired' });
  return value;
}

/** Resolves once the payment and its check photos reached the server, for as long as they make progress. */
function waitForSync(groupGuid: string): Promise<void> {
  return waitForUploads({
    uploads: () => groupUploads(groupGuid),
    online,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    sendNow: requestReplayNow,
  });
}

/** A sent payment to confirm later: the list of those waiting is refreshed first when online. */
async function loadSentGroup(groupGuid: string): Promise<PaymentGroup | null> {
  await refresh(() => pullAwaitingDeposit(api));
  return sentGroup(groupGuid);
}

function depositCall(path: string, body: Record<string, unknown>): Promise<unknown> {
  const key = newId();
  return callWithRelogin(() => api.request('POST', `check/deposit/${path}`, body, { headers: { 'Idempotency-Key': key } }));
}

export const appCheckPaymentMachine = checkPaymentMachine.provide({
  actors: {
    loadPayer: fromPromise(({ input }: { input: { contactGuid: string } }) => loadPayer(input.contactGuid)),
    loadFillList: fromPromise(({ input }: { input: { contactGuid: string | null } }) => loadFillList(input.contactGuid)),
    startPayment: fromPromise<PaymentGroup, NewPaymentInput>(({ input }) =>
      startPayment({ contactGuid: input.payer.contactGuid, buildingId: input.payer.buildingId, debts: input.debts }),
    ),
    cancelPayments: fromPromise(({ input }: { input: { groupGuids: string[] } }) => cancelPayments(input.groupGuids)),
    compressPhoto: fromPromise(({ input }: { input: { file: Blob } }) => compressCheck(input.file)),
    saveNewCheck: fromPromise(async ({ input }: { input: SaveNewCheckInput }) => {
      await addCheck({ check: required(input.check), front: required(input.front) });
    }),
    saveCheckImage: fromPromise<Check, SaveImageInput>(({ input }) => setCheckImage(input.checkGuid, input.side, required(input.photo))),
    updateCheck: fromPromise<Check, UpdateCheckInput>(({ input }) => updateCheck(input.checkGuid, input.details)),
    deleteCheck: fromPromise(({ input }: { input: { checkGuid: string } }) => deleteCheck(input.checkGuid)),
    submitGroup: fromPromise(async ({ input }: { input: SubmitInput }) => {
      const session = await loadSession();
      await submitGroup(input.groupGuid, { sendAnyway: input.sendAnyway, workerGuid: session.workerGUID });
    }),
    waitForSync: fromPromise(({ input }: { input: DepositInput }) => waitForSync(input.groupGuid)),
    loadSentGroup: fromPromise<PaymentGroup | null, DepositInput>(({ input }) => loadSentGroup(input.groupGuid)),
    startDeposit: fromPromise(async ({ input }: { input: DepositInput }) => {
      await depositCall('start', { ChecksHeaderGuid: input.groupGuid });
    }),
    confirmDeposit: fromPromise(async ({ input }: { input: ConfirmDepositInput }) => {
      await depositCall('confirm', { ChecksHeaderGuid: input.groupGuid, code: input.code });
      await markDepositConfirmed(input.groupGuid);
    }),
  },
});
