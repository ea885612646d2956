import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { ruleFailureOf } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import { errorKeyOf } from '../../session/errorKey';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import type { DocumentRecord } from './documentsRepo';
import { sendDocument } from './documentsRepo';

/** Spec 5: an e-mail address is required to send a file. */
export function SendDocumentDialog({ doc, onClose, onSent }: { doc: DocumentRecord; onClose(): void; onSent(to: string): void }) {
  const { t } = useTranslation(['documents', 'errors']);
  const formId = useId();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await callWithRelogin(() => sendDocument(api, doc.id, to));
      onSent(to.trim());
    } catch (failure) {
      const refused = ruleFailureOf(failure);
      const field = refused?.field ?? (isApiError(failure) ? failure.field : undefined);
      setError(t(errorKeyOf(failure, field === 'to' ? 'errors:invalidEmail' : navigator.onLine ? 'errors:emailNotSent' : 'documents:offlineSend')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog open title={t('documents:send.title', { title: doc.title })} onClose={onClose} formId={formId} submitLabel={busy ? t('documents:send.sending') : t('documents:send.action')} onSubmit={() => void submit()} busy={busy}>
      <TextField type="email" label={t('documents:send.to')} value={to} onValueChange={setTo} error={error} autoComplete="email" inputMode="email" required />
    </FormDialog>
  );
}
