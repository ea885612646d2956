// The title of an outbox entry on the Sync screen, in the worker's words ("New service call", "Check
// payment submitted"), never its table or op code. Typed over every subject the write path can name
// (src/sync/write/outboxSubjects.ts): a new table or meta kind does not compile until it has a title here, and
// entryTitles.test.ts checks each key is translated in every language.
import type { OutboxEntry } from '../../db/outboxRows';
import { isOutboxOp, subjectOf } from '../../sync/write/outboxSubjects';
import type { OutboxOp, OutboxSubject } from '../../sync/write/outboxSubjects';

/** `other` titles any op without its own phrase (an op this version does not know included). */
type SubjectTitles = { other: string } & Partial<Record<OutboxOp, string>>;

const same = (key: string): SubjectTitles => ({ other: key });

export const ENTRY_TITLES: { readonly [S in OutboxSubject]: SubjectTitles } = {
  serviceCalls: {
    create: 'titles.serviceCalls.create',
    update: 'titles.serviceCalls.update',
    delete: 'titles.serviceCalls.delete',
    status: 'titles.serviceCalls.status',
    close: 'titles.serviceCalls.close',
    cancel: 'titles.serviceCalls.cancel',
    other: 'titles.serviceCalls.other',
  },
  serviceCallUpdates: { create: 'titles.serviceCallUpdates.create', other: 'titles.serviceCallUpdates.other' },
  meters: { create: 'titles.meters.create', delete: 'titles.meters.delete', other: 'titles.meters.other' },
  meterReadings: {
    create: 'titles.meterReadings.create',
    update: 'titles.meterReadings.update',
    delete: 'titles.meterReadings.delete',
    other: 'titles.meterReadings.other',
  },
  buildings: { pricePerKwh: 'titles.buildings.pricePerKwh', other: 'titles.buildings.other' },
  apartments: same('titles.apartments.other'),
  contacts: { create: 'titles.contacts.create', other: 'titles.contacts.other' },
  visits: { create: 'titles.visits.create', update: 'titles.visits.update', other: 'titles.visits.other' },
  dailyPlans: same('titles.dailyPlans.other'),
  keys: { create: 'titles.keys.create', handover: 'titles.keys.handover', other: 'titles.keys.other' },
  mailItems: { create: 'titles.mailItems.create', handover: 'titles.mailItems.handover', other: 'titles.mailItems.other' },
  facilities: same('titles.facilities.other'),
  maintenanceTests: { status: 'titles.maintenanceTests.status', other: 'titles.maintenanceTests.other' },
  debts: same('titles.debts.other'),
  checkGroups: {
    finishScan: 'titles.checkGroups.finishScan',
    submit: 'titles.checkGroups.submit',
    cancel: 'titles.checkGroups.cancel',
    other: 'titles.checkGroups.other',
  },
  checks: { create: 'titles.checks.create', update: 'titles.checks.update', delete: 'titles.checks.delete', other: 'titles.checks.other' },
  expenses: { create: 'titles.expenses.create', update: 'titles.expenses.update', delete: 'titles.expenses.delete', other: 'titles.expenses.other' },
  ledgerEntries: { create: 'titles.ledgerEntries.create', delete: 'titles.ledgerEntries.delete', other: 'titles.ledgerEntries.other' },
  budgetLines: { create: 'titles.budgetLines.create', update: 'titles.budgetLines.update', other: 'titles.budgetLines.other' },
  suppliers: { create: 'titles.suppliers.create', update: 'titles.suppliers.update', other: 'titles.suppliers.other' },
  bids: { create: 'titles.bids.create', approve: 'titles.bids.approve', other: 'titles.bids.other' },
  photos: same('titles.photos.other'),
  visitor: same('titles.meta.visitor'),
  'visitor.leave': same('titles.meta.visitorLeave'),
  'profile.request': same('titles.meta.profileRequest'),
  'terms.approval': same('titles.meta.termsApproval'),
  'notifications.change': same('titles.meta.notificationsChange'),
  'feedback.send': same('titles.meta.feedback'),
  'charge.add': same('titles.meta.charge'),
  'maintenancePlan.send': same('titles.meta.maintenancePlanSend'),
  signedForm: same('titles.meta.signedForm'),
  'language.change': same('titles.meta.languageChange'),
  'tenantCall.join': same('titles.meta.tenantCallJoin'),
  'poll.vote': same('titles.meta.pollVote'),
  'thread.open': same('titles.meta.threadOpen'),
  'thread.message': same('titles.meta.threadMessage'),
};

/** An entry written by a version that knew a subject this one does not: still words, not codes. */
export const UNKNOWN_ENTRY_TITLE = 'titles.unknown';

/** The `sync` namespace key of the entry's title. */
export function entryTitleKey(entry: Pick<OutboxEntry, 'table' | 'recordId' | 'kind' | 'op'>): string {
  const subject = subjectOf(entry);
  if (!subject) return UNKNOWN_ENTRY_TITLE;
  const titles = ENTRY_TITLES[subject];
  return (isOutboxOp(entry.op) ? titles[entry.op] : undefined) ?? titles.other;
}

/** Every key the table names (for the translation test). */
export function allEntryTitleKeys(): string[] {
  return [...new Set([...Object.values(ENTRY_TITLES).flatMap((titles) => Object.values(titles)), UNKNOWN_ENTRY_TITLE])];
}
