// Which fields of a refused change a person may fix on the Sync screen, and with which input: per
// subject (src/sync/write/outboxSubjects.ts), a list of fields with their kind. Anything not listed — ids,
// versions, photo ids, signatures, timestamps the device sets — is never offered. A change shows only
// the listed fields its payload carries (a status change of a call offers no description).
import type { OutboxEntry } from '../../db/outboxRows';
import { budgetGroups } from '../../lib/domain/books';
import { chargeReasons } from '../../lib/domain/chargeRules';
import { mailItemKinds, maintenanceTestStatuses, meterKinds, serviceCallDomains, serviceCallPriorities, serviceCallTypes } from '../../lib/domain/entities';
import { toLocalDateTimeString } from '../../lib/dates';
import { subjectOf } from '../../sync/write/outboxSubjects';
import type { OutboxOp, OutboxSubject, OutboxTable } from '../../sync/write/outboxSubjects';
import type { RowOf } from '../../sync/write/writePath';

export type FieldInput =
  | { kind: 'text'; type?: 'tel' | 'email'; inputMode?: 'numeric' }
  | { kind: 'longText' }
  /** A decimal number (a meter's kWh, a price). */
  | { kind: 'number' }
  /** Whole agorot on the wire, shekels in the form. */
  | { kind: 'agorot' }
  /** yyyy-mm-dd through the date field. */
  | { kind: 'date' }
  /** An ISO instant on the wire, a local date and time in the form. */
  | { kind: 'instant' }
  /** One of `options`, labelled by `labels.<option>` (a namespaced key prefix, e.g. `serviceCalls:priority`). */
  | { kind: 'choice'; options: readonly (string | number)[]; labels?: string }
  | { kind: 'boolean' };

type FieldName<S extends OutboxSubject> = S extends Exclude<OutboxTable, 'meta'> ? keyof RowOf<S> & string : string;
export type EditableField<S extends OutboxSubject = OutboxSubject> = {
  field: FieldName<S>;
  input: FieldInput;
  /** Offered only for these ops (a call's last visit is set on a call, not when it is opened). */
  only?: readonly OutboxOp[];
};

const text: FieldInput = { kind: 'text' };
const longText: FieldInput = { kind: 'longText' };
const number: FieldInput = { kind: 'number' };
const agorot: FieldInput = { kind: 'agorot' };
const date: FieldInput = { kind: 'date' };
const instant: FieldInput = { kind: 'instant' };
const digits: FieldInput = { kind: 'text', inputMode: 'numeric' };
const choice = (options: readonly (string | number)[], labels?: string): FieldInput =>
  labels ? { kind: 'choice', options, labels } : { kind: 'choice', options };

const handover = [
  { field: 'deliveredTo', input: text },
  { field: 'deliveredBy', input: text },
  { field: 'deliveredAt', input: instant },
] as const;

/** Fields a person may change, per subject; a subject not listed offers only retry and discard. */
export const EDITABLE_FIELDS: { readonly [S in OutboxSubject]?: readonly EditableField<S>[] } = {
  serviceCalls: [
    { field: 'subject', input: text },
    { field: 'description', input: longText },
    { field: 'domain', input: choice(serviceCallDomains, 'serviceCalls:domain') },
    { field: 'callType', input: choice(serviceCallTypes, 'serviceCalls:type') },
    { field: 'priority', input: choice(serviceCallPriorities, 'serviceCalls:priority') },
    { field: 'reporterName', input: text },
    { field: 'lastVisitAt', input: instant, only: ['update'] },
  ],
  serviceCallUpdates: [{ field: 'text', input: longText }],
  meters: [
    { field: 'number', input: digits },
    { field: 'kind', input: choice(meterKinds, 'meters:kind') },
    { field: 'initialReading', input: number },
  ],
  meterReadings: [
    { field: 'current', input: number },
    { field: 'readAt', input: instant },
  ],
  buildings: [{ field: 'pricePerKwh', input: number }],
  contacts: [
    { field: 'firstName', input: text },
    { field: 'lastName', input: text },
    { field: 'phone', input: { kind: 'text', type: 'tel' } },
    { field: 'email', input: { kind: 'text', type: 'email' } },
    { field: 'position', input: text },
  ],
  visits: [
    { field: 'description', input: longText },
    { field: 'madeToday', input: { kind: 'boolean' } },
  ],
  keys: [{ field: 'tagNumber', input: text }, { field: 'description', input: text }, ...handover],
  mailItems: [
    { field: 'kind', input: choice(mailItemKinds, 'items:mailKind') },
    { field: 'carrier', input: text },
    { field: 'trackingNumber', input: text },
    { field: 'description', input: text },
    ...handover,
  ],
  maintenanceTests: [
    { field: 'status', input: choice(maintenanceTestStatuses, 'maintenance:status') },
    { field: 'notes', input: longText },
  ],
  checks: [
    { field: 'Amount', input: number },
    { field: 'DepositDate', input: date },
    { field: 'BankNumber', input: digits },
    { field: 'BranchNumber', input: digits },
    { field: 'AccountNumber', input: digits },
    { field: 'CheckNumber', input: digits },
  ],
  expenses: [
    { field: 'date', input: date },
    { field: 'description', input: text },
    { field: 'amountAgorot', input: agorot },
    { field: 'group', input: choice(budgetGroups, 'books:groups') },
    { field: 'invoiceNumber', input: text },
    { field: 'invoiceDate', input: date },
    { field: 'invoiceAmountAgorot', input: agorot },
    { field: 'dueDate', input: date },
  ],
  ledgerEntries: [
    { field: 'date', input: date },
    { field: 'amountAgorot', input: agorot },
    { field: 'description', input: text },
  ],
  budgetLines: [{ field: 'amountAgorot', input: agorot }],
  suppliers: [
    { field: 'name', input: text },
    { field: 'domain', input: choice(budgetGroups, 'books:groups') },
    { field: 'phone', input: { kind: 'text', type: 'tel' } },
    { field: 'email', input: { kind: 'text', type: 'email' } },
  ],
  bids: [
    { field: 'date', input: date },
    { field: 'amountAgorot', input: agorot },
    { field: 'description', input: text },
  ],
  visitor: [
    { field: 'name', input: text },
    { field: 'apartment', input: text },
  ],
  'profile.request': [{ field: 'note', input: longText }],
  'feedback.send': [
    { field: 'rating', input: choice([1, 2, 3, 4, 5]) },
    { field: 'message', input: longText },
    { field: 'mayContact', input: { kind: 'boolean' } },
  ],
  'charge.add': [
    { field: 'reason', input: choice(chargeReasons, 'charges:reasons') },
    { field: 'description', input: text },
    { field: 'amount', input: number },
    { field: 'dueDate', input: date },
  ],
  signedForm: [{ field: 'signerName', input: text }],
};

/** Every described field, whatever its subject (for the translation test and the field names). */
export function allEditableFields(): readonly EditableField[] {
  const lists: readonly (readonly EditableField[] | undefined)[] = Object.values(EDITABLE_FIELDS);
  return lists.flatMap((fields) => fields ?? []);
}

/** The fields of this refused entry a person may change: described for its subject and carried by its payload. */
export function editableFieldsOf(entry: Pick<OutboxEntry, 'table' | 'recordId' | 'kind' | 'op' | 'payload'>): readonly EditableField[] {
  if (entry.kind !== 'mutation') return [];
  const subject = subjectOf(entry);
  const described: readonly EditableField[] = subject ? (EDITABLE_FIELDS[subject] ?? []) : [];
  return described.filter((f) => Object.hasOwn(entry.payload, f.field) && (!f.only || f.only.some((op) => op === entry.op)));
}

/** What the form holds for a field: text for the inputs, a flag for a checkbox. */
export type FormValue = string | boolean;

export function toFormValue(input: FieldInput, value: unknown): FormValue {
  if (input.kind === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  if (input.kind === 'agorot') return typeof value === 'number' ? String(value / 100) : '';
  if (input.kind === 'instant') {
    const at = typeof value === 'string' ? new Date(value) : null;
    return at && !Number.isNaN(at.getTime()) ? toLocalDateTimeString(at) : '';
  }
  return String(value);
}

const numberOf = (text: string): number => Number(text.trim().replace(',', '.'));

/** The wire value of a field's form value; `original` decides what an emptied field becomes. */
export function fromFormValue(input: FieldInput, value: FormValue, original: unknown): unknown {
  if (input.kind === 'boolean') return value === true;
  const textValue = typeof value === 'string' ? value : '';
  if (textValue.trim() === '' && input.kind !== 'text' && input.kind !== 'longText') return null;
  switch (input.kind) {
    case 'number':
      return numberOf(textValue);
    case 'agorot':
      return Math.round(numberOf(textValue) * 100);
    case 'instant':
      return new Date(textValue).toISOString();
    case 'choice':
      return typeof input.options[0] === 'number' ? Number(textValue) : textValue;
    case 'text':
    case 'longText':
      return textValue === '' && original === null ? null : textValue;
    case 'date':
      return textValue;
  }
}
