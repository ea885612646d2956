import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleFailureOf } from '../../lib/validation/rules';
import { siteLimits } from '../../lib/validation/siteRules';
import { fetchCompanySites } from '../../session/companySite';
import { errorKeyOf } from '../../session/errorKey';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import { saveCompanySites } from './companySitesRepo';

type Failure = { key: string; params: Record<string, string | number> };

/** The refusal to show under the field (the server's answer carries no placeholder values: the limit is shared). */
function failureOf(error: unknown): Failure {
  return { key: errorKeyOf(error, 'errors:anErrorOccurred'), params: ruleFailureOf(error)?.params ?? { max: siteLimits.maxSites } };
}

/** /company-sites: management staff list the company's customised sites a start-up link may offer. */
export function CompanySitesScreen() {
  const { t } = useTranslation(['companySite', 'errors']);
  const [sites, setSites] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const result = useResult();
  const refresh = useServerRefresh('companySites', async (client) => setSites(await fetchCompanySites(client)));

  const save = async (next: string[], successText: string): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      setSites(await saveCompanySites(next));
      result.succeed(successText);
      return true;
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await save([...(sites ?? []), draft], t('companySite:manage.added'))) setDraft('');
  };

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('companySite:manage.title')}</h2>
      <p className={styles.muted}>{t('companySite:manage.intro')}</p>
      {sites === null && refresh.state === 'loading' ? <Spinner /> : null}
      {sites === null && refresh.state === 'failed' ? (
        <EmptyState message={t('companySite:manage.loadFailed')} action={<Button onClick={refresh.retry}>{t('companySite:manage.retry')}</Button>} />
      ) : null}
      {sites?.length === 0 ? <EmptyState message={t('companySite:manage.empty')} /> : null}
      {sites && sites.length > 0 ? (
        <ul className={styles.list} aria-label={t('companySite:manage.listLabel')}>
          {sites.map((site) => (
            <li key={site} className={styles.card}>
              <div className={styles.cardHeader}>
                <span className={styles.cardTitle} dir="ltr">
                  {site}
                </span>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    void save(
                      sites.filter((s) => s !== site),
                      t('companySite:manage.removed'),
                    )
                  }
                  aria-label={t('companySite:manage.removeOf', { site })}
                >
                  {t('companySite:manage.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {sites !== null ? (
        <form className={styles.form} onSubmit={(e) => void add(e)} noValidate>
          <TextField
            label={t('companySite:manage.address')}
            hint={t('companySite:manage.addressHint')}
            value={draft}
            onValueChange={setDraft}
            error={failure ? t(failure.key, failure.params) : null}
            type="url"
            inputMode="url"
            dir="ltr"
            autoComplete="url"
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {t('companySite:manage.add')}
            </Button>
          </div>
        </form>
      ) : null}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
