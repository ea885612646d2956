import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextAreaField } from './fields';

type Props = { open: boolean; days: number; onClose(message: string | null): void; onCancel(): void };

/** Offered when closing a call open more than `days` days: an optional message to the reporter. */
export function ClosingMessageDialog({ open, days, onClose, onCancel }: Props) {
  const { t } = useTranslation('serviceCalls');
  const [message, setMessage] = useState(() => t('closing.defaultMessage'));
  return (
    <Modal
      open={open}
      title={t('closing.title')}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={() => onClose(null)}>
            {t('closing.withoutMessage')}
          </Button>
          <Button onClick={() => onClose(message)} disabled={message.trim() === ''}>
            {t('closing.withMessage')}
          </Button>
        </>
      }
    >
      <p>{t('closing.explain', { count: days })}</p>
      <TextAreaField label={t('closing.message')} value={message} onValueChange={setMessage} rows={3} />
    </Modal>
  );
}
