import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/outboxRows';
import { resolveConflict } from '../../sync/userActions';
import type { Choice } from '../../sync/userActions';
import styles from './SyncScreen.module.css';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Keep mine / take theirs, field by field (a delete or a refused create is decided as a whole). */
export function ConflictForm({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  const conflict = entry.conflict;
  const whole = entry.op === 'delete' || entry.op === 'create';
  const fields = whole ? [{ field: '*', mine: null, theirs: null, base: null }] : (conflict?.fields ?? []);
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(fields.map((f) => [f.field, 'mine' as Choice])));
  if (!conflict) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await resolveConflict(entry.id, choices);
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t('conflict.form')}>
      <p>{t(whole ? `conflict.intro_${entry.op}` : 'conflict.intro')}</p>
      {whole ? (
        <ul className={styles.conflictList}>
          {conflict.fields.map((f) => (
            <li key={f.field}>
              {t(`fields.${f.field}`, { defaultValue: f.field })}: {show(f.base)} → {show(f.theirs)}
            </li>
          ))}
        </ul>
      ) : null}
      {fields.map((f) => (
        <fieldset key={f.field} className={styles.fieldset}>
          <legend>{whole ? t('conflict.record') : t(`fields.${f.field}`, { defaultValue: f.field })}</legend>
          {entry.op === 'create' ? null : (
            <label className={styles.choice}>
              <input type="radio" name={f.field} checked={choices[f.field] === 'mine'} onChange={() => setChoices({ ...choices, [f.field]: 'mine' })} />
              {whole ? t('conflict.keepMineDelete') : t('conflict.keepMine', { value: show(f.mine) })}
            </label>
          )}
          <label className={styles.choice}>
            <input
              type="radio"
              name={f.field}
              checked={choices[f.field] === 'theirs' || entry.op === 'create'}
              onChange={() => setChoices({ ...choices, [f.field]: 'theirs' })}
            />
            {whole ? t('conflict.takeTheirsRecord') : t('conflict.takeTheirs', { value: show(f.theirs) })}
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
