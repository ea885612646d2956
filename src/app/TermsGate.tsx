// Spec 5: the terms of use must be approved before the app is used, once per version. The device
// remembers the approved version; until it knows one, it asks the server (the sign-in already did).
// While neither can tell (offline, never asked), the app is not held back on a guess.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { approvedTermsVersion, profileCalls } from '../features/profile/profileRepo';
import { useOwnerKey } from '../features/profile/useOwnerKey';
import { TermsApproval } from '../features/profile/TermsApproval';
import { termsVersion } from '../lib/terms';

export function TermsGate({ children }: { children: ReactNode }) {
  const owner = useOwnerKey();
  const approved = useLiveQuery(() => (owner === null ? undefined : approvedTermsVersion(owner)), [owner]);
  const [serverApproved, setServerApproved] = useState<boolean | null>(null);
  const known = approved === termsVersion;
  useEffect(() => {
    if (approved === undefined || known) return;
    let live = true;
    profileCalls.pullProfile().then(
      (answer) => live && setServerApproved(answer.terms.approved),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [approved, known]);
  if (approved === undefined) return null;
  if (!known && serverApproved === false) return <TermsApproval />;
  return children;
}
