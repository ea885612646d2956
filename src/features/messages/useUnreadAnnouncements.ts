import { useLiveQuery } from 'dexie-react-hooks';
import { allBuildings } from '../../directory/buildingsRepo';
import { useSession } from '../../session/sessionContext';
import { useServerRefresh } from '../../session/useServerRefresh';
import { boardOf, pullBoard } from './messagesRepo';

/**
 * How many announcements of the user's building this device has not shown yet (the menu's badge).
 * `round` changes each time the menu opens: the board is fetched again then (offline: the last copy).
 */
export function useUnreadAnnouncements(enabled: boolean, round: number): number {
  const { session } = useSession();
  const buildings = useLiveQuery(() => (enabled ? allBuildings() : []), [enabled]);
  const buildingId = enabled ? (session.bID ?? buildings?.[0]?.id ?? null) : null;
  const board = useLiveQuery(() => (buildingId === null ? null : boardOf(buildingId)), [buildingId]);
  useServerRefresh(buildingId === null || round === 0 ? null : `unread:${buildingId}:${round}`, (client) => pullBoard(client, buildingId ?? 0));
  if (!board) return 0;
  const read = new Set(board.read);
  return board.records.filter((m) => !read.has(m.id)).length;
}
