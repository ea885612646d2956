import { useEffect, useState } from 'react';
import { storageReport } from './storage';
import type { StorageReport } from './storage';

/** The storage estimate, every minute and again whenever `refresh` changes (a save refused for lack of space). */
export function useStorageReport(refresh: unknown): StorageReport | null {
  const [report, setReport] = useState<StorageReport | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void storageReport().then(
        (r) => live && setReport(r),
        () => undefined,
      );
    load();
    const timer = setInterval(load, 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [refresh]);
  return report;
}
