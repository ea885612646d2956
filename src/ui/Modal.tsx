import { useId } from 'react';
import type { ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';
import styles from './Modal.module.css';

type Props = {
  open: boolean;
  title?: string;
  /** Escape or the browser's own close: treated like a cancel. */
  onClose(): void;
  children: ReactNode;
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

/** Native <dialog> shown modally: focus trap, Escape and backdrop come from the platform. */
export function Modal({ open, title, onClose, children, actions, role = 'dialog', className }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${className ?? ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={title ? titleId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          {title ? (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          ) : null}
          <div className={styles.body}>{children}</div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}
