import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropPaintedStart, forgetPaintedStart, keepPaintedStart, PAINTED_START_KEY } from './paintedStart';

const paintScript = readFileSync(path.join(__dirname, '../../public/paint-start.js'), 'utf8');

/** What index.html runs right after #root, before any app script. */
function runPaintScript(): void {
  new Function(paintScript)();
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  document.head.innerHTML = '';
  history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('painted offline start', () => {
  it('keeps the dashboard as rendered and paints it over the app on the next start, until the app takes it away', () => {
    vi.useFakeTimers();
    const sheet = document.createElement('style');
    sheet.textContent = '.card { color: rgb(1, 2, 3); }';
    document.head.append(sheet);
    document.getElementById('root')!.innerHTML = '<main><h1>הבניינים שלי</h1><ul><li class="card">הרצל 12</li></ul></main>';
    keepPaintedStart();
    vi.advanceTimersByTime(1_000);
    expect(JSON.parse(localStorage.getItem(PAINTED_START_KEY) ?? '{}')).toMatchObject({ css: expect.stringContaining('.card') });

    // The next start: an empty document, the script paints the kept list with its rules, loading nothing.
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    runPaintScript();
    const cover = document.getElementById('painted-start');
    expect(cover?.textContent).toContain('הרצל 12');
    expect(cover?.getAttribute('aria-hidden')).toBe('true');
    expect(getComputedStyle(cover?.querySelector('li') as Element).color).toBe('rgb(1, 2, 3)');
    expect(document.querySelectorAll('link')).toHaveLength(0);

    dropPaintedStart();
    expect(document.getElementById('painted-start')).toBeNull();
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('paints nothing on another page, and nothing after signing out', () => {
    localStorage.setItem(PAINTED_START_KEY, JSON.stringify({ html: '<p>list</p>', css: '', lang: 'he', dir: 'rtl', savedAt: 0 }));
    history.replaceState(null, '', '/login');
    runPaintScript();
    expect(document.getElementById('painted-start')).toBeNull();

    history.replaceState(null, '', '/');
    forgetPaintedStart();
    runPaintScript();
    expect(document.getElementById('painted-start')).toBeNull();
  });
});
