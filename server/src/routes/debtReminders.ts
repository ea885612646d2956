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
import { defineCommand } from '../http/command.ts';
import { buildingParams, paramsOf } from '../http/params.ts';

const ruleBody = z.object({
  enabled: z.boolean(),
  firstAfterDays: z.number(),
  everyDays: z.number(),
  maxCount: z.number(),
  channels: z.array(z.enum(messageChannels)).max(messageChannels.length),
});

export function debtReminderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/reminder-settings', { config: { right: 'debtReminders.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { record: await reminderSettings.of(db, authOf(req).companyId, building.id) };
  });

  app.get('/api/binyan/buildings/:bid/debt-reminders', { config: { right: 'debtReminders.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await debtReminders.log(db, authOf(req).companyId, building.id) };
  });
}

export const debtRemindersCommands = [
  defineCommand({
    method: 'PUT',
    url: '/api/binyan/buildings/:bid/reminder-settings',
    right: 'debtReminders.edit',
    params: buildingParams,
    body: ruleBody,
    check: ({ body }) => {
      enforce(validateReminderRule(body));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const building = await loadBuilding(tx, req, params.bid);
      const { companyId, user } = authOf(req);
      await reminderSettings.save(tx, companyId, building.id, body, ctx.nowIso(), String(user.id));
      return { record: await reminderSettings.of(tx, companyId, building.id) };
    },
  }),
];
