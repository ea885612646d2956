import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page title = short app name + the page's label (spec section 2). */
export function useDocumentTitle(label: string): void {
  const { t } = useTranslation('common');
  const appName = t('appShortName');
  useEffect(() => {
    document.title = label ? t('pageTitle', { app: appName, page: label }) : appName;
  }, [appName, label, t]);
}
