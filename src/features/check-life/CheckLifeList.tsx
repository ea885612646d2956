import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import type { CheckLifeAction } from '../../lib/domain/checkLifeRules';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import type { CheckLifeRecord } from './checkLifeRepo';
import { moveCheck } from './checkLifeRepo';
import { Alert } from '../../ui/Alert';

type Props = { records: readonly CheckLifeRecord[]; today: string; canAct: boolean; online: boolean; onMoved(message: string): void };

/** The checks by deposit date, each with its status, who moved it and when, and what may be done today. */
export function CheckLifeList({ records, today, canAct, online, onMoved }: Props) {
  const { t } = useTranslation(['billing', 'errors']);
  const f = useFormats();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [bouncing, setBouncing] = useState<CheckLifeRecord | null>(null);
  // One key per check and move, kept until it succeeds, so a retry after a lost answer repeats it once.
  const [keys] = useState(() => new Map<string, string>());

  const name = (c: CheckLifeRecord) => t('billing:checks.name', { number: c.checkNumber ?? '—', apartment: c.apartmentNumber ?? '—' });

  async function run(c: CheckLifeRecord, action: CheckLifeAction) {
    const id = `${c.CheckGuid}:${action}`;
    const key = keys.get(id) ?? newId();
    keys.set(id, key);
    setBusy(id);
    setError(null);
    try {
      await moveCheck(c.CheckGuid, action, key);
      keys.delete(id);
      onMoved(t(`billing:checks.moved.${action}`, { name: name(c) }));
    } catch (e) {
      setError(t(errorKeyOf(e, 'errors:errorSaving')));
    } finally {
      setBusy(null);
    }
  }

  if (records.length === 0) return <p className={styles.muted}>{t('billing:checks.none')}</p>;
  return (
    <>
      {error ? <Alert className={styles.error}>{error}</Alert> : null}
      <ul className={styles.list} aria-label={t('billing:checks.listLabel')}>
        {records.map((c) => (
          <li key={c.CheckGuid} className={styles.card}>
            <h3 id={`check-${c.CheckGuid}`} className={styles.cardTitle}>
              {name(c)} · {f.agorot(c.amountAgorot)}
            </h3>
            <dl className={styles.facts}>
              <dt>{t('billing:checks.depositDate')}</dt>
              <dd>
                {f.date(c.depositDate)}
                {c.status === 'received' && c.depositDate > today ? ` · ${t('billing:checks.postDated')}` : ''}
              </dd>
              <dt>{t('billing:checks.status')}</dt>
              <dd>
                <span className={c.status === 'bounced' ? styles.badgeWarn : c.status === 'cleared' ? styles.badgeDone : styles.badge}>
                  {t(`billing:checks.statuses.${c.status}`)}
                </span>
              </dd>
              {steps(c).map((s) => (
                <Step key={s.status} label={t(`billing:checks.steps.${s.status}`)} by={s.by} at={s.at} />
              ))}
            </dl>
            {canAct && c.actions.length > 0 ? (
              <div className={styles.actions}>
                {c.actions.map((a) => (
                  <Button
                    key={a}
                    variant={a === 'bounce' ? 'danger' : a === 'clear' ? 'secondary' : 'primary'}
                    disabled={!online || busy !== null}
                    aria-describedby={`check-${c.CheckGuid}`}
                    onClick={() => (a === 'bounce' ? setBouncing(c) : void run(c, a))}
                  >
                    {t(`billing:checks.actions.${a}`)}
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {online ? null : <p className={styles.muted}>{t('billing:saveNeedsConnection')}</p>}
      <ConfirmDialog
        open={bouncing !== null}
        danger
        title={t('billing:checks.bounceTitle')}
        message={bouncing ? t('billing:checks.bounceMessage', { name: name(bouncing), amount: f.agorot(bouncing.amountAgorot) }) : ''}
        confirmLabel={t('billing:checks.actions.bounce')}
        onCancel={() => setBouncing(null)}
        onConfirm={() => {
          const c = bouncing;
          setBouncing(null);
          if (c) void run(c, 'bounce');
        }}
      />
    </>
  );
}

function steps(c: CheckLifeRecord): { status: string; by: string | null; at: string | null }[] {
  return [
    { status: 'received', by: c.receivedBy, at: c.receivedAt },
    { status: 'deposited', by: c.depositedBy, at: c.depositedAt },
    { status: 'cleared', by: c.clearedBy, at: c.clearedAt },
    { status: 'bounced', by: c.bouncedBy, at: c.bouncedAt },
  ].filter((s) => s.at !== null);
}

function Step({ label, by, at }: { label: string; by: string | null; at: string | null }) {
  const { t } = useTranslation('billing');
  const f = useFormats();
  return (
    <>
      <dt>{label}</dt>
      <dd>{t('checks.byAt', { by: by ?? '—', at: at ? f.dateTime(at) : '—' })}</dd>
    </>
  );
}
