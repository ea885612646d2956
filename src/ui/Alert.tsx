import type { ReactNode } from 'react';
import styles from './Alert.module.css';

type AlertElement = 'p' | 'span' | 'div' | 'section' | 'main';

type AlertProps = {
  children: ReactNode;
  /** The element it is in the page's structure (a paragraph unless it sits inside a line or frames a page). */
  as?: AlertElement;
  id?: string;
  /** The screen's own look; without one it is the shared error text. */
  className?: string;
};

/**
 * Text screen readers announce at once: a refusal, a failed load, a field's error. The only place that
 * sets `role="alert"` (a lint rule keeps it so), so every such message is announced the same way.
 */
export function Alert({ children, as: Element = 'p', id, className }: AlertProps) {
  return (
    <Element id={id} className={className ?? styles.alert} role="alert">
      {children}
    </Element>
  );
}
