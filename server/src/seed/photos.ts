// Demo photos that are real images (screenshots and tests show them, and sharp decodes them like an
// upload): meter faces with a seven-segment counter for the readings, pictures of faults for open
// calls, a check for the check payments. Drawn as SVG (no fonts needed) and encoded once per process.
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;

// Segments a–g of a seven-segment digit, as [x, y, w, h] in a 40×70 cell.
const segments: Record<string, [number, number, number, number]> = {
  a: [6, 0, 28, 6],
  b: [34, 6, 6, 26],
  c: [34, 38, 6, 26],
  d: [6, 64, 28, 6],
  e: [0, 38, 6, 26],
  f: [0, 6, 6, 26],
  g: [6, 32, 28, 6],
};
const litSegments = ['abcdef', 'bc', 'abged', 'abgcd', 'fgbc', 'afgcd', 'afgedc', 'abc', 'abcdefg', 'abcdfg'];

function digitSvg(digit: number, x: number, y: number, on = '#7CFC8A', off = '#1f3323'): string {
  const lit = litSegments[digit] ?? '';
  return Object.entries(segments)
    .map(([name, [sx, sy, w, h]]) => `<rect x="${x + sx}" y="${y + sy}" width="${w}" height="${h}" rx="2" fill="${lit.includes(name) ? on : off}"/>`)
    .join('');
}

/** An electricity meter's face showing `counter` (up to seven digits). */
export function meterFaceSvg(counter: number, serial: string): string {
  const digits = String(Math.max(0, Math.round(counter)))
    .padStart(7, '0')
    .slice(-7)
    .split('')
    .map(Number);
  const cells = digits.map((d, i) => digitSvg(d, 150 + i * 50, 190)).join('');
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return `<line x1="${320 + Math.cos(a) * 200}" y1="${240 + Math.sin(a) * 200}" x2="${320 + Math.cos(a) * 215}" y2="${240 + Math.sin(a) * 215}" stroke="#5b6470" stroke-width="4"/>`;
  }).join('');
  const barcode = serial
    .split('')
    .map((ch, i) => `<rect x="${250 + i * 14}" y="330" width="${2 + (ch.charCodeAt(0) % 7)}" height="40" fill="#222"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9ced6"/><stop offset="1" stop-color="#8e96a3"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
<circle cx="320" cy="240" r="225" fill="#eef1f4" stroke="#39414c" stroke-width="10"/>
${ticks}
<rect x="130" y="170" width="380" height="110" rx="10" fill="#0c160e" stroke="#39414c" stroke-width="6"/>
${cells}
<rect x="180" y="110" width="280" height="36" rx="6" fill="#d8dde3"/>
<circle cx="470" cy="128" r="10" fill="#d33"/>
${barcode}
</svg>`;
}

export type CallPicture = 'crackedWindow' | 'leakingPipe' | 'graffiti';

/** A picture of the fault, stamped with the call's number (files are unique per company and content). */
export function callPictureSvg(kind: CallPicture, callNumber: number): string {
  const body: Record<CallPicture, string> = {
    crackedWindow: `<rect width="640" height="480" fill="#b9c7d6"/><rect x="140" y="60" width="360" height="360" fill="#6f8fb3" stroke="#f3efe6" stroke-width="24"/>
<line x1="320" y1="60" x2="320" y2="420" stroke="#f3efe6" stroke-width="14"/>
<polyline points="230,140 260,210 215,260 280,300 250,380" fill="none" stroke="#fff" stroke-width="5"/>
<polyline points="260,210 300,190 310,150" fill="none" stroke="#fff" stroke-width="4"/>
<polyline points="280,300 310,330" fill="none" stroke="#fff" stroke-width="4"/>`,
    leakingPipe: `<rect width="640" height="480" fill="#e8e2d4"/><rect x="0" y="150" width="640" height="60" fill="#8a8f96"/>
<rect x="300" y="140" width="60" height="80" fill="#6b7078"/>
<path d="M330 220 q-18 40 0 60 q18 -20 0 -60" fill="#3a8fd9"/>
<path d="M330 300 q-14 30 0 45 q14 -15 0 -45" fill="#3a8fd9"/>
<ellipse cx="330" cy="430" rx="150" ry="26" fill="#5aa5e6" opacity="0.8"/>`,
    graffiti: `<rect width="640" height="480" fill="#d6b48c"/>
${Array.from({ length: 8 }, (_, r) => `<line x1="0" y1="${r * 60}" x2="640" y2="${r * 60}" stroke="#b8956c" stroke-width="4"/>`).join('')}
<path d="M80 300 C160 120, 260 420, 340 220 S520 120, 570 300" fill="none" stroke="#d62f8a" stroke-width="26" stroke-linecap="round"/>
<path d="M120 360 C220 260, 320 400, 480 330" fill="none" stroke="#1c6fd1" stroke-width="18" stroke-linecap="round"/>`,
  };
  const digits = String(callNumber).split('').map(Number);
  const x0 = 610 - digits.length * 25;
  // Digits drawn at half size: their cell coordinates are doubled inside the scaled group.
  const stamp = digits.map((d, i) => digitSvg(d, 2 * (x0 + 8) + i * 50, 36, '#ffffff', 'none')).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body[kind]}<rect x="${x0}" y="12" width="${digits.length * 25 + 10}" height="52" rx="6" fill="#000" opacity="0.55"/><g transform="scale(0.5)">${stamp}</g></svg>`;
}

export function checkPictureSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="280">
<rect width="${WIDTH}" height="280" fill="#f4f1e6"/><rect x="10" y="10" width="620" height="260" fill="none" stroke="#8aa1b8" stroke-width="4"/>
<rect x="40" y="40" width="200" height="14" fill="#6b7a8a"/><rect x="440" y="40" width="150" height="14" fill="#6b7a8a"/>
<line x1="40" y1="120" x2="600" y2="120" stroke="#9aa8b6" stroke-width="3"/><line x1="40" y1="170" x2="460" y2="170" stroke="#9aa8b6" stroke-width="3"/>
<rect x="480" y="150" width="120" height="36" fill="none" stroke="#6b7a8a" stroke-width="3"/>
<path d="M380 230 q30 -30 60 0 t60 0" fill="none" stroke="#1d3f8f" stroke-width="4"/>
<rect x="40" y="225" width="300" height="12" fill="#2b2b2b"/>
</svg>`;
}

const encoded = new Map<string, Promise<Buffer>>();

/** The JPEG of an SVG drawing, encoded once per process (seeds run once per test database). */
export function jpegOf(svg: string): Promise<Buffer> {
  let jpeg = encoded.get(svg);
  if (!jpeg) {
    jpeg = sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
    encoded.set(svg, jpeg);
  }
  return jpeg;
}

/** The meter faces the seeded readings take in turn (a fixed set keeps the seed fast). */
export const METER_FACES = [
  { counter: 4821, serial: 'A7731' },
  { counter: 5163, serial: 'B2290' },
  { counter: 1297, serial: 'C4410' },
  { counter: 7042, serial: 'D0931' },
  { counter: 3388, serial: 'E5527' },
  { counter: 6610, serial: 'F8814' },
] as const;

export const CALL_PICTURES: readonly CallPicture[] = ['crackedWindow', 'leakingPipe', 'graffiti'];
