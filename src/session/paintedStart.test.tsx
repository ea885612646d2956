import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropPaintedStart, forgetPaintedStart, keepPaintedStart, PAINTED_START_KEY } from './paintedStart';

const paintScript = readFileSync(path.join(__dirname, '../../public/paint-start.js'), 'utf8');

/** What index.html runs right after #root, before any app script. */
function runPaintScript(): void {
  new Function(paintScript)();
}

// jsdom has no constructed style sheets: a stand-in that keeps the text it is given (whether Chromium
// applies the rules under the app's Content-Security-Policy is tests/e2e/painted-start.spec.ts).
class ConstructedSheet {
  text = '';
  replaceSync(text: string): void {
    this.text = text;
  }
}
let adopted: ConstructedSheet[] = [];

beforeEach(() => {
  adopted = [];
  vi.stubGlobal('CSSStyleSheet', ConstructedSheet);
  Object.defineProperty(document, 'adoptedStyleSheets', { configurable: true, get: () => adopted, set: (sheets: ConstructedSheet[]) => (adopted = sheets) });
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  document.head.innerHTML = '';
  history.replaceState(null, '', '/buildings');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('painted offline start', () => {
  it('keeps the dashboard as rendered and paints it over the app on the next start, until the app takes it away', () => {
    vi.useFakeTimers();
    const sheet = document.createElement('style');
    sheet.textContent = '.card { color: rgb(1, 2, 3); }';
    document.head.append(sheet);
    document.getElementById('root')!.innerHTML =
      '<dialog id="app-navigation"><ul><li><a href="/">תפריט</a></li></ul></dialog><main><h1>הבניינים שלי</h1><ul><li class="card" style="--accent: #047857">הרצל 12</li></ul></main>';
    keepPaintedStart(true);
    vi.advanceTimersByTime(1_000);
    const kept = JSON.parse(localStorage.getItem(PAINTED_START_KEY) ?? '{}') as { css: string; html: string };
    expect(kept.css).toContain('.card');
    // No style attribute in the kept HTML: the page's policy refuses them in parsed HTML.
    expect(kept.html).not.toContain(' style=');
    // The menu drawer, made once it was opened, is no part of the list.
    expect(kept.html).not.toContain('dialog');

    // The next start: an empty document, the script paints the kept list with its rules, loading nothing
    // and adding no inline style (no <style> element, no style attribute parsed).
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    runPaintScript();
    const cover = document.getElementById('painted-start');
    expect(cover?.textContent).toContain('הרצל 12');
    expect(cover?.getAttribute('aria-hidden')).toBe('true');
    expect((cover?.querySelector('li') as HTMLElement).style.getPropertyValue('--accent').trim()).toBe('#047857');
    expect(adopted.map((sheet) => sheet.text)).toEqual([expect.stringContaining('rgb(1, 2, 3)')]);
    expect(document.querySelectorAll('link, style')).toHaveLength(0);

    dropPaintedStart();
    expect(document.getElementById('painted-start')).toBeNull();
    expect(adopted).toEqual([]);
  });

  it("keeps only the rules the dashboard uses (the cover's sheet is read by every style change of the start)", () => {
    vi.useFakeTimers();
    const sheet = document.createElement('style');
    sheet.textContent = [
      ':root { --ink: rgb(1, 2, 3); }',
      '.card, .unused-a { color: var(--ink); }',
      '.card::before { content: "•"; }',
      '.row:hover { color: red; }',
      '.unused-b { color: blue; }',
      '@media (min-width: 1px) { .card { margin: 0; } .unused-c { margin: 1px; } }',
      '@media (min-width: 2px) { .unused-d { margin: 2px; } }',
    ].join('\n');
    document.head.append(sheet);
    document.getElementById('root')!.innerHTML = '<ul><li class="card row">הרצל 12</li></ul>';
    keepPaintedStart(true);
    vi.advanceTimersByTime(1_000);
    const { css } = JSON.parse(localStorage.getItem(PAINTED_START_KEY) ?? '{}') as { css: string };
    expect(css).toContain('--ink');
    expect(css).toContain('.card::before');
    expect(css).toContain('.row:hover');
    expect(css).toMatch(/@media \(min-width: 1px\)\s*\{[^}]*\.card/);
    expect(css).not.toMatch(/unused-b|unused-c|unused-d|min-width: 2px/);
  });

  it('paints nothing on another page, and nothing after signing out', () => {
    localStorage.setItem(PAINTED_START_KEY, JSON.stringify({ html: '<p>list</p>', css: '', lang: 'he', dir: 'rtl', savedAt: 0 }));
    history.replaceState(null, '', '/login');
    runPaintScript();
    expect(document.getElementById('painted-start')).toBeNull();

    history.replaceState(null, '', '/buildings');
    forgetPaintedStart();
    runPaintScript();
    expect(document.getElementById('painted-start')).toBeNull();
  });

  it('paints the list on "/" only for a user whose home it is (a worker\'s "/" leads to the day\'s plan)', () => {
    vi.useFakeTimers();
    document.getElementById('root')!.innerHTML = '<ul><li>הרצל 12</li></ul>';
    keepPaintedStart(false);
    vi.advanceTimersByTime(1_000);
    document.body.innerHTML = '<div id="root"></div>';
    history.replaceState(null, '', '/');
    runPaintScript();
    expect(document.getElementById('painted-start')).toBeNull();
    history.replaceState(null, '', '/buildings');
    runPaintScript();
    expect(document.getElementById('painted-start')?.textContent).toContain('הרצל 12');

    dropPaintedStart();
    history.replaceState(null, '', '/buildings');
    document.getElementById('root')!.innerHTML = '<ul><li>הרצל 12</li></ul>';
    keepPaintedStart(true);
    vi.advanceTimersByTime(1_000);
    document.body.innerHTML = '<div id="root"></div>';
    history.replaceState(null, '', '/');
    runPaintScript();
    expect(document.getElementById('painted-start')?.textContent).toContain('הרצל 12');
  });
});
