import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateView } from '../../lib/domain/buildingLife';
import type { GateInput } from '../../lib/domain/gateRules';
import { Field } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { PhoneInput } from '../../ui/PhoneInput';
import { TextField } from '../../ui/TextField';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from './Gates.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

type Props = { gate: GateView | null; mayMakePublic: boolean; onSave(input: GateInput): Promise<void>; onClose(): void };

/** Add or change a gate: its name, its phone, the phones allowed to dial it, public or not, its own line. */
export function GateForm({ gate, mayMakePublic, onSave, onClose }: Props) {
  const { t } = useTranslation(['gates', 'errors']);
  const [name, setName] = useState(gate?.name ?? '');
  const [gatePhone, setGatePhone] = useState(gate?.gatePhone ?? '');
  const [dialing, setDialing] = useState((gate?.dialingPhones ?? []).join('\n'));
  const [isPublic, setIsPublic] = useState(gate?.isPublic ?? false);
  const [dialerLine, setDialerLine] = useState(gate?.dialerLine ?? '');
  // Any other failure is shown on the name, the form's first field.
  const form = useRuleForm(() => form.setFailure({ field: 'name', messageKey: 'anErrorOccurred' }));
  const { errorOf, busy } = form;
  const submit = () =>
    form.save(() => onSave({ name, gatePhone, dialingPhones: dialing.split(/[\n,]+/), isPublic, dialerLine: dialerLine.trim() === '' ? null : dialerLine }));
  return (
    <FormDialog
      open
      title={gate ? t('editGate') : t('addGate')}
      onClose={onClose}
      formId="gate-form"
      formClassName={styles.form}
      submitLabel={t('saveGate')}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <TextField label={t('name')} value={name} onValueChange={setName} error={errorOf('name')} />
      <PhoneInput label={t('gatePhone')} value={gatePhone} onValueChange={setGatePhone} error={errorOf('gatePhone')} />
      <Field label={t('dialingPhones')} hint={t('dialingPhonesHint')} error={errorOf('dialingPhones')}>
        {(control) => <textarea {...control} inputMode="tel" value={dialing} onChange={(e) => setDialing(e.target.value)} />}
      </Field>
      <label className={styles.check}>
        <input type="checkbox" checked={isPublic} disabled={!mayMakePublic} onChange={(e) => setIsPublic(e.target.checked)} />
        {t('isPublic')}
      </label>
      {mayMakePublic ? null : <p className={screenFrame.muted}>{t('publicOnlyCommittee')}</p>}
      <PhoneInput label={t('dialerLine')} hint={t('dialerLineHint')} value={dialerLine} onValueChange={setDialerLine} error={errorOf('dialerLine')} />
      {errorOf('isPublic') ? <p className={styles.error}>{errorOf('isPublic')}</p> : null}
    </FormDialog>
  );
}
