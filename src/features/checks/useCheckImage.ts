// The image of a check's side for the screens: from the device, else read once from the server and kept.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Check } from '../../lib/domain/entities';
import { api } from '../../session/api';
import { useOnline } from '../../ui/useOnline';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { checkImage, photoById } from './checksRepo';
import type { CheckSide } from './checksRepo';

export type CheckImageState = { url: string | null; status: 'none' | 'loading' | 'ready' | 'offline' | 'failed' };

/** The image of one side: from the device, else loaded once from the server (check/image) and kept. */
export function useCheckImage(check: Pick<Check, 'CheckGuid' | 'FrontImageId' | 'BackImageId'>, side: CheckSide): CheckImageState {
  const online = useOnline();
  const id = side === 'front' ? check.FrontImageId : check.BackImageId;
  const local = useLiveQuery(async () => (await photoById(id)) ?? null, [id], 'loading' as const);
  const [failed, setFailed] = useState(false);
  const url = useObjectUrl(local === 'loading' ? null : local?.blob);
  const missing = id !== null && local === null;
  const { CheckGuid, FrontImageId, BackImageId } = check;
  useEffect(() => {
    if (!missing || !online) return;
    let live = true;
    setFailed(false);
    checkImage(api, { CheckGuid, FrontImageId, BackImageId }, side).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [missing, online, CheckGuid, FrontImageId, BackImageId, side]);
  if (id === null) return { url: null, status: 'none' };
  if (url) return { url, status: 'ready' };
  if (failed) return { url: null, status: 'failed' };
  return { url: null, status: online ? 'loading' : 'offline' };
}
