import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceTestStatus } from '../../lib/domain/entities';
import { ResultDialog } from '../../ui/ResultDialog';
import { useResult } from '../../ui/useResult';
import { setTestStatus } from './maintenanceRepo';

export type ChangeTestStatus = (id: string, status: MaintenanceTestStatus, notes?: string | null) => void;

/** Changes a test's status through the repository; a saved note says so, a failure shows the toast. */
export function useTestStatus(): { change: ChangeTestStatus; dialog: ReactNode } {
  const { t } = useTranslation('maintenance');
  const result = useResult();
  const change: ChangeTestStatus = (id, status, notes) => {
    setTestStatus(id, status, notes).then(
      () => {
        if (notes !== undefined) result.succeed(t('test.notesSaved'));
      },
      () => result.fail('errors:anErrorOccurred'),
    );
  };
  return { change, dialog: <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} /> };
}
