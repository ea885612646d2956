// The painted offline start (issue 13): the dashboard as last rendered is kept (its HTML and the rules
// of the style sheets it used, as text) and public/paint-start.js puts it on screen before any app
// script runs, as an inert cover over the app; the app takes the cover away once its own dashboard
// list is on screen, or when it shows another page. Only the dashboard of a signed-in worker is kept;
// signing out forgets it. The rules travel as text, not as links to the sheets: links added while the
// page is parsed hold back the app's own scripts until they load (~55 ms of every offline start).
export const PAINTED_START_KEY = 'binyan.paintedStart';
/** The element public/paint-start.js puts over #root (the same id there). */
const COVER_ID = 'painted-start';
const SAVE_DELAY_MS = 1_000;

export type PaintedStart = { html: string; css: string; lang: string; dir: string; savedAt: number };

let pending: ReturnType<typeof setTimeout> | undefined;

/** The cover with the style sheet public/paint-start.js made for it. */
type Cover = HTMLElement & { paintedRules?: CSSStyleSheet };

/** Takes the cover away, and its rules with it: the app's own screen is there now. */
export function dropPaintedStart(): void {
  const cover: Cover | null = document.getElementById(COVER_ID);
  if (!cover) return;
  cover.remove();
  const rules = cover.paintedRules;
  if (rules) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== rules);
}

/**
 * The kept HTML with each element's style attribute renamed: the page's Content-Security-Policy
 * refuses style attributes in parsed HTML, so public/paint-start.js sets them through the CSSOM.
 */
function paintableHtml(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll('[style]')) {
    element.setAttribute('data-painted-style', element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  }
  return copy.innerHTML;
}

/** The rules of the page's style sheets (the app's own, from its origin), in document order. */
function cssText(): string {
  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    try {
      for (const rule of sheet.cssRules) rules.push(rule.cssText);
    } catch {
      // A sheet of another origin cannot be read; the app has none.
    }
  }
  return rules.join('\n');
}

function snapshot(): PaintedStart | null {
  const root = document.getElementById('root');
  if (!root || location.pathname !== '/' || root.childElementCount === 0) return null;
  const html = document.documentElement;
  return { html: paintableHtml(root), css: cssText(), lang: html.lang, dir: html.dir, savedAt: Date.now() };
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
