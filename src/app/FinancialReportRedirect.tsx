import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useSession } from '../session/sessionContext';

/**
 * /financial-report without an id goes to the stored financial-report contact (spec section 2). The
 * contact is stored when a report of one is opened (the next plain /financial-report returns to it);
 * an owner or renter with no stored contact goes to their own.
 */
export function FinancialReportRedirect({ children }: { children: ReactNode }) {
  const { contactId } = useParams();
  const { session, update } = useSession();
  const ownContact = (session.role === 'owner' || session.role === 'renter') && session.contactID ? String(session.contactID) : null;
  const stored = session.financialReportContact ?? ownContact;

  useEffect(() => {
    if (contactId && contactId !== session.financialReportContact) void update({ financialReportContact: contactId });
  }, [contactId, session.financialReportContact, update]);

  if (!contactId && stored) {
    return <Navigate to={`/financial-report/${encodeURIComponent(stored)}`} replace />;
  }
  return <>{children}</>;
}
