// The painted offline start (issue 13): the dashboard as last rendered is kept (HTML and the style
// sheets it used) and public/paint-start.js puts it on screen before any app script runs, as an inert
// cover over the app; the app takes the cover away once its own dashboard list is on screen, or when
// it shows another page. Only the dashboard of a signed-in worker is kept; signing out forgets it.
export const PAINTED_START_KEY = 'binyan.paintedStart';
/** The element public/paint-start.js puts over #root (the same id there). */
const COVER_ID = 'painted-start';
const SAVE_DELAY_MS = 1_000;

export type PaintedStart = { html: string; styles: string[]; lang: string; dir: string; savedAt: number };

let pending: ReturnType<typeof setTimeout> | undefined;

/** Takes the cover away: the app's own screen is there now. */
export function dropPaintedStart(): void {
  document.getElementById(COVER_ID)?.remove();
}

function snapshot(): PaintedStart | null {
  const root = document.getElementById('root');
  if (!root || location.pathname !== '/' || root.childElementCount === 0) return null;
  const styles = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname);
  const html = document.documentElement;
  return { html: root.innerHTML, styles, lang: html.lang, dir: html.dir, savedAt: Date.now() };
}

/** Keeps the dashboard as it is on screen now, once it has settled (a second after the last call). */
export function keepPaintedStart(): void {
  clearTimeout(pending);
  pending = setTimeout(() => {
    const shot = snapshot();
    if (!shot) return;
    try {
      localStorage.setItem(PAINTED_START_KEY, JSON.stringify(shot));
    } catch {
      // Quota or private mode: the next start is not painted early, nothing else changes.
    }
  }, SAVE_DELAY_MS);
}

/** Signing out: the next start must not show this user's buildings. */
export function forgetPaintedStart(): void {
  clearTimeout(pending);
  try {
    localStorage.removeItem(PAINTED_START_KEY);
  } catch {
    // Nothing was kept.
  }
  dropPaintedStart();
}
