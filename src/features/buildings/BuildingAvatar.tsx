import { useState } from 'react';
import type { CSSProperties } from 'react';
import { initialsOf, textColorOn } from './buildingListing';
import styles from './BuildingAvatar.module.css';

type Props = { name: string; logoUrl: string | null; color: string; size?: 'small' | 'large' };

/**
 * Spec 7: images load from /files/getImg with src, unless the source is a full URL. The session goes
 * as the HttpOnly cookie, never as a token in the URL.
 */
export function logoSrc(logoUrl: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(logoUrl)) return logoUrl;
  return `/api/files/getImg?${new URLSearchParams({ src: logoUrl }).toString()}`;
}

/** The building's logo, or its initials on the building's colour when there is none (or it fails offline). */
export function BuildingAvatar({ name, logoUrl, color, size = 'small' }: Props) {
  const [failed, setFailed] = useState(false);
  const style: CSSProperties & Record<'--accent' | '--on-accent', string> = { '--accent': color, '--on-accent': textColorOn(color) };
  return (
    <span className={`${styles.avatar} ${styles[size]}`} style={style} aria-hidden="true">
      {logoUrl && !failed ? (
        <img className={styles.logo} src={logoSrc(logoUrl)} alt="" onError={() => setFailed(true)} />
      ) : (
        <span className={styles.initials}>{initialsOf(name)}</span>
      )}
    </span>
  );
}
