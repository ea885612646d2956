import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { startOtp, resendOtp, verifyOtp } from '../auth/otp.ts';
import { createSession, deleteSession } from '../auth/sessions.ts';
import { userData } from '../auth/userData.ts';
import { enforce } from '../http/errors.ts';
import { authOf, sessionCookie } from '../http/hooks.ts';
import { parse } from '../http/validate.ts';
import { positiveInteger, required } from '../../../src/lib/validation/rules.ts';

const startSchema = z.object({
  idParam1: z.string(),
  idParam2: z.string(),
  compID: z.union([z.number(), z.string()]),
  appId: z.union([z.number(), z.string()]).optional(),
  appGuid: z.string().optional(),
  otpPreferredSendMethod: z.enum(['sms', 'email', 'call']).default('sms'),
});

const sendSchema = z.object({ otpGuid: z.string().min(1) });
const authSchema = z.object({ otpGuid: z.string().min(1), otpCode: z.union([z.string(), z.number()]), saveSessionTokenInHttpCookie: z.boolean().optional() });

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { public: true };

  app.post('/api/auth/otp/start', { config }, async (req) => {
    const body = parse(startSchema, req.body);
    enforce(required('idParam1', body.idParam1) ?? required('idParam2', body.idParam2) ?? positiveInteger(body.compID, 'compID'));
    return startOtp(ctx, {
      userName: body.idParam1,
      password: body.idParam2,
      companyId: Number(body.compID),
      method: body.otpPreferredSendMethod,
    });
  });

  app.post('/api/auth/otp/send', { config }, async (req) => resendOtp(ctx, parse(sendSchema, req.body).otpGuid));

  app.post('/api/auth/otp/auth', { config }, async (req, reply) => {
    const body = parse(authSchema, req.body);
    const user = verifyOtp(ctx, body.otpGuid, String(body.otpCode).trim());
    const { token, cookieId } = createSession(ctx, user, { cookie: body.saveSessionTokenInHttpCookie === true });
    if (cookieId) reply.header('Set-Cookie', sessionCookie(req, cookieId));
    return { sessionToken: token, user: userData(ctx, user) };
  });

  app.post('/api/auth/logout', { config: { right: 'session.use' } }, async (req, reply) => {
    deleteSession(ctx, authOf(req).tokenHash);
    reply.header('Set-Cookie', sessionCookie(req, null));
    return { ok: true };
  });
}
