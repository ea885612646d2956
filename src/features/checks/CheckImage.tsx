import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import type { CheckImageState } from './useCheckImage';

/** The text shown in place of an image that is not there. */
export function ImageStatusText({ status }: { status: CheckImageState['status'] }) {
  const { t } = useTranslation(['checks', 'errors']);
  if (status === 'failed') return <Alert as="span">{t('errors:failedToLoadCheckImages')}</Alert>;
  if (status === 'offline') return <span>{t('checks:image.offline')}</span>;
  if (status === 'loading') return <span>{t('checks:image.loading')}</span>;
  return <span>{t('checks:image.none')}</span>;
}
