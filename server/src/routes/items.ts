// Keys and mail items share their flow: register (unique pending number per building) and hand over once.
// Registering one for an apartment tells its people it waits at the desk (messaging/deskNotice.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { KeyItem, MailItem } from '../../../src/lib/domain/entities.ts';
import { mailItemKinds } from '../../../src/lib/domain/entities.ts';
import { normalizeItemNumber, validateHandover, validateNewKey, validateNewMailItem } from '../../../src/lib/domain/itemRules.ts';
import type { RuleResult } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Filter, Resource } from '../db/records.ts';
import { keyItems, mailItems } from '../data/items.ts';
import type { Db } from '../db/database.ts';
import { checkUpload, linkFile, received, signatureUpload, storeBytes } from '../files/uploads.ts';
import type { StoredFile } from '../files/uploads.ts';
import type { DeskItemKind } from '../messaging/deskNotice.ts';
import { queueDeskNotice } from '../messaging/deskNotice.ts';
import { newUuid } from '../util/crypto.ts';
import { buildingFilter, bump, checkVersion, loadBuilding, loadOwned, queryOf, refuseExisting } from '../http/access.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { defineCommand, preparedCommand } from '../http/command.ts';
import { idParams, noParams } from '../http/params.ts';
import { isoTime, recordId } from '../http/schemas.ts';

const common = {
  id: recordId,
  buildingId: z.number().int().nullable().optional(),
  apartmentId: z.string().nullable().default(null),
  contactId: z.string().nullable().default(null),
  description: z.string().default(''),
  registeredAt: isoTime.optional(),
  registeredBy: z.string().optional(),
};
const keyCreate = z.object({ ...common, tagNumber: z.string().default('') });
const mailCreate = z.object({
  ...common,
  kind: z.enum(mailItemKinds).default('letter'),
  carrier: z.string().nullable().default(null),
  trackingNumber: z.string().default(''),
});
const handover = z.object({
  baseVersion: z.number().int(),
  deliveredTo: z.string().nullable().default(null),
  deliveredBy: z.string().nullable().optional(),
  deliveredAt: isoTime.nullable().optional(),
  /** The recipient's signature drawn on the device (base64 PNG or JPEG). */
  signature: z.string().min(1).nullable().optional(),
});

type Item = KeyItem | MailItem;

/** The signature's file row (its bytes are already in the store), read as its item: see routes/files.ts. */
async function storedSignature(tx: Db, req: FastifyRequest, signature: StoredFile, path: string, itemId: string, now: string): Promise<string> {
  const { user } = authOf(req);
  return (await linkFile(tx, signature, { id: newUuid(), parentType: path, parentId: itemId, srcFileName: 'signature.jpg', by: user, at: now })).view.id;
}

/** Keys or mail items as their list answers them, newest first. */
export const itemsOf = <E extends Item>(db: Db, items: Resource<E>, filter: Filter) => items.list(db, filter, { orderBy: 'registeredAt', desc: true });

/** What tells keys and mail items apart: their path, table, body, number and rules. */
type ItemKind<E extends Item, S extends z.ZodType> = {
  path: string;
  items: Resource<E>;
  schema: S;
  numberOf: (input: z.output<S>) => string;
  validate: (input: z.output<S>, existing: E[]) => RuleResult;
  build: (input: z.output<S>, base: Omit<Item, 'version' | 'updatedAt'>) => E;
  kindOf: (record: E) => DeskItemKind;
  numberOfRecord: (record: E) => string;
};

function itemList<E extends Item, S extends z.ZodType>(app: FastifyInstance, ctx: AppContext, { path, items }: ItemKind<E, S>) {
  const { db } = ctx;
  const listFor = async (req: FastifyRequest) => {
    const bid = queryOf(req).buildingId;
    const filter = bid ? { buildingId: (await loadBuilding(db, req, bid)).id } : await buildingFilter(db, req);
    return itemsOf(db, items, filter);
  };

  app.get(`/api/binyan/${path}`, { config: { right: 'items.read' } }, async (req) => ({ records: await listFor(req) }));
}

function itemCommands<E extends Item, S extends z.ZodType>(kind: ItemKind<E, S>) {
  const { path, items, schema, numberOf, validate, build, kindOf, numberOfRecord } = kind;
  return [
    defineCommand({
      method: 'POST',
      url: `/api/binyan/${path}`,
      right: 'items.write',
      params: noParams,
      body: schema,
      check: ({ body }) => {
        const input = body as z.output<S> & z.output<typeof keyCreate>;
        if (input.buildingId === null || input.buildingId === undefined) throw fail.validation({ field: 'buildingId', messageKey: 'noBuildingSelected' });
      },
      change: async (tx, { ctx, req, body: parsed }) => {
        const body = parsed as z.output<S> & z.output<typeof keyCreate>;
        await refuseExisting(tx, req, items, body.id);
        const building = await loadBuilding(tx, req, body.buildingId);
        // Only same-number pending items can collide; the shared rule still makes the decision.
        const candidates = await items.list(tx, { buildingId: building.id, status: 'pending', normalizedNumber: normalizeItemNumber(numberOf(body)) });
        const rule = validate(body, candidates);
        if (rule) throw rule.messageKey === 'itemAlreadyInserted' ? fail.rule(rule) : fail.validation(rule);
        const { user } = authOf(req);
        const now = ctx.nowIso();
        const built = build(body, {
          id: body.id,
          buildingId: building.id,
          apartmentId: body.apartmentId,
          contactId: body.contactId,
          description: body.description.trim(),
          status: 'pending',
          registeredAt: body.registeredAt ?? now,
          // Who did it comes from the session, never from the body.
          registeredBy: user.fullName,
          deliveredTo: null,
          deliveredBy: null,
          deliveredAt: null,
        } as Omit<Item, 'version' | 'updatedAt'>);
        const record: E = { ...built, version: 1, updatedAt: now };
        await items.insert(tx, record, authOf(req).companyId);
        // The apartment's people hear that it waits (messaging/deskNotice.ts); sent after the commit.
        const noticeQueued =
          record.apartmentId !== null &&
          record.apartmentId !== '' &&
          (await queueDeskNotice(
            tx,
            { id: record.id, buildingId: building.id, apartmentId: record.apartmentId, kind: kindOf(record), number: numberOfRecord(record) },
            authOf(req).companyId,
            now,
          ));
        return { status: 201, record, after: noticeQueued };
      },
      effects: async ({ ctx }, noticeQueued) => {
        if (noticeQueued) ctx.messaging.kick();
      },
    }),

    preparedCommand({
      method: 'POST',
      url: `/api/binyan/${path}/:id/handover`,
      right: 'items.write',
      params: idParams,
      body: handover,
      // The signature is made and stored before the transaction: image work never holds the database.
      prepare: async ({ ctx, req, body }) => {
        const signature = body.signature
          ? await storeBytes(ctx.files, authOf(req).companyId, await checkUpload(received(body.signature), signatureUpload))
          : null;
        return signature;
      },
      change: async (tx, { ctx, req, params, body }, signature) => {
        const { id } = params;
        const current = await loadOwned(tx, req, items, id);
        checkVersion(current, body.baseVersion);
        const input = {
          deliveredTo: body.deliveredTo?.trim() ?? null,
          deliveredBy: authOf(req).user.fullName,
          deliveredAt: body.deliveredAt ?? ctx.nowIso(),
        };
        const rule = validateHandover(current, input);
        if (rule) throw rule.messageKey === 'itemAlreadyDelivered' ? fail.rule(rule) : fail.validation(rule);
        const signatureFileId = signature ? await storedSignature(tx, req, signature, path, id, ctx.nowIso()) : null;
        const record = bump(current, { ...input, status: 'delivered', signatureFileId } as Partial<E>, ctx.nowIso());
        await items.update(tx, record);
        return { record };
      },
    }),
  ];
}

const keyKind: ItemKind<KeyItem, typeof keyCreate> = {
  path: 'keys',
  items: keyItems,
  schema: keyCreate,
  numberOf: (input) => input.tagNumber,
  validate: (input, existing) => validateNewKey(input, existing),
  build: (input, base) => ({ ...base, tagNumber: input.tagNumber.trim(), version: 1, updatedAt: '' }) as KeyItem,
  kindOf: () => 'key',
  numberOfRecord: (record) => record.tagNumber,
};

const mailKind: ItemKind<MailItem, typeof mailCreate> = {
  path: 'mail-items',
  items: mailItems,
  schema: mailCreate,
  numberOf: (input) => input.trackingNumber,
  validate: (input, existing) => validateNewMailItem(input, existing),
  build: (input, base) =>
    ({ ...base, kind: input.kind, carrier: input.carrier, trackingNumber: input.trackingNumber.trim(), version: 1, updatedAt: '' }) as MailItem,
  kindOf: (record) => record.kind,
  numberOfRecord: (record) => record.trackingNumber,
};

export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  itemList(app, ctx, keyKind);
  itemList(app, ctx, mailKind);
}

export const itemsCommands = [...itemCommands(keyKind), ...itemCommands(mailKind)];
