import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newId } from '../../db/mutate';
import { committeeRoles, emergencyKinds, MAX_COMMITTEE_MEMBERS, MAX_EMERGENCY_CONTACTS } from '../../lib/domain/buildingPeople';
import type { BuildingPeopleInput, CommitteeMember, EmergencyContact } from '../../lib/domain/buildingPeople';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { PhoneInput } from '../../ui/PhoneInput';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useOnline } from '../../ui/useOnline';
import type { PeopleRecord } from './buildingPeopleRepo';
import { PeopleConflict, buildingPeopleCalls } from './buildingPeopleRepo';
import styles from './BuildingPeople.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { useChosenBuilding } from './BuildingPeopleScreen';
import { Alert } from '../../ui/Alert';

type Draft = BuildingPeopleInput & { baseVersion: number };

const draftOf = (r: PeopleRecord): Draft => ({
  members: r.members,
  management: r.management,
  emergency: r.emergency,
  workerHours: r.workerHours,
  baseVersion: r.version,
});

const newMember = (): CommitteeMember => ({
  id: newId(),
  name: '',
  committeeRole: 'member',
  phone: '',
  email: '',
  showCall: false,
  showMessage: false,
  showEmail: false,
});
const newEmergency = (): EmergencyContact => ({ id: newId(), kind: 'plumber', name: '', phone: '' });

type Outcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'failed'; key: string } | null;

/** /building-people/:bid/edit — management staff and the building's committee keep who runs the building (online). */
export function EditBuildingPeopleScreen() {
  const { t } = useTranslation(['buildingPeople', 'errors', 'common']);
  const online = useOnline();
  const { buildingId } = useChosenBuilding();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loading, setLoading] = useState<'loading' | 'failed' | 'done'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  // The form starts from the server's record as fetched now, never from an older copy kept on the phone.
  useEffect(() => {
    if (buildingId === null || !online) return;
    let live = true;
    setLoading('loading');
    buildingPeopleCalls.pullBuildingPeople(buildingId).then(
      (record) => {
        if (!live) return;
        setDraft((typed) => typed ?? draftOf(record));
        setLoading('done');
      },
      () => live && setLoading('failed'),
    );
    return () => {
      live = false;
    };
  }, [buildingId, online, attempt]);

  if (buildingId === null) return <EmptyState title={t('editTitle')} message={t('noBuilding')} />;
  if (!online && draft === null) return <EmptyState title={t('editTitle')} message={t('editNeedsConnection')} />;
  if (loading === 'failed' && draft === null)
    return <EmptyState title={t('editTitle')} message={t('loadFailed')} action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('retry')}</Button>} />;
  if (draft === null) return <Spinner label={t('common:loading')} />;

  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params) : null);
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setOutcome(null);
  };
  const changeMember = (i: number, next: Partial<CommitteeMember>) => change({ members: draft.members.map((m, j) => (j === i ? { ...m, ...next } : m)) });
  const changeEmergency = (i: number, next: Partial<EmergencyContact>) =>
    change({ emergency: draft.emergency.map((e, j) => (j === i ? { ...e, ...next } : e)) });

  const save = async () => {
    setBusy(true);
    setFailure(null);
    setOutcome(null);
    try {
      const { baseVersion, ...input } = draft;
      const saved = await buildingPeopleCalls.saveBuildingPeople(buildingId, input, baseVersion);
      setDraft(draftOf(saved));
      setOutcome({ kind: 'saved' });
    } catch (error) {
      if (error instanceof PeopleConflict) {
        setDraft(draftOf(error.current));
        setOutcome({ kind: 'conflict' });
      } else {
        const refused = ruleFailureOf(error);
        if (refused) setFailure(refused);
        else setOutcome({ kind: 'failed', key: errorKeyOf(error, 'errors:errorSaving') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={screenFrame.screen}>
      <h2 className={screenFrame.heading}>{t('editTitle')}</h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('committee')}</legend>
          {draft.members.map((m, i) => (
            <fieldset key={m.id} className={styles.fieldset}>
              <legend className={styles.legend}>{t('memberOf', { n: i + 1 })}</legend>
              <TextField
                label={t('name')}
                value={m.name}
                autoComplete="off"
                onValueChange={(name) => changeMember(i, { name })}
                error={errorOf(`members.${i}.name`)}
              />
              <SelectField
                label={t('role')}
                value={m.committeeRole}
                onValueChange={(v) => changeMember(i, { committeeRole: committeeRoles.find((r) => r === v) ?? 'member' })}
                options={committeeRoles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              />
              <PhoneInput
                label={t('phone')}
                value={m.phone}
                autoComplete="off"
                onValueChange={(phone) => changeMember(i, { phone })}
                error={errorOf(`members.${i}.phone`)}
              />
              <TextField
                label={t('email')}
                type="email"
                dir="ltr"
                autoComplete="off"
                value={m.email}
                onValueChange={(email) => changeMember(i, { email })}
                error={errorOf(`members.${i}.email`)}
              />
              <fieldset className={styles.checks} aria-describedby={`consent-${m.id}`}>
                <legend className={styles.legend}>{t('consent')}</legend>
                <p id={`consent-${m.id}`} className={screenFrame.muted}>
                  {t('consentHint')}
                </p>
                {(['showCall', 'showMessage', 'showEmail'] as const).map((flag) => (
                  <label key={flag} className={styles.check}>
                    <input type="checkbox" checked={m[flag]} onChange={(e) => changeMember(i, { [flag]: e.target.checked })} />
                    {t(flag)}
                  </label>
                ))}
              </fieldset>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => change({ members: draft.members.filter((_, j) => j !== i) })}>
                  {t('removeMember', { n: i + 1 })}
                </Button>
              </div>
            </fieldset>
          ))}
          {draft.members.length < MAX_COMMITTEE_MEMBERS ? (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => change({ members: [...draft.members, newMember()] })}>
                {t('addMember')}
              </Button>
            </div>
          ) : null}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('management')}</legend>
          <TextField
            label={t('companyName')}
            value={draft.management.name}
            onValueChange={(name) => change({ management: { ...draft.management, name } })}
            error={errorOf('management.name')}
          />
          <PhoneInput
            label={t('phone')}
            value={draft.management.phone}
            onValueChange={(phone) => change({ management: { ...draft.management, phone } })}
            error={errorOf('management.phone')}
          />
          <TextField
            label={t('email')}
            type="email"
            dir="ltr"
            value={draft.management.email}
            onValueChange={(email) => change({ management: { ...draft.management, email } })}
            error={errorOf('management.email')}
          />
          <TextField
            label={t('officeHours')}
            value={draft.management.officeHours}
            onValueChange={(officeHours) => change({ management: { ...draft.management, officeHours } })}
            error={errorOf('management.officeHours')}
          />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('emergency')}</legend>
          {draft.emergency.map((e, i) => (
            <fieldset key={e.id} className={styles.fieldset}>
              <legend className={styles.legend}>{t('emergencyOf', { n: i + 1 })}</legend>
              <SelectField
                label={t('kind')}
                value={e.kind}
                onValueChange={(v) => changeEmergency(i, { kind: emergencyKinds.find((k) => k === v) ?? 'other' })}
                options={emergencyKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              />
              <TextField
                label={t('serviceName')}
                value={e.name}
                onValueChange={(name) => changeEmergency(i, { name })}
                error={errorOf(`emergency.${i}.name`)}
              />
              <PhoneInput label={t('phone')} value={e.phone} onValueChange={(phone) => changeEmergency(i, { phone })} error={errorOf(`emergency.${i}.phone`)} />
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => change({ emergency: draft.emergency.filter((_, j) => j !== i) })}>
                  {t('removeEmergency', { n: i + 1 })}
                </Button>
              </div>
            </fieldset>
          ))}
          {draft.emergency.length < MAX_EMERGENCY_CONTACTS ? (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => change({ emergency: [...draft.emergency, newEmergency()] })}>
                {t('addEmergency')}
              </Button>
            </div>
          ) : null}
        </fieldset>

        <Field label={t('workerHours')} error={errorOf('workerHours')}>
          {(control) => <textarea {...control} rows={2} value={draft.workerHours} onChange={(e) => change({ workerHours: e.target.value })} />}
        </Field>

        {failure ? <Alert className={styles.error}>{t(`errors:${failure.messageKey}`, failure.params)}</Alert> : null}
        {outcome?.kind === 'saved' ? (
          <p className={styles.saved} role="status">
            {t('saved')}
          </p>
        ) : null}
        {outcome?.kind === 'conflict' ? <Alert className={styles.error}>{t('conflict')}</Alert> : null}
        {outcome?.kind === 'failed' ? <Alert className={styles.error}>{t(outcome.key)}</Alert> : null}
        {!online ? <p className={screenFrame.muted}>{t('editNeedsConnection')}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy || !online}>
            {t('save')}
          </Button>
          <Link className={styles.backLink} to={`/building-people/${buildingId}`}>
            {t('cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
