import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateOpeningRecord, GateView } from '../../lib/domain/buildingLife';
import { errorKeyOf } from '../../session/errorKey';
import { useFormats } from '../../ui/useFormats';
import { gateCalls } from './gatesRepo';
import styles from './Gates.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/** Who opened a gate, how and with what outcome: read on demand by those who manage gates (online). */
export function GateOpenings({ gate }: { gate: GateView }) {
  const { t } = useTranslation(['gates', 'errors']);
  const formats = useFormats();
  const [records, setRecords] = useState<GateOpeningRecord[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = () => {
    setFailure(null);
    void gateCalls.openingsOf(gate).then(setRecords, (error: unknown) => setFailure(errorKeyOf(error, 'errors:anErrorOccurred')));
  };
  return (
    <details className={styles.openings} onToggle={(e) => e.currentTarget.open && records === null && load()}>
      <summary>{t('openingsOf', { name: gate.name })}</summary>
      {failure ? <p className={styles.error}>{t(failure)}</p> : null}
      {records?.length === 0 ? <p className={screenFrame.muted}>{t('noOpenings')}</p> : null}
      <ul className={styles.openingList}>
        {(records ?? []).map((r) => (
          <li key={r.id}>
            {t('openingLine', {
              when: formats.dateTime(r.requestedAt),
              who: r.userName,
              how: t(r.via === 'gateLine' ? 'viaGateLine' : 'viaOwnPhone'),
              status: t(`openingStatus.${r.status}`),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}
