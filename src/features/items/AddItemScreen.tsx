import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { mailItemKinds } from '../../lib/domain/entities';
import type { MailItemKind } from '../../lib/domain/entities';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { TextField } from '../../ui/TextField';
import { useSession } from '../../session/sessionContext';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { useRuleForm } from '../../ui/useRuleForm';
import { SelectField } from '../../ui/SelectField';
import { useResult } from '../../ui/useResult';
import { recipientsOfBuilding } from './itemsQueries';
import { registerKey, registerMailItem } from './itemsRepo';
import type { ItemKind } from './itemsRepo';
import styles from '../../ui/fieldScreens.module.css';
import { Alert } from '../../ui/Alert';
import { buildingsPath } from '../../lib/appPaths';

const listPath: Record<ItemKind, string> = { keys: '/keys', mailItems: '/mail-items' };

function isMailKind(value: string): value is MailItemKind {
  return (mailItemKinds as readonly string[]).includes(value);
}

/** /add-key and /add-mail-item: register an item for an apartment or a contact of the current building. */
export function AddItemScreen({ kind }: { kind: ItemKind }) {
  const { t } = useTranslation(['items', 'errors', 'common']);
  const { session } = useSession();
  const navigate = useNavigate();
  const bid = session.bID;
  const recipients = useLiveQuery(() => (bid === null ? null : recipientsOfBuilding(bid)), [bid]);
  // The form reads the building's apartments and contacts from the device only.
  const notTaken = useNotTaken(bid);
  const [apartmentId, setApartmentId] = useState('');
  const [contactId, setContactId] = useState('');
  const [number, setNumber] = useState('');
  const [description, setDescription] = useState('');
  const [mailKind, setMailKind] = useState<MailItemKind>('parcel');
  const [carrier, setCarrier] = useState('');
  const result = useResult();
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(() => result.fail('errors:anErrorOccurred'));
  const closeResult = result.close;
  const afterSaved = useCallback(() => {
    closeResult();
    navigate(listPath[kind]);
  }, [closeResult, navigate, kind]);

  if (bid === null)
    return (
      <EmptyState
        title={t('items:noBuilding.title')}
        message={t('items:noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('items:noBuilding.action')}
          </Link>
        }
      />
    );
  const contacts = (recipients?.contacts ?? []).filter((c) => !apartmentId || c.apartmentId === apartmentId);

  const register = () =>
    save(async () => {
      const recipient = { buildingId: bid, apartmentId: apartmentId || null, contactId: contactId || null, registeredBy: session.WorkerName };
      if (kind === 'keys') await registerKey({ ...recipient, tagNumber: number, description });
      else await registerMailItem({ ...recipient, kind: mailKind, carrier: carrier || null, trackingNumber: number, description });
      result.succeed(t(`items:${kind}.saved`));
    });

  const numberField = kind === 'keys' ? 'tagNumber' : 'trackingNumber';
  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t(`items:${kind}.addTitle`)}</h2>
      {notTaken ? <BuildingNotTaken buildingId={bid} /> : null}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void register();
        }}
      >
        <SelectField
          label={t('items:form.apartment')}
          value={apartmentId}
          onValueChange={(v) => {
            setApartmentId(v);
            setContactId('');
          }}
          options={[
            { value: '', label: t('items:form.noApartment') },
            ...(recipients?.apartments ?? []).map((a) => ({ value: a.id, label: t('items:apartment', { number: a.number }) })),
          ]}
        />
        <SelectField
          label={t('items:form.contact')}
          value={contactId}
          onValueChange={(v) => {
            setContactId(v);
            const contact = recipients?.contacts.find((c) => c.id === v);
            if (contact?.apartmentId && !apartmentId) setApartmentId(contact.apartmentId);
          }}
          options={[{ value: '', label: t('items:form.noContact') }, ...contacts.map((c) => ({ value: c.id, label: c.fullName }))]}
        />
        {kind === 'mailItems' ? (
          <>
            <SelectField
              label={t('items:mailKind.label')}
              value={mailKind}
              onValueChange={(v) => isMailKind(v) && setMailKind(v)}
              options={mailItemKinds.map((k) => ({ value: k, label: t(`items:mailKind.${k}`) }))}
            />
            <TextField label={t('items:form.carrier')} value={carrier} onValueChange={setCarrier} autoComplete="off" />
          </>
        ) : null}
        <TextField
          label={t(`items:${kind}.number`)}
          value={number}
          onValueChange={(v) => {
            setNumber(v);
            setFailure(null);
          }}
          autoComplete="off"
          error={errorOf(numberField)}
        />
        <TextField
          label={kind === 'keys' ? t('items:form.description') : t('items:form.descriptionOptional')}
          value={description}
          onValueChange={(v) => {
            setDescription(v);
            setFailure(null);
          }}
          autoComplete="off"
          error={errorOf('description')}
        />
        {errorBesides([numberField, 'description']) ? <Alert className={styles.error}>{errorBesides([numberField, 'description'])}</Alert> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => navigate(listPath[kind])}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy} icon={actionIcons.add}>
            {t(`items:${kind}.save`)}
          </Button>
        </div>
      </form>
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={afterSaved} />
    </div>
  );
}

export const AddKeyScreen = () => <AddItemScreen kind="keys" />;
export const AddMailItemScreen = () => <AddItemScreen kind="mailItems" />;
