import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** "No service calls", "No results"…: the caller passes translated texts. */
export function EmptyState({ title, message, action }: { title?: string; message: string; action?: ReactNode }) {
  return (
    <section className={styles.empty}>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      <p className={styles.message}>{message}</p>
      {action}
    </section>
  );
}
