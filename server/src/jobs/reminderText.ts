// A building event's reminder as one recipient reads it: the heading in their language, the event's title
// and notes translated when the dictionary knows them (server/src/translate), the time as dd/mm/yyyy and
// 24-hour wall-clock times of the building.
import { wallClockDate, wallClockTime } from '../../../src/lib/dates.ts';
import type { LanguageId } from '../translate/phrases.ts';
import type { Translator } from '../translate/translator.ts';
import type { RecipientText } from '../messaging/queueMessage.ts';

export type RemindedEvent = { title: string; notes: string | null; start: string; end: string };

/** The event's date and hours, the same in every language: 25/11/2026 09:00–11:30. */
export const reminderWhen = (event: Pick<RemindedEvent, 'start' | 'end'>) =>
  `${wallClockDate(event.start)} ${wallClockTime(event.start)}–${wallClockTime(event.end)}`;

export function reminderText(event: RemindedEvent, languageId: LanguageId, translate: Translator): RecipientText {
  const when = reminderWhen(event);
  const title = translate(event.title, languageId).text;
  const notes = event.notes ? translate(event.notes, languageId).text : '';
  return {
    subject: `${translate('Reminder', languageId).text}: ${title} · ${when}`,
    body: notes ? `${when}\n${notes}` : when,
    languageId,
  };
}
