// The painted offline start (issue 13): the dashboard as last rendered is kept (its HTML and the rules
// of the style sheets it used, as text) and public/paint-start.js puts it on screen before any app
// script runs, as an inert cover over the app; the app takes the cover away once its own dashboard
// list is on screen, or when it shows another page. Only the dashboard of a signed-in worker is kept;
// signing out forgets it. The rules travel as text, not as links to the sheets: links added while the
// page is parsed hold back the app's own scripts until they load (~55 ms of every offline start).
import { buildingsPath } from '../lib/appPaths';

export const PAINTED_START_KEY = 'binyan.paintedStart';
/** The element public/paint-start.js puts over #root (the same id there). */
const COVER_ID = 'painted-start';
const SAVE_DELAY_MS = 1_000;

/** `home`: the list is the user's home screen, so a start on "/" (which leads there) is painted too. */
export type PaintedStart = { html: string; css: string; lang: string; dir: string; savedAt: number; home: boolean };

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
  // Dialogs (the menu drawer, kept once made) are not part of the list as it stood on screen.
  for (const dialog of copy.querySelectorAll('dialog')) dialog.remove();
  for (const element of copy.querySelectorAll('[style]')) {
    element.setAttribute('data-painted-style', element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  }
  return copy.innerHTML;
}

// A pseudo-element or a state no element of a still picture is in: left out of the match test.
const UNMATCHABLE =
  /::?(?:before|after|placeholder|marker|selection|backdrop|file-selector-button|-webkit-[\w-]+|hover|focus(?:-visible|-within)?|active|visited)\b(?:\([^)]*\))?/g;

/** Whether a rule's selector styles the page's root elements or anything in the kept dashboard. */
function styles(selector: string, root: Element): boolean {
  return selector.split(',').some((part) => {
    const plain = part.replace(UNMATCHABLE, '').trim() || '*';
    try {
      return document.documentElement.matches(plain) || document.body.matches(plain) || root.querySelector(plain) !== null;
    } catch {
      return true;
    }
  });
}

/** The rules that style the kept dashboard: the cover's sheet, which every style change of the start reads. */
function usedRules(rules: CSSRuleList, root: Element): string[] {
  const kept: string[] = [];
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) {
      if (styles(rule.selectorText, root)) kept.push(rule.cssText);
      continue;
    }
    // @media, @supports, @container: kept with the rules inside them that are used.
    const group = rule as CSSRule & { cssRules?: CSSRuleList; conditionText?: string };
    const at = /^@[\w-]+/.exec(rule.cssText)?.[0];
    if (group.cssRules && group.conditionText !== undefined && at) {
      const inner = usedRules(group.cssRules, root);
      if (inner.length > 0) kept.push(`${at} ${group.conditionText}{${inner.join('\n')}}`);
    } else {
      kept.push(rule.cssText);
    }
  }
  return kept;
}

/** The rules of the page's style sheets (the app's own, from its origin) the dashboard uses, in document order. */
function cssText(root: Element): string {
  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    if (sheet.ownerNode instanceof Element && sheet.ownerNode.closest(`#${COVER_ID}`)) continue;
    try {
      rules.push(...usedRules(sheet.cssRules, root));
    } catch {
      // A sheet of another origin cannot be read; the app has none.
    }
  }
  return rules.join('\n');
}

function snapshot(home: boolean): PaintedStart | null {
  const root = document.getElementById('root');
  if (!root || location.pathname !== buildingsPath || root.childElementCount === 0) return null;
  const html = document.documentElement;
  return { html: paintableHtml(root), css: cssText(root), lang: html.lang, dir: html.dir, savedAt: Date.now(), home };
}

/** The pages the cover may stay on: the list's own, and "/" on its way there. */
export function paintedStartCovers(pathname: string): boolean {
  return pathname === buildingsPath || pathname === '/';
}

/**
 * Keeps the dashboard as it is on screen now, once it has settled (a second after the last call);
 * `home` says whether it is the user's home screen (app/homeRoute.ts).
 */
export function keepPaintedStart(home: boolean): void {
  clearTimeout(pending);
  pending = setTimeout(() => {
    const shot = snapshot(home);
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
