// The thread screens (features/threads) with the service calls' photo picker and server photos: a feature
// imports no other feature, so they meet here.
import type { ReactNode } from 'react';
import { PhotoPicker } from '../features/service-calls/PhotoPicker';
import { usePhotoPicker } from '../features/service-calls/usePhotoPicker';
import { NewThreadScreen as NewThread } from '../features/threads/NewThreadScreen';
import { ThreadScreen as Thread } from '../features/threads/ThreadScreen';
import { ThreadPhotosContext } from '../features/threads/photoSlot';
import type { ThreadPhotos } from '../features/threads/photoSlot';
import { useServerImage } from '../session/useServerImage';

export { ThreadsScreen } from '../features/threads/ThreadsScreen';

function ServerPhoto({ id, alt, className }: { id: string; alt: string; className?: string }) {
  const url = useServerImage(id);
  return url ? <img className={className} src={url} alt={alt} /> : null;
}

function usePicker() {
  const picker = usePhotoPicker();
  return { input: picker, view: (idPrefix: string): ReactNode => <PhotoPicker picker={picker} idPrefix={idPrefix} /> };
}

const photos: ThreadPhotos = { usePicker, ServerPhoto };

export function NewThreadScreen() {
  return (
    <ThreadPhotosContext value={photos}>
      <NewThread />
    </ThreadPhotosContext>
  );
}

export function ThreadScreen() {
  return (
    <ThreadPhotosContext value={photos}>
      <Thread />
    </ThreadPhotosContext>
  );
}
