// The current building (session `bID`) the other screens work on.
import { useCallback } from 'react';
import { useSession } from '../../session/sessionContext';

export function useBuildingSelection(): { buildingId: number | null; select(id: number | null): Promise<void> } {
  const { session, update } = useSession();
  const select = useCallback((id: number | null) => update({ bID: id }), [update]);
  return { buildingId: session.bID, select };
}
