import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CompanyChoice } from '../../lib/answers';
import { useSession } from '../../session/sessionContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useOnline } from '../../ui/useOnline';
import { switchCompany, companyCalls } from './companiesRepo';
import styles from './ProfileScreen.module.css';
import { Alert } from '../../ui/Alert';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'done'; companies: CompanyChoice[] };

/** For a user of several companies: the company worked for now, and a switch to another one. */
export function CompanySwitch() {
  const { t } = useTranslation('field');
  const { session } = useSession();
  const online = useOnline();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<CompanyChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const several = session.companiesCount > 1;

  useEffect(() => {
    if (!several || !online) return;
    let active = true;
    companyCalls.fetchCompanies().then(
      (companies) => active && setLoad({ status: 'done', companies }),
      () => active && setLoad({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [several, online, attempt]);

  if (!several) return null;
  const current = load.status === 'done' ? load.companies.find((c) => c.current) : undefined;
  const others = load.status === 'done' ? load.companies.filter((c) => !c.current) : [];

  async function confirmSwitch(company: CompanyChoice) {
    setBusy(true);
    try {
      await switchCompany(company.id, session.userName);
      navigate('/login', { replace: true });
    } finally {
      setBusy(false);
      setChosen(null);
    }
  }

  return (
    <section aria-labelledby="profile-company">
      <h2 id="profile-company" className={styles.heading}>
        {t('company.title')}
      </h2>
      {!online ? (
        <p className={styles.note}>{t('company.offline')}</p>
      ) : load.status === 'loading' ? (
        <p className={styles.note} role="status">
          {t('company.loading')}
        </p>
      ) : load.status === 'failed' ? (
        <Alert className={styles.note}>
          {t('company.failed')}{' '}
          <Button variant="ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t('company.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          {current ? <p className={styles.note}>{t('company.current', { name: current.name, code: current.id })}</p> : null}
          <ul className={styles.choices}>
            {others.map((company) => (
              <li key={company.id}>
                <Button variant="secondary" block onClick={() => setChosen(company)}>
                  {t('company.switchTo', { name: company.name, code: company.id })}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title={t('company.confirmTitle', { name: chosen?.name ?? '' })}
        message={t('company.confirmMessage', { name: chosen?.name ?? '', current: current?.name ?? '' })}
        confirmLabel={t('company.confirm')}
        onConfirm={() => {
          if (chosen && !busy) void confirmSwitch(chosen);
        }}
        onCancel={() => setChosen(null)}
      />
    </section>
  );
}
