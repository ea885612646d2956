// The calendar of one room for one week: shown from the device at once (the last answer kept in
// `meta`), refreshed from the server in the background; offline the last visit's copy stays.
import { useLiveQuery } from 'dexie-react-hooks';
import { weekStartOf } from '../../lib/dates';
import { useServerRefresh } from '../../session/useServerRefresh';
import { pullRoomWeek } from './roomsRepo';
import { roomWeek } from './roomsQueries';

export function useRoomCalendar(roomId: string | null, day: string) {
  const from = weekStartOf(day);
  const week = useLiveQuery(() => (roomId ? roomWeek(roomId, from) : null), [roomId, from]);
  const refresh = useServerRefresh(roomId ? `${roomId}:${from}` : null, (api) => pullRoomWeek(api, roomId ?? '', from));
  return { week: week ?? null, loaded: week !== undefined, refresh };
}
