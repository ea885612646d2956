// The user's own profile (spec 1 "user profile", spec 6): details, buildings and apartments, requests to
// change details (decided by the management company) or to delete one's data (by the administrator),
// and the approval of the current terms of use.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageChannels } from '../../../src/lib/domain/messageRules.ts';
import type { MessageTopic } from '../../../src/lib/domain/notificationPrefs.ts';
import { messageTopics, notificationPrefsOf } from '../../../src/lib/domain/notificationPrefs.ts';
import { termsVersion } from '../../../src/lib/terms.ts';
import { profileRequestKinds, validateProfileChange, validateProfileNote } from '../../../src/lib/validation/profileRules.ts';
import type { ProfileDetails } from '../../../src/lib/validation/profileRules.ts';
import { disableAccount } from '../auth/disableAccount.ts';
import { forgetCachedSessions } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apartments, contacts } from '../data/buildings.ts';
import { notificationPrefs } from '../data/notificationPrefs.ts';
import { profileRequests, termsApprovals } from '../data/profiles.ts';
import type { ProfileRequest } from '../data/profiles.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { visibleBuildings } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import { defineCommand } from '../http/command.ts';
import { idParams, noParams, paramsOf } from '../http/params.ts';

const requestCreate = z.object({
  id: recordId,
  kind: z.enum(profileRequestKinds),
  changes: z.object({ fullName: z.string().max(200).optional(), phone: z.string().max(40).optional(), email: z.string().max(200).optional() }).default({}),
  note: z.string().max(2000).nullable().optional(),
});
const decision = z.object({ decision: z.enum(['approved', 'refused']) });
const approval = z.object({ version: z.string().max(40) });
/** 1 he, 2 en, 3 fr, 4 ru (server/src/translate/phrases.ts languageCodes). */
const languageChoice = z.object({ languageId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) });
const onOff = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);
// A topic added after devices were out ('desk', 'threads', issue 31) may be missing from an older device's save: it stays on.
const laterTopics: readonly MessageTopic[] = ['desk', 'threads'];
const topicsInput = z.object(Object.fromEntries(messageTopics.map((k) => [k, laterTopics.includes(k) ? z.boolean().optional() : z.boolean()])));
const preferences = z.object({ channels: onOff(messageChannels), topics: topicsInput });

const detailsOf = (u: UserRow): ProfileDetails => ({ fullName: u.fullName, phone: u.phone, email: u.email ?? '' });

/** Only the fields that differ from the current details, cleaned as stored. */
function changesOf(wanted: Partial<ProfileDetails>, current: ProfileDetails): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['fullName', 'phone', 'email'] as const) {
    const value = wanted[key]?.trim();
    if (value !== undefined && value !== current[key]) out[key] = key === 'phone' ? digitsOnly(value) : value;
  }
  return out;
}

async function unitsOf(db: Db, user: UserRow): Promise<{ id: string; buildingId: number; number: string }[]> {
  if (!user.contactId) return [];
  const contact = await contacts.find(db, user.contactId);
  if (!contact || contact.companyId !== user.companyId || !contact.entity.apartmentId) return [];
  const unit = await apartments.find(db, contact.entity.apartmentId);
  return unit ? [{ id: unit.entity.id, buildingId: unit.entity.buildingId, number: unit.entity.number }] : [];
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/profile', { config: { right: 'session.use' } }, async (req) => {
    const { user } = authOf(req);
    const buildings = await visibleBuildings(db, req);
    return {
      profile: {
        userName: user.userName,
        fullName: user.fullName,
        phone: user.phone,
        email: user.email,
        role: user.role,
        buildings: buildings.slice(0, 50).map((b) => ({ id: b.id, name: b.name })),
        buildingCount: buildings.length,
        apartments: await unitsOf(db, user),
      },
      requests: await profileRequests.ofUser(db, user.id),
      terms: { version: termsVersion, approved: await termsApprovals.has(db, user.id, termsVersion) },
      notifications: await notificationPrefs.ofUser(db, user.id),
    };
  });

  /** The management company's inbox of change requests. */
  app.get('/api/binyan/profile/change-requests', { config: { right: 'profile.decide' } }, async (req) => ({
    records: await profileRequests.ofCompany(db, authOf(req).companyId, 'change'),
  }));

  /** The administrator's inbox of data deletion requests. */
  app.get('/api/binyan/profile/deletion-requests', { config: { right: 'privacy.decide' } }, async (req) => ({
    records: await profileRequests.ofCompany(db, authOf(req).companyId, 'deletion'),
  }));

  const decide = (kind: 'change' | 'deletion') => async (req: FastifyRequest, reply: FastifyReply) => {
    const body = parse(decision, req.body ?? {});
    const id = paramsOf(idParams, req).id;
    const answer = await runMutation(ctx, req, reply, async (tx) => {
      const { user, companyId } = authOf(req);
      const request = await profileRequests.find(tx, id);
      if (!request || request.kind !== kind) throw fail.notFound();
      if (request.companyId !== companyId) throw fail.forbidden();
      if (request.state !== 'pending') throw fail.conflict(request);
      const now = ctx.nowIso();
      await profileRequests.decide(tx, id, body.decision, user.userName, now);
      if (body.decision === 'approved') {
        const subject = await users.byId(tx, request.userId);
        if (subject && kind === 'change') {
          const changes = {
            fullName: request.changes.fullName ?? subject.fullName,
            phone: request.changes.phone ?? subject.phone,
            email: request.changes.email ?? subject.email,
          };
          await users.setContactDetails(tx, subject.id, changes);
        }
        // Deletion keeps the account's row (its history points at it) with no personal details, and ends the account.
        if (subject && kind === 'deletion') await disableAccount(tx, subject.id, now);
      }
      return { record: { ...request, state: body.decision, decidedBy: user.userName, decidedAt: now } };
    });
    // This connection's own writes do not reach the session cache by themselves (auth/sessions.ts).
    forgetCachedSessions(ctx);
    return answer;
  };
  app.post('/api/binyan/profile/change-requests/:id/decision', { config: { right: 'profile.decide' } }, decide('change'));
  app.post('/api/binyan/profile/deletion-requests/:id/decision', { config: { right: 'privacy.decide' } }, decide('deletion'));
}

export const profileCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/terms/approval',
    right: 'session.use',
    params: noParams,
    body: approval,
    bodyOptional: true,
    check: ({ body }) => {
      // An approval of a text the user was not shown (an old version) is no approval of the current one.
      if (body.version !== termsVersion) throw new ApiError(422, 'TERMS_CHANGED', 'termsNotApproved', { field: 'version', extra: { version: termsVersion } });
    },
    change: async (tx, { ctx, req }) => {
      const { user, companyId } = authOf(req);
      if (!(await termsApprovals.has(tx, user.id, termsVersion)))
        await termsApprovals.insert(tx, { userId: user.id, version: termsVersion, companyId, approvedAt: ctx.nowIso() });
      return { record: null, extra: { terms: { version: termsVersion, approved: true } } };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/profile/requests',
    right: 'profile.request',
    params: noParams,
    body: requestCreate,
    bodyOptional: true,
    check: ({ body }) => {
      enforce(validateProfileNote(body.note));
    },
    change: async (tx, { ctx, req, body }) => {
      const { user, companyId } = authOf(req);
      const current = detailsOf(user);
      if (body.kind === 'change') enforce(validateProfileChange(body.changes, current));
      if (await profileRequests.find(tx, body.id)) throw fail.exists({ id: body.id });
      const request: ProfileRequest = {
        id: body.id,
        userId: user.id,
        userName: user.userName,
        kind: body.kind,
        changes: body.kind === 'change' ? changesOf(body.changes, current) : {},
        note: (body.note ?? '').trim(),
        state: 'pending',
        createdAt: ctx.nowIso(),
        decidedAt: null,
        decidedBy: null,
      };
      await profileRequests.insert(tx, request, companyId);
      // No record: the device keeps its own copy of the request (a local row of `meta`).
      return { status: 201, record: null, extra: { request } };
    },
  }),

  /** The user's notification preferences (the whole set; the latest change wins). */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/profile/notifications',
    right: 'profile.notifications',
    params: noParams,
    body: preferences.transform(notificationPrefsOf),
    bodyOptional: true,
    change: async (tx, { ctx, req, body }) => {
      const { user, companyId } = authOf(req);
      await notificationPrefs.save(tx, user.id, companyId, body, ctx.nowIso());
      return { record: null, extra: { notifications: body } };
    },
  }),

  /** The language the user reads the app in: what the server writes to them in (event reminders). The latest choice wins. */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/profile/language',
    right: 'session.use',
    params: noParams,
    body: languageChoice,
    bodyOptional: true,
    change: async (tx, { req, body }) => {
      await users.setLanguage(tx, authOf(req).user.id, body.languageId);
      return { record: null, extra: { languageId: body.languageId } };
    },
    // The signed-in user's row is cached with the session (auth/sessions.ts); the next request reads the new language.
    effects: async ({ ctx }) => forgetCachedSessions(ctx),
  }),
];
