// Maps the provider's user answer (OTP auth, AuthByCompID, sessionToken/GetData) onto the session.
import type { Session } from '../db/sessionVault';

type Answer = Record<string, unknown>;

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** Only the fields of spec section 3 are taken; anything else in the answer is ignored. */
export function sessionFieldsFromUser(user: Answer): Partial<Session> {
  const out: Partial<Session> = {};
  const n = (key: keyof Session, source: string = key) => {
    const value = num(user[source]);
    if (value !== null) (out as Record<string, unknown>)[key] = value;
  };
  const s = (key: keyof Session, source: string = key) => {
    if (source in user && user[source] !== null) (out as Record<string, unknown>)[key] = text(user[source]);
  };
  const b = (key: keyof Session, source: string = key) => {
    if (source in user && user[source] !== null) (out as Record<string, unknown>)[key] = flag(user[source]);
  };
  n('userID');
  n('compID');
  s('compGUID');
  n('contactID');
  n('bID');
  n('uID');
  n('dealerNumber');
  n('companiesCount');
  b('createHok');
  n('PermSrvCall');
  n('PermClearing');
  s('WorkerName');
  b('showRulesServiceCall');
  n('openServiceCallsCnt');
  n('allowReceptionistModule');
  b('isBuildingValidToChex');
  n('workerID');
  s('workerGUID');
  n('showChecksDeposit');
  s('role');
  return out;
}

/** WorkerApp_GetWorkerData answers with its own capitalisation. */
export function sessionFieldsFromWorker(worker: Answer): Partial<Session> {
  const mapped: Answer = {
    workerID: worker.WorkerNumber ?? worker.workerNumber,
    workerGUID: worker.WorkerGUID ?? worker.workerGUID,
    WorkerName: worker.WorkerName,
    openServiceCallsCnt: worker.OpenServiceCallsCnt ?? worker.openServiceCallsCnt,
    allowReceptionistModule: worker.allowReceptionistModule,
    showChecksDeposit: worker.showChecksDeposit,
    PermSrvCall: worker.PermSrvCall,
    PermClearing: worker.PermClearing,
  };
  return sessionFieldsFromUser(Object.fromEntries(Object.entries(mapped).filter(([, v]) => v !== undefined)));
}
