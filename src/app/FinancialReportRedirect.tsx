import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useSession } from '../session/sessionContext';

/** /financial-report without an id goes to the stored financial-report contact (spec section 2). */
export function FinancialReportRedirect({ children }: { children: ReactNode }) {
  const { contactId } = useParams();
  const { session } = useSession();
  if (!contactId && session.financialReportContact) {
    return <Navigate to={`/financial-report/${encodeURIComponent(session.financialReportContact)}`} replace />;
  }
  return <>{children}</>;
}
