// Global settings, worker data, remote logging and the app-version check (spec sections 4 and 7).
import { APP_NAME, APP_VERSION } from '../../lib/appVersion';
import type { ApiClient, Style2Param } from '../client';
import { p } from '../style2';

// The procedure's (function's) own parameters travel as one parameter holding their list as JSON,
// since a parameter value is a scalar.
function procParams(procName: string, params: Style2Param[]): Style2Param[] {
  return [p.nvarchar('procName', procName), p.nvarchar('procParams', JSON.stringify(params))];
}

function funcParams(funcName: string, params: Style2Param[]): Style2Param[] {
  return [p.nvarchar('funcName', funcName), p.nvarchar('funcParams', JSON.stringify(params))];
}

export type GlobalInput = { varName: string; orgId: number; user: string };
export type GlobalAnswer = { varName: string; value: string | null };

export function getGlobal(client: ApiClient, input: GlobalInput) {
  return client.callStyle2<GlobalAnswer>(
    'dbActions/dbFuncVal',
    funcParams('GetGlobalAPI', [p.nvarchar('varName', input.varName), p.int('org_id', input.orgId), p.nvarchar('user', input.user)]),
  );
}

export type WorkerData = {
  WorkerNumber: number | null;
  WorkerGUID: string | null;
  WorkerName: string;
  OpenServiceCallsCnt: number;
  allowReceptionistModule: number;
  showChecksDeposit: number;
  PermSrvCall: number;
  PermClearing: number;
};

/** The signed-in worker's own data: the session says who; no password travels (none is kept). */
export function getWorkerData(client: ApiClient, input: { userName: string }) {
  return client.callStyle2<WorkerData>('dbActions/callProc', procParams('WorkerApp_GetWorkerData', [p.nvarchar('UserName', input.userName)]));
}

export type AppDataAnswer = { AppName: string; AppVer: string; MinVersion: string; UpdateRequired: boolean };

export function appData(client: ApiClient, input: { appName?: string; appVer?: string } = {}): Promise<AppDataAnswer> {
  return client.request<AppDataAnswer>('GET', 'utils/AppData', { AppName: input.appName ?? APP_NAME, AppVer: input.appVer ?? APP_VERSION }, { prefix: false });
}
