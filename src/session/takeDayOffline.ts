// "Take the day offline": one call that downloads every building the worker needs, building by
// building, today's plan first. It composes the pulls of several features, so the app provides it
// (src/app/takeDayOffline.ts) and the screens that offer it (dashboard, apartments, daily plan) reach
// it here, with an estimate of its size to show before it starts.
import { createContext, useContext } from 'react';

/** `plan`: today's plan, the current building and those with unsent changes; `all`: every assigned building too. */
export const takeDayScopes = ['all', 'plan'] as const;
export type TakeDayScope = (typeof takeDayScopes)[number];

/** The day's plan and visits, the list of buildings, each building in turn, the check payments, the photos. */
export const takeDaySteps = ['visits', 'buildings', 'building', 'checkGroups', 'photos'] as const;
export type TakeDayStep = (typeof takeDaySteps)[number];

export type TakeDayBuilding = { id: number; name: string };

/** The small photo copies of the day (the last step): bytes stored against the storage budget. */
export type TakeDayPhotos = { stored: number; bytes: number; budget: number; skipped: number };
export type TakeDayProgress = {
  done: number;
  total: number;
  step: TakeDayStep | null;
  /** The building being downloaded (step `building`). */
  building?: TakeDayBuilding;
  photos?: TakeDayPhotos;
};
export type TakeDayResult = {
  scope: TakeDayScope;
  /** The buildings this take put on the device, in the order it took them. */
  buildingIds: number[];
  failed: TakeDayStep[];
  /** Buildings of which some part could not be downloaded (they are not marked as taken). */
  failedBuildings: TakeDayBuilding[];
  photos?: TakeDayPhotos;
};

/** What a take of one scope downloads, as far as the device can tell before asking the server. */
export type TakeDaySize = { buildings: number; records: number; photos: number };
export type TakeDayEstimate = Record<TakeDayScope, TakeDaySize> & {
  /** The scope a take without a choice uses (sign-in, or the worker did not choose). */
  suggested: TakeDayScope;
  photoBudget: number;
};

/** Runs the whole download (renewing an expired session once); rejects only when it cannot start. */
export type TakeDayOffline = (options?: {
  scope?: TakeDayScope;
  /** A take the worker did not choose (after sign-in): buildings taken earlier stay taken even if outside its scope. */
  keepOtherBuildings?: boolean;
  /** `later`: resolve once the records are in; the photos follow in the background (the sign-in's take). */
  photos?: 'now' | 'later';
  onProgress?: (progress: TakeDayProgress) => void;
}) => Promise<TakeDayResult>;

export type TakeDayService = { take: TakeDayOffline; estimate(): Promise<TakeDayEstimate> };

const missing: TakeDayService = {
  take: () => Promise.reject(new Error('no TakeDayOfflineContext provider')),
  estimate: () => Promise.reject(new Error('no TakeDayOfflineContext provider')),
};

export const TakeDayOfflineContext = createContext<TakeDayService>(missing);

export function useTakeDayOffline(): TakeDayService {
  return useContext(TakeDayOfflineContext);
}
