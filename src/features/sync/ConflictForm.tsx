import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/outboxRows';
import { subjectOf } from '../../sync/write/outboxSubjects';
import { resolveConflict } from '../../sync/write/userActions';
import type { Choice } from '../../sync/write/userActions';
import { useFormats } from '../../ui/useFormats';
import { fieldInputOf, fieldLabel, fieldValueText, isShownField } from './fieldDisplay';
import styles from './SyncScreen.module.css';

/** Keep mine / take theirs, field by field (a delete or a refused create is decided as a whole), in words and dd/mm/yyyy. */
export function ConflictForm({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  const f = useFormats();
  const conflict = entry.conflict;
  const subject = subjectOf(entry);
  const whole = entry.op === 'delete' || entry.op === 'create';
  const fields = whole ? [{ field: '*', mine: null, theirs: null, base: null }] : (conflict?.fields ?? []);
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(fields.map((c) => [c.field, 'mine' as Choice])));
  if (!conflict) return null;
  const show = (field: string, value: unknown) => fieldValueText(t, f, fieldInputOf(subject, field), value);
  const changed = conflict.fields.filter((c) => isShownField(c.field));

  async function submit(event: FormEvent) {
    event.preventDefault();
    await resolveConflict(entry.id, choices);
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t('conflict.form')}>
      <p>{t(whole ? `conflict.intro_${entry.op}` : 'conflict.intro')}</p>
      {whole && changed.length > 0 ? (
        <ul className={styles.conflictList}>
          {changed.map((c) => (
            <li key={c.field}>
              {entry.op === 'create'
                ? t('conflict.theirsOnly', { field: fieldLabel(t, c.field), mine: show(c.field, c.mine), theirs: show(c.field, c.theirs) })
                : t('conflict.changedOnServer', { field: fieldLabel(t, c.field), before: show(c.field, c.base), after: show(c.field, c.theirs) })}
            </li>
          ))}
        </ul>
      ) : null}
      {fields.map((c) => (
        <fieldset key={c.field} className={styles.fieldset}>
          <legend>{whole ? t('conflict.record') : fieldLabel(t, c.field)}</legend>
          {entry.op === 'create' ? null : (
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${entry.id}-${c.field}`}
                checked={choices[c.field] === 'mine'}
                onChange={() => setChoices({ ...choices, [c.field]: 'mine' })}
              />
              {whole ? t('conflict.keepMineDelete') : t('conflict.keepMine', { value: show(c.field, c.mine) })}
            </label>
          )}
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${entry.id}-${c.field}`}
              checked={choices[c.field] === 'theirs' || entry.op === 'create'}
              onChange={() => setChoices({ ...choices, [c.field]: 'theirs' })}
            />
            {whole ? t('conflict.takeTheirsRecord') : t('conflict.takeTheirs', { value: show(c.field, c.theirs) })}
          </label>
        </fieldset>
      ))}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {t('conflict.apply')}
        </button>
      </div>
    </form>
  );
}
