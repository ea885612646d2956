// Messages and announcements (spec 1, 3, 5, 8; issue 16): staff and the committee write to a building's
// owners, renters or both, by e-mail, SMS and push. Sending creates one delivery row per recipient ×
// channel in the message's transaction; the send job delivers them (messaging/deliveryJob.ts). Everyone
// reads the announcements board of their buildings; tenants see what was addressed to them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChannelCounts, DeliveryReport, Message } from '../../../src/lib/domain/buildingLife.ts';
import type { MessageChannel } from '../../../src/lib/domain/messageRules.ts';
import { messageChannels, validateMessage } from '../../../src/lib/domain/messageRules.ts';
import { messageTopics } from '../../../src/lib/domain/notificationPrefs.ts';
import type { AppContext } from '../context.ts';
import { contacts } from '../data/buildings.ts';
import type { DeliveryRow } from '../data/messages.ts';
import { deliveries, messages, pushSubscriptions } from '../data/messages.ts';
import { fileLinks } from '../data/fileLinks.ts';
import { files } from '../data/files.ts';
import { queueMessage, recipientsOf } from '../messaging/queueMessage.ts';
import { loadBuilding, queryOf } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { actorOf } from '../http/rights.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';

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
  topic: z.enum(messageTopics).default('announcements'),
});
const audienceQuery = z.object({
  buildingId: z.coerce.number().int(),
  owners: z.enum(['true', 'false']).default('false'),
  renters: z.enum(['true', 'false']).default('false'),
  topic: z.enum(messageTopics).default('announcements'),
});
const subscription = z.object({ endpoint: z.url(), keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }), language: z.string().min(2).max(5).default('he') });

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

/** What a tenant may read: messages to their own group; everyone else reads the whole board. */
export function addressedTo(req: FastifyRequest, message: Message): boolean {
  const { role } = actorOf(authOf(req).user);
  if (role === 'owner') return message.owners;
  if (role === 'renter') return message.renters;
  return true;
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
      missing: people.filter((p) => p.address[ch] === null).map((p) => p.contact.fullName),
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
    const list = await messages.ofBuilding(db, building.id);
    const records = [];
    for (const message of list) {
      const rows = await deliveries.ofMessage(db, message.id);
      const names = new Map((await contacts.list(db, { id: [...new Set(rows.map((r) => r.contactId))] })).map((c) => [c.id, c.fullName]));
      const failures = rows.filter((r) => r.state === 'failed').map((r) => ({ channel: r.channel, name: names.get(r.contactId) ?? '', reason: r.reason }));
      records.push({ ...message, report: reportOf(rows), failures });
    }
    return { records };
  });

  /** The announcements board of a building: pinned first, then the newest. */
  app.get('/api/binyan/buildings/:bid/announcements', { config: { right: 'announcements.read' } }, async (req) => {
    const building = await loadBuilding(db, req, (req.params as { bid: string }).bid);
    const list = (await messages.ofBuilding(db, building.id)).filter((m) => addressedTo(req, m));
    return { records: [...list.filter((m) => m.pinned), ...list.filter((m) => !m.pinned)] };
  });

  app.get('/api/binyan/push/public-key', { config: { right: 'announcements.read' } }, async () => ({ publicKey: await ctx.messaging.push.publicKey() }));

  /** This device's push subscription for the signed-in user (replaces an older one of the endpoint). */
  app.post('/api/binyan/push-subscriptions', { config: { right: 'announcements.read' } }, async (req, reply) => {
    const body = parse(subscription, req.body ?? {});
    return runMutation(
      ctx,
      req,
      reply,
      async (tx) => {
        const { user, companyId } = authOf(req);
        await pushSubscriptions.save(tx, { endpoint: body.endpoint, companyId, userId: user.id, p256dh: body.keys.p256dh, auth: body.keys.auth, language: body.language, createdAt: ctx.nowIso() });
        return { status: 201, record: { endpoint: body.endpoint } };
      },
      { keyRequired: false },
    );
  });
}
