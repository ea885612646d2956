// A message is read only by those it is addressed to (lib/domain/messageRules.ts), whatever the path:
// the board, and a message's image (http/fileAccess.ts), which is read as its message.
import type { FastifyRequest } from 'fastify';
import { isMessageFor, messageReadScopeOf } from '../../../src/lib/domain/messageRules.ts';
import type { Db } from '../db/database.ts';
import { messages } from '../data/messages.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { actorOf, assertBuildingVisible } from '../http/rights.ts';

/**
 * Refuses a reader the message is not addressed to (404: a message not for them is not shown to exist).
 * A message not sent yet exists for nobody but `unsentReadable` (its image's uploader).
 */
export async function assertMessageReadable(db: Db, req: FastifyRequest, messageId: string, unsentReadable: boolean): Promise<void> {
  const message = await messages.find(db, messageId);
  if (!message) {
    if (unsentReadable) return;
    throw fail.notFound();
  }
  const { companyId, user } = authOf(req);
  if (message.companyId !== companyId) throw fail.forbidden();
  await assertBuildingVisible(db, req, message.buildingId);
  if (!isMessageFor(messageReadScopeOf(actorOf(user)), message)) throw fail.notFound();
}
