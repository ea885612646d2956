import { useEffect, useState } from 'react';
import { api } from '../../session/api';
import { BlobImage } from '../../ui/BlobImage';

/** A photo the server holds, read through getImg (the rights over its call or thread decide). */
export function ServerPhoto({ id, alt, className }: { id: string; alt: string; className?: string }) {
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
  return <BlobImage blob={blob} alt={alt} className={className} />;
}
