import type { ReactNode } from 'react';
import own from './Books.module.css';

/** A wide table that scrolls sideways on a phone; focusable so a keyboard can scroll it too. */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Focusable: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <div className={own.scroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
