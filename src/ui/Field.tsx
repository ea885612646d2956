import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './TextField.module.css';

/** What a labelled field hands its control: the id the label points at and the accessible description. */
export type FieldControlProps = {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: string;
  /** Translated error text; marks the control invalid and is announced with it. */
  error?: string | null;
  hint?: string;
  id?: string;
  children(control: FieldControlProps): ReactNode;
};

/** The shared field frame: label above, the control, then its hint and error (tied to it by aria-describedby). */
export function Field({ label, error, hint, id, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label id={`${controlId}-label`} className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, className: styles.input, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
