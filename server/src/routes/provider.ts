// Style 2 calls of spec section 7 (parameter lists, APIResponseCode answers).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { createSession, findUser } from '../auth/sessions.ts';
import { passwordSignIn } from '../auth/signInMethod.ts';
import { userData } from '../auth/userData.ts';
import { appLogs } from '../data/appLogs.ts';
import { companies, publicSettingNames, settings } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { loadBuilding } from '../http/access.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf, params2Of, sessionCookie } from '../http/hooks.ts';
import { ok2, parseNested, str } from '../http/style2.ts';
import { DEVICE_ID_PATTERN, issueRenewal } from '../auth/renewal.ts';
import { verifyPassword } from '../util/crypto.ts';
import { compareVersions } from '../../../src/lib/appVersion.ts';

const wrongDetails = () => new ApiError(422, 'LOGIN_FAILED', 'identifyingDetailsIncorrect');

/** A password alone gives no session unless the server allows it (old clients; ALLOW_PASSWORD_LOGIN=1). */
const passwordLoginDisabled = () => new ApiError(403, 'PASSWORD_LOGIN_DISABLED', 'passwordLoginDisabled');

async function checkCredentials(ctx: AppContext, companyId: number, userName: string, password: string): Promise<UserRow> {
  const user = userName && Number.isInteger(companyId) ? await findUser(ctx, companyId, userName) : undefined;
  // An unknown user costs the same password check as a wrong password (verifyPassword's dummy hash).
  if (!verifyPassword(password, user?.passwordHash) || !user) throw wrongDetails();
  return user;
}

export function providerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const style2 = { style2: true, right: 'session.use' } as const;
  const publicStyle2 = { style2: true, public: true };
  const { db } = ctx;

  app.post('/api/dbActions/Login/Load', { config: publicStyle2 }, async (req) => {
    const compId = Number(str(params2Of(req), 'CompID'));
    const company = Number.isInteger(compId) ? await companies.byId(db, compId) : undefined;
    if (!company) throw wrongDetails();
    return ok2({ CompID: company.id, CompGUID: company.guid, CompName: company.name, AppVersion: ctx.appVersion });
  });

  app.post('/api/dbActions/Login/AuthByCompID/v2', { config: publicStyle2 }, async (req, reply) => {
    if (!ctx.allowPasswordLogin) throw passwordLoginDisabled();
    const p = params2Of(req);
    const compId = Number(str(p, 'CompID'));
    const userName = str(p, 'UserName');
    const attempt = await ctx.signIn.begin(req, 'account', { companyId: compId, userName });
    let user: UserRow;
    try {
      user = await checkCredentials(ctx, compId, userName, str(p, 'UserPswd'));
    } catch (error) {
      await attempt.failed();
      throw error;
    }
    await attempt.succeeded();
    req.log.info(`login ${user.userName}@${compId} app=${str(p, 'AppName') || 'binyan'} version=${str(p, 'AppVer') || '?'}`);
    // A client that names its device gets a renewal secret, so it need not keep the password; the
    // HttpOnly cookie is renewed too (images load by cookie, never by a token in the URL).
    const deviceId = str(p, 'DeviceId');
    const renewal = DEVICE_ID_PATTERN.test(deviceId) ? await issueRenewal(ctx, user, deviceId, passwordSignIn) : null;
    const { token, cookieId } = await createSession(ctx, user, { cookie: true, renewalChain: renewal?.chainId ?? null, signIn: passwordSignIn });
    reply.header('Set-Cookie', sessionCookie(req, cookieId));
    return ok2({ sessionToken: token, ...(renewal ? { renewalSecret: renewal.secret } : {}), ...(await userData(ctx, user)) });
  });

  app.post('/api/binyan/Login/GetCompGuidByBID', { config: { ...style2, right: 'buildings.read' } }, async (req) => {
    const building = await loadBuilding(db, req, str(params2Of(req), 'BID'));
    const company = await companies.byId(db, building.companyId);
    return ok2({ CompGUID: company?.guid ?? null, CompID: building.companyId, BID: building.id });
  });

  app.post('/api/utils/sessionToken/GetData', { config: style2 }, async (req) => {
    const { user } = authOf(req);
    return ok2(await userData(ctx, user));
  });

  app.post('/api/dbActions/callProc', { config: style2 }, async (req) => {
    const p = params2Of(req);
    const { user, companyId } = authOf(req);
    const procParams = parseNested(p.procParams);
    const procName = str(p, 'procName');
    if (procName === 'WorkerApp_GetWorkerData') {
      // The session names the worker: another user's name is refused (no password oracle), and the
      // password parameter of old clients is ignored.
      const userName = str(procParams, 'UserName').toLowerCase();
      if (userName !== '' && userName !== user.userName) throw fail.forbidden();
      const worker = user;
      const data = await userData(ctx, worker);
      return ok2({
        WorkerNumber: worker.workerNumber,
        WorkerGUID: worker.workerGuid,
        WorkerName: worker.fullName,
        OpenServiceCallsCnt: data.openServiceCallsCnt,
        allowReceptionistModule: worker.allowReceptionistModule,
        showChecksDeposit: worker.showChecksDeposit,
        PermSrvCall: worker.permSrvCall,
        PermClearing: worker.permClearing,
      });
    }
    if (procName === 'LogData') {
      const message = str(procParams, 'message') || str(procParams, 'Message') || str(p, 'message');
      await appLogs.insert(db, companyId, user.userName, message.slice(0, 4000), ctx.nowIso());
      return ok2({ logged: true });
    }
    throw fail.notFound();
  });

  app.post('/api/dbActions/dbFuncVal', { config: style2 }, async (req) => {
    const p = params2Of(req);
    if (str(p, 'funcName') !== 'GetGlobalAPI') throw fail.notFound();
    const funcParams = parseNested(p.funcParams);
    const varName = str(funcParams, 'varName') || str(p, 'varName');
    // Only the public names: any other (present or not) answers as unknown.
    return ok2({ varName, value: publicSettingNames.has(varName) ? await settings.get(db, varName) : null });
  });

  app.get('/api/utils/AppData', { config: publicStyle2 }, async (req) => {
    const p = params2Of(req);
    const minVersion = (await settings.get(db, 'tenant_app_min_db_var')) ?? ctx.appVersion;
    const appVer = str(p, 'AppVer') || '0';
    return ok2({ AppName: str(p, 'AppName'), AppVer: appVer, MinVersion: minVersion, UpdateRequired: compareVersions(appVer, minVersion) < 0 });
  });
}
