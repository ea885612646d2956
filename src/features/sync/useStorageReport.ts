import { useEffect, useState } from 'react';
import { storageReport } from './storage';
import type { StorageReport } from './storage';

export function useStorageReport(): StorageReport | null {
  const [report, setReport] = useState<StorageReport | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void storageReport().then((r) => live && setReport(r), () => undefined);
    load();
    const timer = setInterval(load, 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return report;
}
