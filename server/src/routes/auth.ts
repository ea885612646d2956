import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { accountRecipient, checkCode, isWrongCode, otpAccount, resendOtp, signInAccount, startOtp } from '../auth/otp.ts';
import { completeRegistration, invalidLink, linkOf, registrationRecipient, startRegistration } from '../auth/tenantRegistration.ts';
import { phoneRecipient, startPhoneSignIn, verifyPhoneSignIn } from '../auth/tenantPhone.ts';
import { chainOfSecret, DEVICE_ID_PATTERN, issueRenewal, noteRenewalSession, renewWithSecret, revokeChain } from '../auth/renewal.ts';
import { authenticate, createSession, deleteSession, renewalChainOf } from '../auth/sessions.ts';
import type { SignIn } from '../auth/signInMethod.ts';
import { signInOfChallenge } from '../auth/signInMethod.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { userData } from '../auth/userData.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { clientAddressKey } from '../limits/clientAddress.ts';
import { authOf, cookieIdOf, headerTokenOf, sessionCookie } from '../http/hooks.ts';
import { parse } from '../http/validate.ts';
import { digitsOnly, phone as phoneRule, positiveInteger, required } from '../../../src/lib/validation/rules.ts';

const startSchema = z.object({
  idParam1: z.string(),
  idParam2: z.string(),
  compID: z.union([z.number(), z.string()]),
  appId: z.union([z.number(), z.string()]).optional(),
  appGuid: z.string().optional(),
  otpPreferredSendMethod: z.enum(['sms', 'email', 'call']).default('sms'),
});

const deviceId = z.string().regex(DEVICE_ID_PATTERN);
const sendSchema = z.object({ otpGuid: z.string().min(1) });
// A registration and a phone sign-in prove the phone: their code goes to it, by SMS or call.
const phoneMethod = z.enum(['sms', 'call']).default('sms');
const registerSchema = z.object({ code: z.string().min(1).max(100), phone: z.string().max(30), otpPreferredSendMethod: phoneMethod });
const phoneStartSchema = z.object({ phone: z.string().max(30), otpPreferredSendMethod: phoneMethod });
const authSchema = z.object({
  otpGuid: z.string().min(1),
  otpCode: z.union([z.string(), z.number()]),
  saveSessionTokenInHttpCookie: z.boolean().optional(),
  /** With a device id the answer carries a renewal secret bound to it (renewal.ts). */
  deviceId: deviceId.optional(),
});
const phoneAuthSchema = authSchema.extend({ accountId: z.number().int().positive().optional() });
const renewSchema = z.object({ renewalSecret: z.string().min(1).max(200), deviceId, saveSessionTokenInHttpCookie: z.boolean().optional() });
const logoutSchema = z.object({ renewalSecret: z.string().max(200).optional() });

/** Who a re-sent code goes to, by what its challenge proves. */
const recipients = { account: accountRecipient, phone: phoneRecipient, register: registrationRecipient };

/** A refusal of the details (not a limit's 429): counted as a failed sign-in. */
const isRefusedDetails = (error: unknown) => error instanceof ApiError && error.status === 422;

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { public: true };

  /** A verified code's session (and renewal secret when the device sent its id). */
  async function signedIn(
    req: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    signIn: SignIn,
    body: { deviceId?: string | undefined; saveSessionTokenInHttpCookie?: boolean | undefined },
  ) {
    const renewal = body.deviceId ? await issueRenewal(ctx, user, body.deviceId, signIn) : null;
    const { token, cookieId } = await createSession(ctx, user, {
      cookie: body.saveSessionTokenInHttpCookie === true,
      renewalChain: renewal?.chainId ?? null,
      signIn,
    });
    if (cookieId) reply.header('Set-Cookie', sessionCookie(req, cookieId));
    return { sessionToken: token, ...(renewal ? { renewalSecret: renewal.secret } : {}), user: await userData(ctx, user) };
  }

  app.post('/api/auth/otp/start', { config }, async (req) => {
    const body = parse(startSchema, req.body);
    enforce(required('idParam1', body.idParam1) ?? required('idParam2', body.idParam2) ?? positiveInteger(body.compID, 'compID'));
    const companyId = Number(body.compID);
    const attempt = await ctx.signIn.begin(req, 'account', { companyId, userName: body.idParam1 });
    const answer = await startOtp(ctx, clientAddressKey(req.ip), {
      userName: body.idParam1,
      password: body.idParam2,
      companyId,
      method: body.otpPreferredSendMethod,
    });
    if (!answer.codeSent) await attempt.failed();
    return answer;
  });

  // A tenant's registration link (auth/tenantRegistration.ts): phone → the sign-in's one-time code.
  app.post('/api/auth/register/start', { config }, async (req) => {
    const body = parse(registerSchema, req.body);
    enforce(required('phone', body.phone));
    const link = await linkOf(ctx, body.code);
    if (!link) throw invalidLink();
    const attempt = await ctx.signIn.begin(req, 'account', { companyId: link.companyId, userName: body.phone.replace(/\D/g, '') });
    try {
      return await startRegistration(ctx, clientAddressKey(req.ip), link, body.phone, body.otpPreferredSendMethod);
    } catch (error) {
      if (isRefusedDetails(error)) await attempt.failed();
      throw error;
    }
  });

  // A tenant signs in again by phone (auth/tenantPhone.ts). The answer is the same whether or not the
  // phone has an account, so nothing here counts as a failure: the sends are limited per phone and address.
  app.post('/api/auth/phone/start', { config }, async (req) => {
    const body = parse(phoneStartSchema, req.body);
    enforce(phoneRule(body.phone));
    await ctx.signIn.begin(req, 'account', { companyId: 0, userName: `phone:${digitsOnly(body.phone)}` });
    return startPhoneSignIn(ctx, clientAddressKey(req.ip), body.phone, body.otpPreferredSendMethod);
  });

  app.post('/api/auth/phone/auth', { config }, async (req, reply) => {
    const body = parse(phoneAuthSchema, req.body);
    const attempt = await ctx.signIn.begin(req, 'account', await otpAccount(ctx, body.otpGuid));
    let outcome: Awaited<ReturnType<typeof verifyPhoneSignIn>>;
    try {
      outcome = await verifyPhoneSignIn(ctx, body.otpGuid, String(body.otpCode).trim(), body.accountId);
    } catch (error) {
      if (isWrongCode(error)) await attempt.failed();
      throw error;
    }
    if ('choose' in outcome) return { chooseAccount: outcome.choose };
    await attempt.succeeded();
    return signedIn(req, reply, outcome.user, outcome.signIn, body);
  });

  app.post('/api/auth/otp/send', { config }, async (req) => resendOtp(ctx, clientAddressKey(req.ip), parse(sendSchema, req.body).otpGuid, recipients));

  app.post('/api/auth/otp/auth', { config }, async (req, reply) => {
    const body = parse(authSchema, req.body);
    const attempt = await ctx.signIn.begin(req, 'account', await otpAccount(ctx, body.otpGuid));
    let user: UserRow;
    let signIn: SignIn;
    try {
      // A registration's code creates the tenant's user only now that the phone proved itself.
      const challenge = await checkCode(ctx, body.otpGuid, String(body.otpCode).trim(), ['account', 'register']);
      user = challenge.purpose === 'register' ? await completeRegistration(ctx, challenge) : await signInAccount(ctx, challenge);
      signIn = signInOfChallenge(challenge);
    } catch (error) {
      if (isWrongCode(error)) await attempt.failed();
      throw error;
    }
    await attempt.succeeded();
    return signedIn(req, reply, user, signIn, body);
  });

  // Silent re-login (spec section 4): the renewal secret and its device id → a new session and the
  // next secret; the presented one stops working.
  app.post('/api/auth/session/renew', { config }, async (req, reply) => {
    const body = parse(renewSchema, req.body);
    const renewed = await renewWithSecret(ctx, body.renewalSecret, body.deviceId);
    const { token, cookieId } = await createSession(ctx, renewed.user, {
      cookie: body.saveSessionTokenInHttpCookie === true,
      renewalChain: renewed.chainId,
      trackFirstUse: true,
      signIn: renewed.signIn,
    });
    await noteRenewalSession(ctx, renewed.spent, token);
    if (cookieId) reply.header('Set-Cookie', sessionCookie(req, cookieId));
    return { sessionToken: token, renewalSecret: renewed.secret, user: await userData(ctx, renewed.user) };
  });

  // Public so that a device whose session already expired can still revoke its renewal secret.
  // The companies the signed-in person also has an account in (spec: a user of several companies
  // chooses the company). Switching is a sign-in to that company's account, never a token swap.
  app.get('/api/auth/companies', { config: { right: 'session.use' } }, async (req) => {
    const { user, companyId } = authOf(req);
    const records = await users.companiesOf(ctx.db, user);
    return { records: records.map((c) => ({ id: c.id, name: c.name, current: c.id === companyId })) };
  });

  app.post('/api/auth/logout', { config }, async (req, reply) => {
    const body = parse(logoutSchema, req.body ?? {});
    const token = headerTokenOf(req);
    const auth = await authenticate(ctx, token, token ? '' : cookieIdOf(req));
    const chains = new Set<string>();
    const sessionChain = auth ? await renewalChainOf(ctx, auth.tokenHash) : null;
    if (sessionChain) chains.add(sessionChain);
    const secretChain = body.renewalSecret ? await chainOfSecret(ctx, body.renewalSecret) : null;
    if (secretChain) chains.add(secretChain);
    if (!auth && chains.size === 0) throw fail.sessionExpired();
    for (const chain of chains) await revokeChain(ctx, chain);
    if (auth) await deleteSession(ctx, auth.tokenHash);
    reply.header('Set-Cookie', sessionCookie(req, null));
    return { ok: true };
  });
}
