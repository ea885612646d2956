// Field rules of spec section 5, shared by the forms and the server. Each rule returns the first
// failure as `{ field, messageKey }`, or null when the value is acceptable.
import { instantFailure, isCalendarDate, isClockTime, wallClockFailure } from '../calendar.ts';
import type { MessageKey } from './messages.ts';
import { isImageFile, isJpegFile } from '../imageFiles.ts';

/** Values of the message's placeholders, or facts the screen shows with the refusal (e.g. a count). */
export type MessageParams = Record<string, string | number>;
export type RuleFailure = { field: string; messageKey: MessageKey; params?: MessageParams };
export type RuleResult = RuleFailure | null;

/**
 * A change refused by a shared rule (the one the server applies too), before anything is written:
 * the form shows `failure` under its field. The failure's params are also fields of the error.
 */
export class RuleError extends Error {
  override readonly name = 'RuleError';
  readonly failure: RuleFailure;
  constructor(failure: RuleFailure) {
    super(failure.messageKey);
    this.failure = failure;
    for (const [key, value] of Object.entries(failure.params ?? {})) {
      if (!(key in this)) Object.defineProperty(this, key, { value, enumerable: true });
    }
  }
}

/** Throws the rule's failure, if there is one: `refuse(validateReading(input))`. */
export function refuse(failure: RuleResult): void {
  if (failure) throw new RuleError(failure);
}

/** The failure a change was refused with, or null for any other error. */
export function ruleFailureOf(error: unknown): RuleFailure | null {
  return error instanceof RuleError ? error.failure : null;
}

export const limits = {
  descriptionMin: 10,
  nameMin: 2,
  otpCodeLength: 5,
  depositCodeLength: 6,
} as const;

const fail = (field: string, messageKey: MessageKey): RuleFailure => ({ field, messageKey });

/** Phone inputs keep digits only (spec 5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Israeli numbers: 0 + 8–9 digits (landline / mobile), or the same with the 972 country code. */
export function isValidPhone(value: string): boolean {
  const d = digitsOnly(value);
  return /^0\d{8,9}$/.test(d) || /^972\d{8,9}$/.test(d);
}

export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
}

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function required(field: string, value: unknown): RuleResult {
  return isBlank(value) ? fail(field, 'requiredField') : null;
}

export function description(value: string | null | undefined, field = 'description'): RuleResult {
  if (isBlank(value)) return fail(field, 'requiredField');
  return (value ?? '').trim().length < limits.descriptionMin ? fail(field, 'descriptionTooShort') : null;
}

export function personName(value: string | null | undefined, field: string): RuleResult {
  if (isBlank(value)) return fail(field, 'requiredField');
  return (value ?? '').trim().length < limits.nameMin ? fail(field, 'nameTooShort') : null;
}

export function phone(value: string | null | undefined, field = 'phone', isRequired = true): RuleResult {
  if (isBlank(value)) return isRequired ? fail(field, 'requiredField') : null;
  return isValidPhone(value ?? '') ? null : fail(field, 'invalidPhone');
}

export function email(value: string | null | undefined, field = 'email', isRequired = false): RuleResult {
  if (isBlank(value)) return isRequired ? fail(field, 'requiredField') : null;
  return isValidEmail(value ?? '') ? null : fail(field, 'invalidEmail');
}

/** Verification code: 5 digits (SMS, e-mail or the last 5 digits of the calling number). */
export function otpCode(value: string | null | undefined, field = 'otpCode'): RuleResult {
  if (isBlank(value)) return fail(field, 'requiredField');
  return new RegExp(`^\\d{${limits.otpCodeLength}}$`).test((value ?? '').trim()) ? null : fail(field, 'invalidCode');
}

/** Deposit confirmation: the last 6 digits of the number that called the user. */
export function depositCode(value: string | null | undefined, field = 'code'): RuleResult {
  if (isBlank(value)) return fail(field, 'requiredField');
  return new RegExp(`^\\d{${limits.depositCodeLength}}$`).test((value ?? '').trim()) ? null : fail(field, 'invalidCode');
}

/** Building number, apartment number and company code must be valid numbers (spec 5). */
export function positiveInteger(value: unknown, field: string): RuleResult {
  if (isBlank(value)) return fail(field, 'requiredField');
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) && n > 0 ? null : fail(field, 'invalidNumber');
}

// Dates and times: the strict reading of calendar.ts, a blank value required unless told otherwise.

/** A calendar date yyyy-mm-dd that is a real day (2026-02-31 and 2027-02-29 are not). */
export function localDate(value: string | null | undefined, field: string, isRequired = true): RuleResult {
  if (isBlank(value)) return isRequired ? fail(field, 'requiredField') : null;
  return isCalendarDate(value) ? null : fail(field, 'invalidDate');
}

/** A 24-hour wall-clock time HH:MM, 00:00–23:59 (19:60 is not). */
export function clockTime(value: string | null | undefined, field: string, isRequired = true): RuleResult {
  if (isBlank(value)) return isRequired ? fail(field, 'requiredField') : null;
  return isClockTime(value) ? null : fail(field, 'invalidTime');
}

/** A building's wall clock yyyy-mm-ddTHH:MM: a real day (`invalidDate`) and a real minute (`invalidTime`). */
export function wallClock(value: string | null | undefined, field: string, isRequired = true): RuleResult {
  if (isBlank(value)) return isRequired ? fail(field, 'requiredField') : null;
  const failure = wallClockFailure(value);
  return failure === null ? null : fail(field, failure);
}

/** An ISO instant with its offset (`toISOString()`'s form, or `+03:00`). */
export function instant(value: string | null | undefined, field: string, isRequired = true): RuleResult {
  if (isBlank(value)) return isRequired ? fail(field, 'requiredField') : null;
  const failure = instantFailure(value);
  return failure === null ? null : fail(field, failure);
}

export function firstFailure(...results: RuleResult[]): RuleResult {
  return results.find((r) => r !== null) ?? null;
}

export type ContactInput = {
  buildingId: number | null | undefined;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
};

/** Adding a reporter/contact: a building must be selected, names ≥ 2, phone or e-mail valid when given. */
export function validateContact(input: ContactInput): RuleResult {
  if (input.buildingId === null || input.buildingId === undefined) return fail('buildingId', 'noBuildingSelected');
  return firstFailure(
    personName(input.firstName, 'firstName'),
    personName(input.lastName, 'lastName'),
    phone(input.phone, 'phone', false),
    email(input.email, 'email', false),
  );
}

export type ServiceCallInput = {
  buildingId: number | null | undefined;
  domain: string | null | undefined;
  description: string | null | undefined;
};

/** Opening a service call: building, domain required; description ≥ 10 characters. */
export function validateServiceCall(input: ServiceCallInput): RuleResult {
  if (input.buildingId === null || input.buildingId === undefined) return fail('buildingId', 'noBuildingSelected');
  return firstFailure(required('domain', input.domain), description(input.description));
}

export type ImageFileInput = { type: string; name: string };

/** Only image files may be attached; `jpgOnly` for the places that accept JPEG only. */
export function imageFile(file: ImageFileInput, field = 'file', jpgOnly = false): RuleResult {
  return (jpgOnly ? isJpegFile(file) : isImageFile(file)) ? null : fail(field, 'onlyImageAllowed');
}

export type FeedbackInput = { rating: number | null | undefined; message: string | null | undefined };

export const feedbackRatingMax = 5;

/** App feedback: a rating of 1–5 and a message of at least 10 characters. */
export function validateFeedback(input: FeedbackInput): RuleResult {
  const { rating } = input;
  if (rating === null || rating === undefined) return fail('rating', 'requiredField');
  if (!Number.isInteger(rating) || rating < 1 || rating > feedbackRatingMax) return fail('rating', 'invalidNumber');
  return description(input.message, 'message');
}
