// Card data never reaches our server (issue 29 item 8): the card is typed on the provider's page and our
// API refuses any body that carries a card number or a security code, wherever it sits in the body (a
// batch's changes too). A card number is a run of 13–19 digits (spaces or dashes between them allowed),
// alone or within text, that a card network could have issued (2–6 first) and passes Luhn; a security
// code is any field named like one. The same rule lets the app refuse to send one.
import { digitsOfCard, luhnValid } from './cards.ts';

const SECURITY_CODE_FIELDS = /^(cvv2?|cvc2?|csc|cid|securitycode|cardsecuritycode|card_security_code)$/i;

// 13–19 digits, single spaces or dashes between them, standing apart from letters, digits, `_` and `-`:
// a card is typed as a number or among words, while a digit run inside a machine's token (a push
// endpoint's address, a base64 key, an id within a URL) is part of that token, not a card.
const DIGIT_RUN = /(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g;

// A record's id is a random UUID: its digits (with the dashes between its groups) can form a run that
// passes Luhn, so an id is never read as a card number (the check is for cards typed by mistake).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_FIELD = /^(id|guid)$|(Id|Ids|Guid|Key)$/;

/** Whether the text holds a card number: on its own, or within words (a note, a description). */
function looksLikeCardNumber(value: string): boolean {
  if (UUID.test(value)) return false;
  for (const [run] of value.matchAll(DIGIT_RUN)) {
    const digits = digitsOfCard(run);
    if (/^[2-6]/.test(digits) && luhnValid(digits)) return true;
  }
  return false;
}

/** Where in the body a card number or security code is ("cvv", "changes.0.body.number"), or null when none. */
export function cardDataIn(body: unknown, path = '', depth = 0): string | null {
  if (depth > 20) return null;
  if (typeof body === 'string') return looksLikeCardNumber(body) ? path || '(body)' : null;
  if (typeof body === 'number') return Number.isSafeInteger(body) && looksLikeCardNumber(String(body)) ? path || '(body)' : null;
  if (Array.isArray(body)) {
    for (const [i, item] of body.entries()) {
      const found = cardDataIn(item, path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      const at = path ? `${path}.${key}` : key;
      if (SECURITY_CODE_FIELDS.test(key) && value !== null && value !== '') return at;
      if (ID_FIELD.test(key)) continue;
      const found = cardDataIn(value, at, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
