// Photos for the file pickers, drawn by the browser itself: real JPEGs, no image files in the repo.
import type { Page } from 'playwright-core';

export type PhotoFile = { name: string; mimeType: string; buffer: Buffer };

/** What to draw: a background, then filled boxes and lines of text in the ink colour. */
export type Drawing = {
  width: number;
  height: number;
  background: string;
  ink?: string;
  font?: string;
  boxes?: ReadonlyArray<{ x: number; y: number; width: number; height: number }>;
  texts?: ReadonlyArray<{ text: string; x: number; y: number }>;
};

export async function drawnJpeg(page: Page, name: string, drawing: Drawing): Promise<PhotoFile> {
  const base64 = await page.evaluate(async (d: Drawing) => {
    const canvas = new OffscreenCanvas(d.width, d.height);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = d.background;
    g.fillRect(0, 0, d.width, d.height);
    g.fillStyle = d.ink ?? '#0f172a';
    if (d.font) g.font = d.font;
    for (const box of d.boxes ?? []) g.fillRect(box.x, box.y, box.width, box.height);
    for (const line of d.texts ?? []) g.fillText(line.text, line.x, line.y);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, drawing);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}
