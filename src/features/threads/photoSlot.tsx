// The photos of a thread's messages come from the service calls' photo picker and server photos; a
// feature imports no other feature, so src/app composes them in (app/threadScreens.tsx) through this slot.
import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { CompressedPhoto } from '../../sync/write/photos';

/** What a form reads of the picker: the photos taken, and whether some are still being compressed. */
export type PhotoInput = { photos: readonly CompressedPhoto[]; progress: unknown; clear(): void };

export type ThreadPhotos = {
  /** A hook: the picker's state, and its inputs and list to render (`idPrefix` keeps the ids unique). */
  usePicker(): { input: PhotoInput; view(idPrefix: string): ReactNode };
  /** A photo the server holds, read through getImg (the thread's rights decide). */
  ServerPhoto: ComponentType<{ id: string; alt: string; className?: string }>;
};

export const ThreadPhotosContext = createContext<ThreadPhotos | null>(null);

export function useThreadPhotos(): ThreadPhotos {
  const slot = useContext(ThreadPhotosContext);
  if (!slot) throw new Error('ThreadPhotosContext is not provided (src/app/threadScreens.tsx)');
  return slot;
}
