// Reminders to debtors (issue 29 item 4): a building's rule, read and changed online by management staff and
// the building's committee, and the office's log of every reminder sent (who, when, channel, amount, outcome).
// The job that sends them is jobs/debtReminders.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateReminderRule } from '../../../src/lib/domain/debtReminderRules.ts';
import { messageChannels } from '../../../src/lib/domain/messageRules.ts';
import type { AppContext } from '../context.ts';
import { debtReminders, reminderSettings } from '../data/debtReminders.ts';
import { loadBuilding } from '../http/access.ts';
import { enforce } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';

const ruleBody = z.object({
  enabled: z.boolean(),
  firstAfterDays: z.number(),
  everyDays: z.number(),
  maxCount: z.number(),
  channels: z.array(z.enum(messageChannels)).max(messageChannels.length),
});

export function debtReminderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const buildingOf = (req: { params: unknown }) => (req.params as { bid: string }).bid;

  app.get('/api/binyan/buildings/:bid/reminder-settings', { config: { right: 'debtReminders.read' } }, async (req) => {
    const building = await loadBuilding(db, req, buildingOf(req));
    return { record: await reminderSettings.of(db, authOf(req).companyId, building.id) };
  });

  app.put('/api/binyan/buildings/:bid/reminder-settings', { config: { right: 'debtReminders.edit' } }, async (req, reply) => {
    const body = parse(ruleBody, req.body);
    enforce(validateReminderRule(body));
    return runMutation(ctx, req, reply, async (tx) => {
      const building = await loadBuilding(tx, req, buildingOf(req));
      const { companyId, user } = authOf(req);
      await reminderSettings.save(tx, companyId, building.id, body, ctx.nowIso(), String(user.id));
      return { record: await reminderSettings.of(tx, companyId, building.id) };
    });
  });

  app.get('/api/binyan/buildings/:bid/debt-reminders', { config: { right: 'debtReminders.read' } }, async (req) => {
    const building = await loadBuilding(db, req, buildingOf(req));
    return { records: await debtReminders.log(db, authOf(req).companyId, building.id) };
  });
}
