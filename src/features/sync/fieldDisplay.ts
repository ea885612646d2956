// How a field of an entry reads on the Sync screen (the conflict form, the refusal's field): its
// translated name and its value in words — a choice by its label, a date as dd/mm/yyyy, an instant
// with its time, agorot as shekels — never an id, a code or an ISO timestamp.
import type { TFunction } from 'i18next';
import { serviceCallStatuses } from '../../lib/domain/entities';
import type { OutboxSubject } from '../../sync/write/outboxSubjects';
import type { Formats } from '../../ui/useFormats';
import { allEditableFields, EDITABLE_FIELDS } from './editableFields';
import type { FieldInput } from './editableFields';

/** Fields a conflict can show that a person does not edit here (a call's status is changed on its screen). */
const SHOWN_FIELDS: { readonly [S in OutboxSubject]?: Readonly<Record<string, FieldInput>> } = {
  serviceCalls: {
    status: { kind: 'choice', options: serviceCallStatuses, labels: 'serviceCalls:status' },
    closedAt: { kind: 'instant' },
    openedAt: { kind: 'instant' },
    lastUpdateAt: { kind: 'instant' },
  },
  meterReadings: { previous: { kind: 'number' }, consumption: { kind: 'number' }, paid: { kind: 'boolean' } },
  visits: { visitDate: { kind: 'date' } },
  maintenanceTests: { doneAt: { kind: 'instant' } },
  checks: { ApprovalDate: { kind: 'instant' }, SentToDeposit: { kind: 'boolean' } },
};

// Bookkeeping and references: never shown as a field of their own.
const HIDDEN = new Set([
  'id',
  'version',
  'updatedAt',
  'syncState',
  'serverVersion',
  'searchWords',
  'tab',
  'signature',
  'createdBy',
  'registeredBy',
  'buildingIds',
]);

export function isShownField(field: string): boolean {
  return !HIDDEN.has(field) && !/(Id|Ids|ID|Guid)$/.test(field);
}

export function fieldInputOf(subject: OutboxSubject | null, field: string): FieldInput | undefined {
  if (!subject) return undefined;
  return EDITABLE_FIELDS[subject]?.find((f) => f.field === field)?.input ?? SHOWN_FIELDS[subject]?.[field];
}

/** Every field the screen can name (for the translation test). */
export function namedFields(): string[] {
  const editable = allEditableFields().map((f) => f.field);
  const shown = Object.values(SHOWN_FIELDS).flatMap((fields) => Object.keys(fields ?? {}));
  return [...new Set([...editable, ...shown])];
}

export function fieldLabel(t: TFunction, field: string): string {
  return t(`sync:fields.${field}`, { defaultValue: t('sync:fields.other') });
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type ChecklistLike = { label: string; done: boolean };
const isChecklist = (value: unknown): value is ChecklistLike[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'label' in item && 'done' in item);

/** A field's value in words. */
export function fieldValueText(t: TFunction, f: Formats, input: FieldInput | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'sync:values.yes' : 'sync:values.no');
  if (isChecklist(value)) return value.map((item) => `${item.done ? '✓' : '✗'} ${item.label}`).join(', ') || '—';
  switch (input?.kind) {
    case 'choice':
      return input.labels ? t(`${input.labels}.${String(value)}`, { defaultValue: String(value) }) : String(value);
    case 'date':
      return typeof value === 'string' ? f.date(value) : String(value);
    case 'instant':
      return typeof value === 'string' ? f.dateTime(value) : String(value);
    case 'agorot':
      return typeof value === 'number' ? f.agorot(value) : String(value);
    case 'number':
      return typeof value === 'number' ? f.number(value) : String(value);
    default:
      break;
  }
  if (typeof value === 'number') return f.number(value);
  if (typeof value === 'string') return isoDate.test(value) ? f.date(value) : isoInstant.test(value) ? f.dateTime(value) : value;
  return t('sync:values.several');
}
