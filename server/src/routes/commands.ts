// The command table (http/command.ts): every mutation that is a command, by the file of its subject.
// The HTTP routes are registered from it, and a sync batch finds each change's command in it.
import type { Command } from '../http/command.ts';
import { billingSettingsCommands } from './billingSettings.ts';
import { booksCommands } from './books.ts';
import { buildingEventsCommands } from './buildingEvents.ts';
import { buildingsCommands } from './buildings.ts';
import { chargesCommands } from './charges.ts';
import { checkLifeCommands } from './checkLife.ts';
import { checksCommands } from './checks.ts';
import { companySitesCommands } from './companySites.ts';
import { creditsCommands } from './credits.ts';
import { debtRemindersCommands } from './debtReminders.ts';
import { deskVisitorsCommands } from './deskVisitors.ts';
import { documentsCommands } from './documents.ts';
import { feeSchedulesCommands } from './feeSchedules.ts';
import { feedbackCommands } from './feedback.ts';
import { gatesCommands } from './gates.ts';
import { itemsCommands } from './items.ts';
import { maintenanceCommands } from './maintenance.ts';
import { metersCommands } from './meters.ts';
import { pollsCommands } from './polls.ts';
import { profileCommands } from './profile.ts';
import { roomsCommands } from './rooms.ts';
import { serviceCallsCommands } from './serviceCalls.ts';
import { signedFormsCommands } from './signedForms.ts';
import { suppliersCommands } from './suppliers.ts';
import { tenantLinksCommands } from './tenantLinks.ts';
import { tenantServiceCallsCommands } from './tenantServiceCalls.ts';
import { threadsCommands } from './threads.ts';
import { visitorPassesCommands } from './visitorPasses.ts';
import { visitsCommands } from './visits.ts';

export const commandTable: readonly Command[] = [
  ...billingSettingsCommands,
  ...booksCommands,
  ...buildingEventsCommands,
  ...buildingsCommands,
  ...chargesCommands,
  ...checkLifeCommands,
  ...checksCommands,
  ...companySitesCommands,
  ...creditsCommands,
  ...debtRemindersCommands,
  ...deskVisitorsCommands,
  ...documentsCommands,
  ...feeSchedulesCommands,
  ...feedbackCommands,
  ...gatesCommands,
  ...itemsCommands,
  ...maintenanceCommands,
  ...metersCommands,
  ...pollsCommands,
  ...profileCommands,
  ...roomsCommands,
  ...serviceCallsCommands,
  ...signedFormsCommands,
  ...suppliersCommands,
  ...tenantLinksCommands,
  ...tenantServiceCallsCommands,
  ...threadsCommands,
  ...visitorPassesCommands,
  ...visitsCommands,
];
