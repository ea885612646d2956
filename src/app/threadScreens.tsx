// The thread screens (features/threads) with the service calls' photo picker and server photos: a feature
// imports no other feature, so they meet here.
import type { ReactNode } from 'react';
import { PhotoPicker } from '../features/service-calls/PhotoPicker';
import { ServerPhoto } from '../features/service-calls/ServerPhoto';
import { usePhotoPicker } from '../features/service-calls/usePhotoPicker';
import { NewThreadScreen as NewThread } from '../features/threads/NewThreadScreen';
import { ThreadScreen as Thread } from '../features/threads/ThreadScreen';
import { ThreadPhotosContext } from '../features/threads/photoSlot';
import type { ThreadPhotos } from '../features/threads/photoSlot';

export { ThreadsScreen } from '../features/threads/ThreadsScreen';

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
