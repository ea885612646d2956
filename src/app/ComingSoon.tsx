import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/EmptyState';
import { useRouteLabel } from './usePageTitle';

/** Placeholder for screens later issues build; translated, with the route's own label. */
export function ComingSoon() {
  const { t } = useTranslation('shell');
  const label = useRouteLabel();
  return <EmptyState title={label} message={t('comingSoon')} />;
}
