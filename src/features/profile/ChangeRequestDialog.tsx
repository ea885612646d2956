import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import type { ProfileDetails } from '../../lib/validation/profileRules';
import { FormDialog } from '../../ui/FormDialog';
import { PhoneInput } from '../../ui/PhoneInput';
import { TextField } from '../../ui/TextField';
import { Field } from '../../ui/Field';
import { requestChange } from './profileRepo';

/** Asks the management company to change the user's details; nothing typed is lost on a refusal. */
export function ChangeRequestDialog({ current, onClose, onSent }: { current: ProfileDetails; onClose(): void; onSent(): void }) {
  const { t } = useTranslation(['profile', 'errors']);
  const formId = useId();
  const [wanted, setWanted] = useState<ProfileDetails>(current);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params) : null);
  const submit = async () => {
    try {
      await requestChange(wanted, current, note);
      onSent();
    } catch (error) {
      setFailure(ruleFailureOf(error) ?? { field: 'note', messageKey: 'anErrorOccurred' });
    }
  };
  return (
    <FormDialog open title={t('change.title')} onClose={onClose} formId={formId} submitLabel={t('change.send')} onSubmit={() => void submit()}>
      <p>{t('change.intro')}</p>
      <TextField
        label={t('name')}
        value={wanted.fullName}
        onValueChange={(fullName) => setWanted((w) => ({ ...w, fullName }))}
        error={errorOf('fullName')}
        autoComplete="name"
      />
      <PhoneInput label={t('phone')} value={wanted.phone} onValueChange={(phone) => setWanted((w) => ({ ...w, phone }))} error={errorOf('phone')} />
      <TextField
        type="email"
        label={t('email')}
        value={wanted.email}
        onValueChange={(email) => setWanted((w) => ({ ...w, email }))}
        error={errorOf('email')}
        autoComplete="email"
      />
      <Field label={t('change.note')} error={errorOf('note')}>
        {(control) => <textarea {...control} value={note} onChange={(e) => setNote(e.target.value)} rows={3} />}
      </Field>
    </FormDialog>
  );
}
