import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Check } from '../../lib/domain/entities';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { CheckDetailsFields } from './CheckDetailsFields';
import { detailsOf, draftOf } from './checkDetailsDraft';
import type { CheckDetails } from './checksRepo';
import { Alert } from '../../ui/Alert';

type Props = { check: Check; number: number; busy: boolean; errorText: string | null; onSave(details: CheckDetails): void; onCancel(): void };

/** Edits one check's amount, deposit date and numbers. */
export function CheckEditDialog({ check, number, busy, errorText, onSave, onCancel }: Props) {
  const { t } = useTranslation('checks');
  const [draft, setDraft] = useState(() => draftOf(check));
  return (
    <Modal
      open
      title={t('edit.title', { number })}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('edit.cancel')}
          </Button>
          <Button onClick={() => onSave(detailsOf(draft))} disabled={busy} aria-busy={busy}>
            {t('edit.save')}
          </Button>
        </>
      }
    >
      {errorText ? <Alert>{errorText}</Alert> : null}
      <CheckDetailsFields value={draft} onChange={setDraft} moreOpen />
    </Modal>
  );
}
