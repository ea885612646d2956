// /add-service-calls/:bid?: open a call (or join an open one of the same building and domain).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { serviceCallDomains, serviceCallPriorities, serviceCallTypes } from '../../lib/domain/entities';
import type { ServiceCallDomain, ServiceCallPriority, ServiceCallType } from '../../lib/domain/entities';
import type { ServiceCallRow } from '../../db/schema';
import { validateServiceCall } from '../../lib/validation/rules';
import { useOnBuildingChange } from '../../directory/buildingPicker';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ConfirmLeaveModal } from '../../ui/ConfirmLeaveModal';
import { TextField } from '../../ui/TextField';
import { useSession } from '../../session/sessionContext';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { SelectField } from '../../ui/SelectField';
import { CheckboxField, TextAreaField } from './fields';
import { JoinExistingCall } from './JoinExistingCall';
import { OutOfHoursNotice } from './OutOfHoursNotice';
import { PhotoPicker } from './PhotoPicker';
import { ReporterField } from './ReporterField';
import type { Reporter } from './ReporterField';
import { buildingOfRoute } from './ServiceCallsScreen';
import { createServiceCall, joinServiceCall } from './serviceCallsRepo';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { useActionFeedback } from './useActionFeedback';
import { useAddFormRefresh } from './useAddFormRefresh';
import { usePhotoPicker } from './usePhotoPicker';
import { useBuildings, useJoinableCalls } from './useServiceCalls';
import styles from './CallForm.module.css';
import shared from './ServiceCalls.module.css';

type Errors = Partial<Record<'buildingId' | 'domain' | 'description', string>>;

export function AddServiceCallScreen() {
  const { t } = useTranslation(['serviceCalls', 'errors']);
  const { bid } = useParams();
  const { session } = useSession();
  const navigate = useNavigate();
  const buildings = useBuildings();
  const fromAddress = buildingOfRoute(bid, session.bID);
  const [buildingId, setBuildingId] = useState<number | null>(fromAddress);
  const [reporter, setReporter] = useState<Reporter>({ contactId: null, name: '' });
  // A link to another building's form (the screen stays open) shows that building; the picker itself only
  // changes the form's building, so choosing one never asks to leave what is typed.
  useOnBuildingChange(fromAddress, () => {
    setBuildingId(fromAddress);
    setReporter({ contactId: null, name: '' });
  });
  const [callType, setCallType] = useState<ServiceCallType>('fault');
  const [domain, setDomain] = useState<ServiceCallDomain | ''>('');
  const [priority, setPriority] = useState<ServiceCallPriority>('normal');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [copy, setCopy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const picker = usePhotoPicker();
  const joinable = useJoinableCalls(buildingId, domain);
  useAddFormRefresh(buildingId);
  // The reporters and the calls to join come from the device offline.
  const notTaken = useNotTaken(buildingId);
  const goTo = useRef<string | null>(null);
  const { run, dialog } = useActionFeedback(() => goTo.current && navigate(goTo.current, { replace: true }));
  const dirty = description !== '' || subject !== '' || picker.photos.length > 0 || domain !== '';

  const check = (): boolean => {
    const failure = validateServiceCall({ buildingId, domain, description });
    setErrors(failure ? { [failure.field]: t(`errors:${failure.messageKey}`) } : {});
    return failure === null;
  };
  const done = async (work: () => Promise<string>, success: string, fallback: 'errorSubmittingReport' | 'errorSavingImage') => {
    setSaving(true);
    let failure: unknown = null;
    const ok = await run(
      async () => {
        try {
          goTo.current = `/service-call/${await work()}`;
        } catch (e) {
          failure = e;
          throw e;
        }
      },
      success,
      fallback,
    );
    setSaving(false);
    const field = ruleFailureOf(failure)?.field;
    if (ok) setSaved(true);
    else if (field) setErrors({ [field]: t(errorKeyOf(failure, `errors:${fallback}`)) });
  };
  // A new call is the building's fault report (spec 8 "error submitting report"); its photos fail as images.
  const fallback = picker.photos.length > 0 ? 'errorSavingImage' : 'errorSubmittingReport';

  const submit = () => {
    if (!check() || buildingId === null || domain === '') return;
    const input = {
      buildingId,
      domain,
      description,
      callType,
      priority,
      subject,
      copyToMaintenanceManager: copy,
      reporterContactId: reporter.contactId,
      reporterName: reporter.name,
    };
    void done(() => createServiceCall(input, picker.photos), t('serviceCalls:feedback.created'), fallback);
  };
  const join = (call: ServiceCallRow) => {
    if (!check()) return;
    void done(async () => (await joinServiceCall(call.id, description, picker.photos), call.id), t('serviceCalls:feedback.joined'), fallback);
  };

  return (
    <section className={styles.addScreen} aria-labelledby="add-heading">
      <h2 id="add-heading" className={shared.heading}>
        {t('serviceCalls:add.title')}
      </h2>
      <OutOfHoursNotice />
      <form
        className={shared.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SelectField
          label={t('serviceCalls:field.building')}
          value={buildingId === null ? '' : String(buildingId)}
          onValueChange={(v) => {
            setBuildingId(v === '' ? null : Number(v));
            setReporter({ contactId: null, name: '' });
          }}
          error={errors.buildingId}
          hint={buildings !== undefined && buildings.length === 0 ? t('serviceCalls:add.noBuildings') : undefined}
          required
        >
          <option value="">{t('serviceCalls:add.chooseBuilding')}</option>
          {buildingId !== null && !(buildings ?? []).some((b) => b.id === buildingId) ? (
            <option value={buildingId}>{t('serviceCalls:add.buildingNumber', { id: buildingId })}</option>
          ) : null}
          {(buildings ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        {notTaken && buildingId !== null ? <BuildingNotTaken buildingId={buildingId} /> : null}
        <ReporterField buildingId={buildingId} value={reporter} onChange={setReporter} />
        <SelectField
          label={t('serviceCalls:field.domain')}
          value={domain}
          onValueChange={(v) => setDomain(serviceCallDomains.find((d) => d === v) ?? '')}
          error={errors.domain}
          required
        >
          <option value="">{t('serviceCalls:add.chooseDomain')}</option>
          {serviceCallDomains.map((d) => (
            <option key={d} value={d}>
              {t(`serviceCalls:domain.${d}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('serviceCalls:field.callType')}
          value={callType}
          onValueChange={(v) => setCallType(serviceCallTypes.find((x) => x === v) ?? 'fault')}
        >
          {serviceCallTypes.map((x) => (
            <option key={x} value={x}>
              {t(`serviceCalls:type.${x}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('serviceCalls:field.priority')}
          value={priority}
          onValueChange={(v) => setPriority(serviceCallPriorities.find((x) => x === v) ?? 'normal')}
        >
          {serviceCallPriorities.map((x) => (
            <option key={x} value={x}>
              {t(`serviceCalls:priority.${x}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('serviceCalls:field.subject')} value={subject} onValueChange={setSubject} maxLength={120} />
        <TextAreaField
          label={t('serviceCalls:field.description')}
          value={description}
          onValueChange={setDescription}
          error={errors.description}
          hint={t('serviceCalls:add.descriptionHint')}
          required
        />
        <PhotoPicker picker={picker} idPrefix="call-photos" />
        <CheckboxField label={t('serviceCalls:field.copyToMaintenanceManager')} checked={copy} onChange={setCopy} />
        <JoinExistingCall calls={joinable} busy={saving} onJoin={join} />
        <Button type="submit" block disabled={saving || picker.progress !== null} icon={actionIcons.send}>
          {t('serviceCalls:add.submit')}
        </Button>
      </form>
      <ConfirmLeaveModal when={dirty && !saved} />
      {dialog}
    </section>
  );
}
