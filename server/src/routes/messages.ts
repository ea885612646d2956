// Messages and announcements (spec 1, 3, 5, 8; issue 16): staff and the committee write to a building's
// owners, renters or both, by e-mail, SMS and push. Sending creates one delivery row per recipient ×
// channel in the message's transaction; the send job delivers them (messaging/deliveryJob.ts). Everyone
// reads the announcements board of their buildings, only what is addressed to them: owners what went to
// owners, renters what went to renters, the building's other people what went to everyone, the senders all.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChannelCounts, DeliveryReport, Message } from '../../../src/lib/domain/buildingLife.ts';
import type { MessageChannel } from '../../../src/lib/domain/messageRules.ts';
import { messageChannels, messageReadScopeOf, validateMessage } from '../../../src/lib/domain/messageRules.ts';
import { composedTopics } from '../../../src/lib/domain/notificationPrefs.ts';
import type { AppContext } from '../context.ts';
import { contacts } from '../data/buildings.ts';
import type { DeliveryRow } from '../data/messages.ts';
import { deliveries, messages, pushSubscriptions } from '../data/messages.ts';
import { fileLinks } from '../data/fileLinks.ts';
import { files } from '../data/files.ts';
import { MAX_ENDPOINT_LENGTH, arePushKeys, isPushServiceEndpoint } from '../messaging/pushTargets.ts';
import { queueMessage, recipientsOf } from '../messaging/queueMessage.ts';
import { loadBuilding, queryOf } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { actorOf } from '../http/rights.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { buildingParams, paramsOf } from '../http/params.ts';

const messageCreate = z.object({
  id: recordId,
  buildingId: z.number().int(),
  subject: z.string().trim().default(''),
  body: z.string().trim().default(''),
  imageId: z.string().nullable().default(null),
  owners: z.boolean().default(false),
  renters: z.boolean().default(false),
  channels: z.array(z.enum(messageChannels)).default([]),
  pinned: z.boolean().default(false),
  topic: z.enum(composedTopics).default('announcements'),
});
const audienceQuery = z.object({
  buildingId: z.coerce.number().int(),
  owners: z.enum(['true', 'false']).default('false'),
  renters: z.enum(['true', 'false']).default('false'),
  topic: z.enum(composedTopics).default('announcements'),
});
const subscription = z.object({
  // Longer than any endpoint: the push-service check refuses what is too long, with its own reason.
  endpoint: z.string().max(4 * MAX_ENDPOINT_LENGTH),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(200) }),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)
    .default('he'),
});

/** How many devices of one user get pushes: a new one beyond it replaces the user's oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 5;

const emptyCounts = (): ChannelCounts => ({ recipients: 0, queued: 0, sent: 0, failed: 0, noAddress: 0, optedOut: 0 });

function reportOf(rows: readonly Pick<DeliveryRow, 'channel' | 'state' | 'reason'>[]): DeliveryReport {
  const report: DeliveryReport = { email: emptyCounts(), sms: emptyCounts(), push: emptyCounts() };
  for (const row of rows) {
    const c = report[row.channel as MessageChannel];
    c.recipients += 1;
    if (row.reason === 'noAddress') c.noAddress += 1;
    else if (row.state === 'skipped') c.optedOut += 1;
    else if (row.state === 'sent') c.sent += 1;
    else if (row.state === 'failed') c.failed += 1;
    else c.queued += 1;
  }
  return report;
}

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** Before sending: how many people each channel reaches, and who has no address for it. */
  app.get('/api/binyan/messages/preview', { config: { right: 'messages.send' } }, async (req) => {
    const q = parse(audienceQuery, queryOf(req));
    const building = await loadBuilding(db, req, q.buildingId);
    const people = await recipientsOf(db, building.id, { owners: q.owners === 'true', renters: q.renters === 'true', topic: q.topic });
    const channel = (ch: MessageChannel) => ({
      reach: people.filter((p) => p.address[ch] !== null && p.allows[ch]).length,
      missing: people.filter((p) => p.address[ch] === null).map((p) => p.name),
      optedOut: people.filter((p) => p.address[ch] !== null && !p.allows[ch]).length,
    });
    return { recipients: people.length, email: channel('email'), sms: channel('sms'), push: channel('push') };
  });

  app.post('/api/binyan/messages', { config: { right: 'messages.send' } }, async (req, reply) => {
    const body = parse(messageCreate, req.body ?? {});
    const answer = await runMutation(ctx, req, reply, async (tx) => {
      const building = await loadBuilding(tx, req, body.buildingId);
      enforce(validateMessage(body));
      if (await messages.find(tx.unguarded, body.id)) throw fail.exists({ id: body.id });
      const { user, companyId } = authOf(req);
      if (body.imageId !== null) {
        // The image was uploaded for this message (files/uploadRules.ts 'messages') and re-encoded there;
        // kept once per company, the same bytes may have been uploaded for another record first.
        const image = await files.byId(tx, body.imageId);
        const forThisMessage = image !== undefined && (await fileLinks.has(tx, image.id, { parentType: 'messages', parentId: body.id }));
        if (!image || !forThisMessage || image.companyId !== companyId || !image.mimeType.startsWith('image/'))
          throw fail.validation({ field: 'image', messageKey: 'onlyImageAllowed' });
      }
      const now = ctx.nowIso();
      const message: Message = { ...body, buildingId: building.id, channels: [...new Set(body.channels)], sentBy: user.fullName, createdAt: now };
      const rows = await queueMessage(tx, message, companyId, now);
      return { status: 201, record: message, extra: { report: reportOf(rows) } };
    });
    ctx.messaging.kick();
    return answer;
  });

  /** The sender's view: the building's messages with per-channel counts and the failures with reasons. */
  app.get('/api/binyan/messages', { config: { right: 'messages.send' } }, async (req) => {
    const building = await loadBuilding(db, req, queryOf(req).buildingId);
    const list = await messages.ofBuilding(db, building.id, 'all');
    const records = [];
    for (const message of list) {
      const rows = await deliveries.ofMessage(db, message.id);
      const names = new Map((await contacts.list(db, { id: [...new Set(rows.map((r) => r.contactId))] })).map((c) => [c.id, c.fullName]));
      const failures = rows.filter((r) => r.state === 'failed').map((r) => ({ channel: r.channel, name: names.get(r.contactId) ?? '', reason: r.reason }));
      records.push({ ...message, report: reportOf(rows), failures });
    }
    return { records };
  });

  /** The announcements board of a building: what is addressed to the reader (messageReadScopeOf), pinned first, then the newest. */
  app.get('/api/binyan/buildings/:bid/announcements', { config: { right: 'announcements.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const list = await messages.ofBuilding(db, building.id, messageReadScopeOf(actorOf(authOf(req).user)));
    return { records: [...list.filter((m) => m.pinned), ...list.filter((m) => !m.pinned)] };
  });

  app.get('/api/binyan/push/public-key', { config: { right: 'announcements.read' } }, async () => ({ publicKey: await ctx.messaging.push.publicKey() }));

  /**
   * This device's push subscription for the signed-in user: a push service's endpoint only, with a
   * browser's keys. An endpoint another account holds is replaced only by the same browser (it presents
   * that subscription's keys), never taken over; a user keeps their newest few.
   */
  app.post('/api/binyan/push-subscriptions', { config: { right: 'announcements.read' } }, async (req, reply) => {
    const body = parse(subscription, req.body ?? {});
    if (!isPushServiceEndpoint(body.endpoint)) throw new ApiError(422, 'PUSH_ENDPOINT_REFUSED', 'pushEndpointRefused', { field: 'endpoint' });
    if (!arePushKeys(body.keys)) throw new ApiError(422, 'VALIDATION', 'invalidPushSubscription', { field: 'keys' });
    return runMutation(
      ctx,
      req,
      reply,
      async (tx) => {
        const { user, companyId } = authOf(req);
        const held = await pushSubscriptions.byEndpoint(tx, body.endpoint);
        const sameBrowser = held !== undefined && held.p256dh === body.keys.p256dh && held.auth === body.keys.auth;
        if (held && (held.companyId !== companyId || held.userId !== user.id) && !sameBrowser)
          throw new ApiError(409, 'PUSH_SUBSCRIPTION_TAKEN', 'pushSubscriptionTaken');
        await pushSubscriptions.save(tx, {
          endpoint: body.endpoint,
          companyId,
          userId: user.id,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          language: body.language,
          createdAt: ctx.nowIso(),
        });
        await pushSubscriptions.keepNewest(tx, companyId, user.id, body.endpoint, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
        return { status: 201, record: { endpoint: body.endpoint } };
      },
      { keyRequired: false },
    );
  });
}
