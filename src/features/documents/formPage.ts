// The page of a signed form, drawn on the device exactly as the signer saw it (any language, either
// direction): title, text, the filled fields, the signature, the signer's name and the time. The server
// turns this picture into the signed PDF.

export type FormPage = {
  title: string;
  text: string;
  fields: readonly { label: string; value: string }[];
  signerLine: string;
  signedLine: string;
  signature: HTMLCanvasElement;
  dir: 'rtl' | 'ltr';
};

const WIDTH = 1240;
const HEIGHT = 1754;
const MARGIN = 100;

function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (ctx.measureText(next).width > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** The page as a JPEG. */
export function drawFormPage(page: FormPage): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2d canvas'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#111827';
  ctx.direction = page.dir;
  ctx.textAlign = page.dir === 'rtl' ? 'right' : 'left';
  const x = page.dir === 'rtl' ? WIDTH - MARGIN : MARGIN;
  const width = WIDTH - 2 * MARGIN;
  let y = MARGIN + 40;
  ctx.font = 'bold 52px sans-serif';
  ctx.fillText(page.title, x, y);
  y += 90;
  ctx.font = '34px sans-serif';
  for (const line of wrap(ctx, page.text, width)) {
    ctx.fillText(line, x, y);
    y += 50;
  }
  y += 30;
  for (const field of page.fields) {
    ctx.font = 'bold 34px sans-serif';
    ctx.fillText(`${field.label}: `, x, y);
    y += 48;
    ctx.font = '34px sans-serif';
    for (const line of wrap(ctx, field.value, width)) {
      ctx.fillText(line, x, y);
      y += 48;
    }
    y += 14;
  }
  y += 40;
  const sigWidth = 600;
  const sigHeight = (page.signature.height / page.signature.width) * sigWidth;
  ctx.drawImage(page.signature, page.dir === 'rtl' ? WIDTH - MARGIN - sigWidth : MARGIN, y, sigWidth, sigHeight);
  y += sigHeight + 50;
  ctx.font = '34px sans-serif';
  ctx.fillText(page.signerLine, x, y);
  ctx.fillText(page.signedLine, x, y + 50);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no page image'))), 'image/jpeg', 0.85));
}
