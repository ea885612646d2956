import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addLocalDays, addLocalMonths, formatDisplayDate, formatMonthYear, monthGrid, toLocalDateString, weekStartOf, weekdayNamesOf } from '../lib/dates';
import { isLanguageCode, languageByCode } from '../i18n/languages';
import { actionIcons, Icon } from './icons';
import { useModalDialog } from './useModalDialog';
import styles from './DateField.module.css';

type Props = {
  /** The field's label: the dialog's title. */
  title: string;
  /** The chosen day (yyyy-mm-dd) or ''. */
  value: string;
  min?: string;
  max?: string;
  onPick(day: string): void;
  onClose(): void;
};

const clamp = (day: string, min?: string, max?: string) => (min && day < min ? min : max && day > max ? max : day);

/** A month page to choose a day from: weeks start on Sunday, arrows move by day and week, Page keys by month. */
export function CalendarDialog({ title, value, min, max, onPick, onClose }: Props) {
  const { t, i18n } = useTranslation('common');
  const language = isLanguageCode(i18n.language) ? i18n.language : 'he';
  const rtl = languageByCode(language).dir === 'rtl';
  const today = toLocalDateString(new Date());
  const [focused, setFocused] = useState(() => clamp(value || today, min, max));
  const moveFocus = useRef(true);
  const ref = useModalDialog(true);
  const titleId = useId();

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    ref.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, ref]);

  const year = Number(focused.slice(0, 4));
  const month = Number(focused.slice(5, 7)) - 1;
  // Narrow headers (S M T …, א׳ ב׳ …): the short Hebrew names do not fit seven columns at 390 px.
  const shortNames = weekdayNamesOf(language, 'narrow');
  const longNames = weekdayNamesOf(language, 'long');
  const outside = (day: string) => (min !== undefined && min !== '' && day < min) || (max !== undefined && max !== '' && day > max);

  const go = (day: string, focusDay: boolean) => {
    moveFocus.current = focusDay;
    setFocused(clamp(day, min, max));
  };

  const onGridKey = (event: KeyboardEvent) => {
    const step: Record<string, () => string> = {
      ArrowLeft: () => addLocalDays(focused, rtl ? 1 : -1),
      ArrowRight: () => addLocalDays(focused, rtl ? -1 : 1),
      ArrowUp: () => addLocalDays(focused, -7),
      ArrowDown: () => addLocalDays(focused, 7),
      Home: () => weekStartOf(focused),
      End: () => addLocalDays(weekStartOf(focused), 6),
      PageUp: () => addLocalMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addLocalMonths(focused, event.shiftKey ? 12 : 1),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    go(next(), true);
  };

  return (
    <dialog
      ref={ref}
      className={styles.calendar}
      aria-labelledby={`${titleId}-field ${titleId}`}
      onCancel={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <h2 id={`${titleId}-field`} className={styles.calendarTitle}>
        {title}
      </h2>
      <div className={styles.monthBar}>
        <button type="button" className={styles.monthButton} aria-label={t('dateField.previousMonth')} onClick={() => go(addLocalMonths(focused, -1), false)}>
          <Icon icon={rtl ? actionIcons.next : actionIcons.previous} />
        </button>
        <p id={titleId} className={styles.monthName} aria-live="polite">
          {formatMonthYear(year, month, language)}
        </p>
        <button type="button" className={styles.monthButton} aria-label={t('dateField.nextMonth')} onClick={() => go(addLocalMonths(focused, 1), false)}>
          <Icon icon={rtl ? actionIcons.previous : actionIcons.next} />
        </button>
      </div>
      <table className={styles.grid} aria-labelledby={titleId} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {shortNames.map((name, i) => (
              <th key={longNames[i]} scope="col" abbr={longNames[i]}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week, w) => (
            <tr key={w}>
              {week.map((day, d) =>
                day === null ? (
                  <td key={d} />
                ) : (
                  <td key={day}>
                    <button
                      type="button"
                      data-day={day}
                      className={styles.day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-pressed={day === value}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={outside(day) || undefined}
                      onClick={() => {
                        if (!outside(day)) onPick(day);
                      }}
                    >
                      {/* Named by its weekday and full date; the number alone is what the eye needs. */}
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                      <span className="visually-hidden">{`${longNames[d]} ${formatDisplayDate(day)}`}</span>
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.calendarActions}>
        {outside(today) ? null : (
          <button type="button" className={styles.textButton} onClick={() => onPick(today)}>
            {t('dateField.today')}
          </button>
        )}
        <button type="button" className={styles.textButton} onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </dialog>
  );
}
