// A lazily loaded screen that cannot load (offline without it cached, or a chunk that takes longer
// than the 120 s of spec §9) shows a clear, translated message and a retry instead of a blank page.
import { Component, lazy, useState } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadNamespaces } from '../i18n/i18n';
import styles from './Standalone.module.css';
import { Alert } from '../ui/Alert';

/** Spec §9: chunk loading timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeout extends Error {
  constructor() {
    super(`screen did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeout';
  }
}

type Module = { default: ComponentType };
type Loader = () => Promise<Module>;

/** The import, refused after `timeoutMs`. */
export function loadWithin(load: Loader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<Module> {
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
    <Alert as="section" className={styles.page}>
      <h1>{t('chunk.title')}</h1>
      <p>{t('chunk.message')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.link} onClick={onRetry}>
          {t('chunk.retry')}
        </button>
      </div>
    </Alert>
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

/** A thenable that calls back at once: React.lazy then renders the module without suspending. */
function settled(module: Module): Promise<Module> {
  const thenable = { then: (onLoaded: (m: Module) => void) => onLoaded(module) };
  return thenable as unknown as Promise<Module>;
}

export type Preloadable = {
  /** Starts loading (once); resolves when the module and its texts are there. */
  preload(): Promise<void>;
  /** A new React.lazy component of it: one that renders at once if the preload has finished. */
  lazy(): LazyExoticComponent<ComponentType>;
};

/**
 * A lazily loaded component with the namespaces of texts it shows first, loaded together. Preloaded
 * (a start on its page), it renders without suspending: a Suspense fallback, once on screen, holds
 * back whatever resolves next by up to 300 ms (React's throttle), twice on an offline start.
 */
export type LoadOptions = {
  /** Namespaces of texts the component shows first, loaded with it. */
  namespaces?: readonly string[];
  /** Starts the reads of what the component shows first: a preload (a start on its page) runs them beside the load. */
  readEarly?: () => void;
  timeoutMs?: number;
};

export function preloadable(load: Loader, options: LoadOptions = {}): Preloadable {
  const { namespaces = [], readEarly, timeoutMs = CHUNK_LOAD_TIMEOUT_MS } = options;
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const texts = () => (namespaces.length > 0 ? preloadNamespaces(namespaces) : undefined);
  const start = () =>
    (loading ??= Promise.all([loadWithin(load, timeoutMs), texts()]).then(
      ([module]) => (loaded = module),
      (error: unknown) => {
        // A failed load is tried again by the next render (the screen's retry).
        loading = undefined;
        throw error;
      },
    ));
  return {
    preload: () => {
      readEarly?.();
      return start().then(() => undefined);
    },
    lazy: () => lazy(() => (loaded ? settled(loaded) : start())),
  };
}

export type LazyScreen = ComponentType & { preload(): Promise<void> };

/** Like React.lazy, with the 120 s timeout and the message and retry of a screen that did not load. */
export function lazyScreen(load: Loader, options: LoadOptions = {}): LazyScreen {
  const module = preloadable(load, options);
  const fresh = () => module.lazy();
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
  return Object.assign(LazyScreen, { preload: module.preload });
}
