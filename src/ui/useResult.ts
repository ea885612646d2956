// The success dialog of an action (spec 2: closes by itself after 2 s) and the error toast (3 s).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from './errorToastStore';

export function useResult() {
  const { t } = useTranslation(['common', 'errors']);
  const [success, setSuccess] = useState<string | null>(null);
  const close = useCallback(() => setSuccess(null), []);
  const fail = useCallback((detailKey: string) => showErrorToast({ summary: t('common:error'), detail: t(detailKey) }), [t]);
  return { success, succeed: setSuccess, close, fail };
}
