import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';

type Props = {
  open: boolean;
  title: string;
  /** Cancel, Escape or the browser's own close. */
  onClose(): void;
  /** The form's id: the dialog's submit button sits in the action bar, outside the form. */
  formId: string;
  formClassName?: string;
  submitLabel: string;
  onSubmit(): void;
  /** Saving: the submit button is disabled and marked busy. */
  busy?: boolean;
  /** Not ready to submit yet (e.g. a photo still being compressed). */
  submitDisabled?: boolean;
  children: ReactNode;
};

/** A modal form with Cancel and a submit button; the fields validate in `onSubmit`, not in the browser. */
export function FormDialog({ open, title, onClose, formId, formClassName, submitLabel, onSubmit, busy, submitDisabled, children }: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy || submitDisabled} aria-busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={formClassName}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
