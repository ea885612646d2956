import { useObjectUrl } from './useObjectUrl';

/** An image of bytes the page holds (a photo on the device, or one read from the server); nothing until its URL is made. */
export function BlobImage({ blob, alt, className }: { blob: Blob | null; alt: string; className?: string }) {
  const url = useObjectUrl(blob);
  return url ? <img className={className} src={url} alt={alt} /> : null;
}
