import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { newId } from '../../db/mutate';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';

type FormError = { field: string; key: string };

/**
 * The draft of a form saved online under an idempotency key: a change makes a new key (it is another request)
 * and clears the refusal; a refusal names its field ('form' when it has none) and leaves what was typed.
 */
export function useKeyedDraft<D>(initial: () => D, onChange?: () => void) {
  const { t } = useTranslation(['billing', 'errors']);
  const [draft, setDraft] = useState<D>(initial);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveKey, setSaveKey] = useState(newId);

  function change(next: Partial<D>) {
    setDraft((d) => ({ ...d, ...next }));
    setSaveKey(newId());
    setError(null);
    onChange?.();
  }

  async function save(send: (draft: D, saveKey: string) => Promise<unknown>, onSaved: () => void) {
    setBusy(true);
    setError(null);
    try {
      await send(draft, saveKey);
      setSaveKey(newId());
      onSaved();
    } catch (e) {
      const field = ruleFailureOf(e)?.field ?? (isApiError(e) ? e.field : undefined) ?? 'form';
      setError({ field, key: errorKeyOf(e, 'errors:errorSaving') });
    } finally {
      setBusy(false);
    }
  }

  return { draft, change, save, busy, error, fieldError: (field: string) => (error?.field === field ? t(error.key) : null) };
}
