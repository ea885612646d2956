import { useServerImage } from '../../session/useServerImage';

/** A photo the server holds, read through getImg (the rights over its call or thread decide). */
export function ServerPhoto({ id, alt, className }: { id: string; alt: string; className?: string }) {
  const url = useServerImage(id);
  return url ? <img className={className} src={url} alt={alt} /> : null;
}
