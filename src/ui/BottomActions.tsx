import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const BOTTOM_ACTIONS_ID = 'app-bottom-actions';

/** A screen's main actions, rendered in the layout's bottom area (within thumb reach on a phone). */
export function BottomActions({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setTarget(document.getElementById(BOTTOM_ACTIONS_ID));
  }, []);
  return target ? createPortal(children, target) : null;
}
