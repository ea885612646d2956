import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { DocumentRecipients, DocumentRecord } from './documentsRepo';
import { documentCalls } from './documentsRepo';
import { Alert } from '../../ui/Alert';

type Recipients = { state: 'loading' } | { state: 'failed' } | ({ state: 'ready' } & DocumentRecipients);

/**
 * Spec 5: an e-mail address is required to send a file. Staff type any address; a tenant chooses among
 * the addresses the server lets them send to (their own and their unit's contacts), nothing else.
 */
export function SendDocumentDialog({ doc, onClose, onSent }: { doc: DocumentRecord; onClose(): void; onSent(to: string): void }) {
  const { t } = useTranslation(['documents', 'errors']);
  const formId = useId();
  const [recipients, setRecipients] = useState<Recipients>({ state: 'loading' });
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    documentCalls
      .documentRecipients()
      .then((found) => {
        if (!live) return;
        setRecipients({ state: 'ready', ...found });
        if (!found.anyAddress) setTo(found.addresses[0]?.email ?? '');
      })
      .catch(() => {
        if (live) setRecipients({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, []);

  const submit = async () => {
    setBusy(true);
    try {
      await documentCalls.sendDocument(doc.id, to);
      onSent(to.trim());
    } catch (failure) {
      const refused = ruleFailureOf(failure);
      const field = refused?.field ?? (isApiError(failure) ? failure.field : undefined);
      setError(t(errorKeyOf(failure, field === 'to' ? 'errors:invalidEmail' : navigator.onLine ? 'errors:emailNotSent' : 'documents:offlineSend')));
    } finally {
      setBusy(false);
    }
  };
  const ready = recipients.state === 'ready';
  const noAddress = ready && !recipients.anyAddress && recipients.addresses.length === 0;
  return (
    <FormDialog
      open
      title={t('documents:send.title', { title: doc.title })}
      onClose={onClose}
      formId={formId}
      submitLabel={busy ? t('documents:send.sending') : t('documents:send.action')}
      onSubmit={() => void submit()}
      busy={busy}
      submitDisabled={!ready || noAddress}
    >
      {recipients.state === 'loading' ? <p aria-live="polite">{t('documents:send.loading')}</p> : null}
      {recipients.state === 'failed' ? <Alert>{t(navigator.onLine ? 'documents:send.recipientsFailed' : 'documents:offlineSend')}</Alert> : null}
      {ready && recipients.anyAddress ? (
        <TextField type="email" label={t('documents:send.to')} value={to} onValueChange={setTo} error={error} autoComplete="email" inputMode="email" required />
      ) : null}
      {ready && !recipients.anyAddress && !noAddress ? (
        <SelectField
          label={t('documents:send.to')}
          value={to}
          onValueChange={setTo}
          error={error}
          options={recipients.addresses.map((a) => ({
            value: a.email,
            label: a.self ? t('documents:send.myAddress', { email: a.email }) : `${a.name} · ${a.email}`,
          }))}
        />
      ) : null}
      {noAddress ? <Alert>{t('documents:send.noAddress')}</Alert> : null}
    </FormDialog>
  );
}
