import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { db } from '../../db/db';
import { maySignForOthers, signatureFormOf, signatureForms } from '../../lib/forms/signatureForms';
import { actorFrom } from '../../lib/rights/rights';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { useSession } from '../../session/sessionContext';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import styles from '../../ui/fieldScreens.module.css';
import { SignaturePad } from '../../ui/SignaturePad';
import type { SignaturePadHandle } from '../../ui/SignaturePad';
import { signForm, signedForm } from './signFormRepo';
import pad from './SignForm.module.css';
import { Alert } from '../../ui/Alert';
import { buildingsPath } from '../../lib/appPaths';

const BUILDING = '';

/** /sign-form: fill a form and sign it with a finger; saved on the device, made a signed PDF once sent. */
export function SignFormScreen() {
  const { t, i18n } = useTranslation(['signForms', 'documents', 'errors']);
  const { session } = useSession();
  const bid = session.bID;
  const units = useLiveQuery(() => (bid === null ? [] : db.apartments.where('buildingId').equals(bid).sortBy('number')), [bid]) ?? [];
  const [formId, setFormId] = useState<string>(signatureForms[0].id);
  const [values, setValues] = useState<Record<string, string>>({});
  const [apartmentId, setApartmentId] = useState(BUILDING);
  // Who signs is the user; staff may hand the screen to someone and name them (the form records both).
  const forOthers = maySignForOthers(actorFrom(session).role);
  const [signerName, setSignerName] = useState(session.WorkerName);
  const signer = forOthers ? signerName : session.WorkerName;
  const [signed, setSigned] = useState(false);
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentId, setSentId] = useState<string | null>(null);
  const sent = useLiveQuery(() => (sentId ? signedForm(sentId) : null), [sentId]);
  const padRef = useRef<SignaturePadHandle>(null);
  const hintId = useId();
  const form = signatureFormOf(formId) ?? signatureForms[0];
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params) : null);

  if (bid === null)
    return (
      <EmptyState
        title={t('documents:noBuilding.title')}
        message={t('documents:noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('documents:noBuilding.action')}
          </Link>
        }
      />
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const title = t(`forms.${form.id}.title`);
      const id = await signForm(
        {
          formId: form.id,
          title,
          buildingId: bid,
          apartmentId: apartmentId || null,
          values,
          signerName: signer,
          signed: signed && !padRef.current?.isEmpty(),
          language: i18n.language,
        },
        () => {
          const signature = padRef.current?.canvas();
          if (!signature) throw new Error('no signature pad');
          return signature;
        },
      );
      setFailure(null);
      setSentId(id);
      setValues({});
      padRef.current?.clear();
    } catch (error) {
      setFailure(ruleFailureOf(error) ?? { field: 'signature', messageKey: 'anErrorOccurred' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('title')}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <SelectField
          label={t('form')}
          value={formId}
          onValueChange={(id) => {
            setFormId(id);
            setValues({});
            setFailure(null);
          }}
          options={signatureForms.map((sf) => ({ value: sf.id, label: t(`forms.${sf.id}.title`) }))}
        />
        <p className={pad.formText}>{t(`forms.${form.id}.text`)}</p>
        {units.length > 0 ? (
          <SelectField
            label={t('unit')}
            value={apartmentId}
            onValueChange={setApartmentId}
            options={[
              { value: BUILDING, label: t('documents:wholeBuilding') },
              ...units.map((u) => ({ value: u.id, label: t('documents:unit', { number: u.number }) })),
            ]}
          />
        ) : null}
        {form.fields.map((name) => (
          <TextField
            key={name}
            label={t(`fields.${name}`)}
            value={values[name] ?? ''}
            onValueChange={(v) => setValues((all) => ({ ...all, [name]: v }))}
            error={errorOf(name)}
            required
            autoComplete="off"
          />
        ))}
        <TextField
          label={t('signerName')}
          value={signer}
          onValueChange={setSignerName}
          error={errorOf('signerName')}
          required
          readOnly={!forOthers}
          autoComplete="name"
        />
        <div>
          <p id={hintId} className={styles.muted}>
            {t('signHere')}
          </p>
          <SignaturePad ref={padRef} label={t('signature')} describedBy={hintId} onChange={setSigned} />
          {errorOf('signature') ? <Alert className={styles.error}>{errorOf('signature')}</Alert> : null}
          <Button variant="ghost" onClick={() => padRef.current?.clear()}>
            {t('clear')}
          </Button>
        </div>
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {t('sign')}
        </Button>
      </form>
      {sent ? (
        <section className={styles.summary} aria-live="polite" aria-label={t('lastSigned')}>
          <span>{sent.syncState === 'synced' ? t('sentDone', { title: sent.value.title }) : t('savedOnDevice', { title: sent.value.title })}</span>
          <RecordSyncBadge state={sent.syncState} />
        </section>
      ) : null}
    </div>
  );
}
