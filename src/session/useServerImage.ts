// A small image the server keeps (a call's or a thread's photo), read with the page's client for an
// <img>: null until it is read, and when it cannot be (offline, gone).
import { useEffect, useState } from 'react';
import { useObjectUrl } from '../ui/useObjectUrl';
import { api } from './api';

/** The object URL of the server's small copy of file `id` (null while it is read or when it cannot be). */
export function useServerImage(id: string): string | null {
  const [blob, setBlob] = useState<Blob | null>(null);
  useEffect(() => {
    let live = true;
    void api
      .raw('GET', 'files/getImg', { src: id, size: 'small' }, { prefix: false })
      .then(async (response) => (response.ok ? response.blob() : null))
      .then((b) => live && setBlob(b))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  return useObjectUrl(blob);
}
