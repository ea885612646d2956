import { useLiveQuery } from 'dexie-react-hooks';
import { serverImageUrl } from '../../session/serverFile';
import { photosOf } from '../../sync/write/photos';
import styles from '../../ui/fieldScreens.module.css';
import { useObjectUrl } from '../../ui/useObjectUrl';

type Props = { ownerTable: 'expenses' | 'bids'; ownerId: string; fileId: string; label: string; text: string };

/** Opens an invoice or a quote: the file on the device while it has one (offline too), else the server's copy. */
export function AttachmentLink({ ownerTable, ownerId, fileId, label, text }: Props) {
  const local = useLiveQuery(() => photosOf(ownerTable, ownerId), [ownerTable, ownerId]);
  const blob = local?.find((p) => p.id === fileId)?.blob ?? null;
  const blobUrl = useObjectUrl(blob);
  if (local === undefined) return null;
  const href = blobUrl ?? serverImageUrl(fileId);
  return (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {text}
    </a>
  );
}
