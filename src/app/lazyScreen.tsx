// A lazily loaded screen that cannot load (offline without it cached, or a chunk that takes longer
// than the 120 s of spec §9) shows a clear, translated message and a retry instead of a blank page.
import { Component, lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Standalone.module.css';

/** Spec §9: chunk loading timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeout extends Error {
  constructor() {
    super(`screen did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeout';
  }
}

type Loader = () => Promise<{ default: ComponentType }>;

/** The import, refused after `timeoutMs`. */
export function loadWithin(load: Loader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<{ default: ComponentType }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeout()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('field');
  return (
    <section className={styles.page} role="alert">
      <h1>{t('chunk.title')}</h1>
      <p>{t('chunk.message')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.link} onClick={onRetry}>
          {t('chunk.retry')}
        </button>
      </div>
    </section>
  );
}

type BoundaryProps = { children: ReactNode; onRetry(): void };

/** Catches the failed load only; the retry mounts a fresh lazy component (React keeps a failed one). */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <LoadFailed
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}

/** Like React.lazy, with the 120 s timeout and the message and retry of a screen that did not load. */
export function lazyScreen(load: Loader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): ComponentType {
  const fresh = () => lazy(() => loadWithin(load, timeoutMs));
  // Shared by every mount once loaded; a retry replaces it (React keeps a failed one's rejection).
  let current = fresh();
  function LazyScreen() {
    const [Screen, setScreen] = useState(() => current);
    const retry = () => {
      current = fresh();
      setScreen(() => current);
    };
    return (
      <LoadBoundary onRetry={retry}>
        <Screen />
      </LoadBoundary>
    );
  }
  return LazyScreen;
}
