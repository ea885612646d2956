import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { ResultDialog } from '../../ui/ResultDialog';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import { saveLanguageChoice } from '../../session/languageChoice';
import { useSession } from '../../session/sessionContext';
import { CompanySwitch } from './CompanySwitch';
import { SignOutButton } from './SignOutButton';
import { SiteChoiceSection } from '../../session/SiteChoiceSection';
import { useServerRefresh } from '../../session/useServerRefresh';
import type { ProfileDetails } from '../../lib/validation/profileRules';
import { ChangeRequestDialog } from './ChangeRequestDialog';
import { NotificationPrefsSection } from './NotificationPrefsSection';
import type { ProfileAnswer } from '../../lib/answers';
import { localRequests, pullProfile, requestDeletion, storedProfile } from './profileRepo';
import { useOwnerKey } from './useOwnerKey';
import { useProfileRefresh } from './useProfileRefresh';
import styles from './ProfileScreen.module.css';

/** /user-profile: details, buildings and apartment, change and deletion requests, notifications, language, links, logout. */
export function ProfileScreen() {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const f = useFormats();
  const { session, update } = useSession();
  const [changing, setChanging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deletionNote, setDeletionNote] = useState('');
  const deletionFormId = useId();
  const result = useResult();
  useProfileRefresh();
  const [answer, setAnswer] = useState<ProfileAnswer | null>(null);
  useServerRefresh('profile', async (api) => setAnswer(await pullProfile(api)));
  const owner = useOwnerKey();
  const stored = useLiveQuery(() => (owner === null ? null : storedProfile(owner)), [owner]);
  const local = useLiveQuery(() => (owner === null ? [] : localRequests(owner)), [owner]) ?? [];
  // Personal details are shown from the server's answer and never kept on the device.
  const profile = answer?.profile;

  const current: ProfileDetails = { fullName: profile?.fullName ?? session.WorkerName, phone: profile?.phone ?? '', email: profile?.email ?? '' };
  const details: Array<[string, string]> = [
    [t('profile:name'), current.fullName],
    [t('profile:phone'), current.phone],
    [t('profile:email'), current.email],
    [t('profile:role'), profile ? t(`profile:roles.${profile.role}`, { defaultValue: profile.role }) : ''],
    [t('profile:userName'), session.userName],
    [t('profile:companyCode'), session.compID === null ? '' : String(session.compID)],
    [t('profile:workerNumber'), session.workerID === null ? '' : String(session.workerID)],
    [
      t('profile:buildings'),
      profile ? [...profile.buildings.map((b) => b.name), ...(profile.buildingCount > profile.buildings.length ? ['…'] : [])].join(', ') : '',
    ],
    [t('profile:apartments'), profile ? profile.apartments.map((a) => t('profile:apartment', { number: a.number })).join(', ') : ''],
  ];
  const states = stored?.requestStates ?? {};
  const serverRequests = answer?.requests ?? [];
  const requests = [
    ...local.map((row) => ({
      id: row.value.id,
      kind: row.value.kind,
      createdAt: row.value.createdAt,
      state: states[row.value.id] ?? 'pending',
      syncState: row.syncState,
      fields: row.value.fields,
    })),
    ...serverRequests
      .filter((r) => !local.some((l) => l.value.id === r.id))
      .map((r) => ({ id: r.id, kind: r.kind, createdAt: r.createdAt, state: r.state, syncState: 'synced' as const, fields: Object.keys(r.changes) })),
  ].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));

  const sendDeletion = async () => {
    await result.run(() => requestDeletion(deletionNote), t('profile:deletion.sent'), 'errors:anErrorOccurred');
    setDeleting(false);
    setDeletionNote('');
  };

  return (
    <div className={styles.screen}>
      <section aria-labelledby="profile-details">
        <h2 id="profile-details" className={styles.heading}>
          {t('profile:details')}
        </h2>
        <dl className={styles.details}>
          {details
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <div key={label} className={styles.row}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            {t('profile:change.open')}
          </Button>
        </div>
      </section>
      <CompanySwitch />
      {requests.length > 0 ? (
        <section aria-labelledby="profile-requests">
          <h2 id="profile-requests" className={styles.heading}>
            {t('profile:requests.title')}
          </h2>
          <ul className={styles.list}>
            {requests.map((r) => (
              <li key={r.id} className={styles.card} aria-label={t(`profile:requests.kind.${r.kind}`)}>
                <div className={styles.cardHeader}>
                  <strong>{t(`profile:requests.kind.${r.kind}`)}</strong>
                  <span>{t(`profile:requests.state.${r.state}`, { defaultValue: r.state })}</span>
                </div>
                <span className={styles.muted}>
                  {[f.dateTime(r.createdAt), ...r.fields.map((k) => t(`profile:${k === 'fullName' ? 'name' : k}`))].join(' · ')}
                </span>
                <RecordSyncBadge state={r.syncState} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <NotificationPrefsSection owner={owner} onSaved={() => result.succeed(t('profile:notifications.saved'))} onFailed={result.fail} />
      <SiteChoiceSection headingClassName={styles.heading} />
      <LanguageSwitch
        onChanged={(language) => {
          void update({ languageId: language.id });
          saveLanguageChoice(language.id).catch(() => result.fail('errors:anErrorOccurred'));
        }}
      />
      <nav aria-label={t('profile:more')} className={styles.actions}>
        <Link to="/privacy-terms">{t('profile:links.terms')}</Link>
        <Link to="/about">{t('profile:links.about')}</Link>
      </nav>
      <Button variant="secondary" onClick={() => setDeleting(true)}>
        {t('profile:deletion.open')}
      </Button>
      <SignOutButton />
      {changing ? (
        <ChangeRequestDialog
          current={current}
          onClose={() => setChanging(false)}
          onSent={() => {
            setChanging(false);
            result.succeed(t('profile:change.sent'));
          }}
        />
      ) : null}
      <FormDialog
        open={deleting}
        title={t('profile:deletion.title')}
        onClose={() => setDeleting(false)}
        formId={deletionFormId}
        submitLabel={t('profile:deletion.send')}
        onSubmit={() => void sendDeletion()}
      >
        <p>{t('profile:deletion.intro')}</p>
        <Field label={t('profile:deletion.note')}>
          {(control) => <textarea {...control} value={deletionNote} onChange={(e) => setDeletionNote(e.target.value)} rows={3} />}
        </Field>
      </FormDialog>
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
