// Every date and time of every screen goes through src/lib/dates.ts (dd/mm/yyyy, 24-hour, spec §5 and
// §9): lint refuses a raw toLocale*String or Intl.DateTimeFormat anywhere else in src/ (`npm run lint`
// keeps the tree clean). These lint small sources placed in src/ and expect the rule's error exactly
// there, and check the helpers' output. Native date and time inputs are refused the same way (they show
// the browser's format): screens use DateField, TimeField or DateTimeField of src/ui.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDateTime, formatDisplayTime } from '../../src/lib/dates';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

async function dateMessages(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('src/lib/dates.ts')).map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('dates are formatted only through src/lib/dates.ts', () => {
  it.each([
    ['toLocaleTimeString', 'export const a = new Date().toLocaleTimeString("en");\n'],
    ['toLocaleDateString', 'export const a = new Date().toLocaleDateString();\n'],
    ['toLocaleString', 'export const a = (d: Date) => d.toLocaleString("he");\n'],
    ['new Intl.DateTimeFormat', 'export const a = new Intl.DateTimeFormat("en", { month: "long" }).format(new Date());\n'],
    ['Intl.DateTimeFormat()', 'export const a = Intl.DateTimeFormat("en").format(new Date());\n'],
    ['new Intl.RelativeTimeFormat', 'export const a = new Intl.RelativeTimeFormat("en").format(-1, "day");\n'],
  ])('fails a screen that calls %s', async (_name, source) => {
    expect(await dateMessages('src/features/sync/Fixture.tsx', source)).toHaveLength(1);
    expect(await dateMessages('src/ui/deep/Fixture.ts', source)).toHaveLength(1);
    expect(await dateMessages('src/lib/domain/Fixture.ts', source)).toHaveLength(1);
  });

  it('lets the helpers themselves use Intl, and screens use the helpers', async () => {
    expect(await dateMessages('src/lib/dates.ts', 'export const a = new Intl.DateTimeFormat("en-GB").format(new Date());\n')).toEqual([]);
    const viaHelper = "import { formatDisplayDateTime } from '../../lib/dates';\nexport const a = formatDisplayDateTime(new Date());\n";
    expect(await dateMessages('src/features/sync/Fixture.tsx', viaHelper)).toEqual([]);
  });

  it.each([
    ['type="date"', 'export const A = () => <input type="date" />;\n'],
    ['type="datetime-local"', 'export const A = () => <TextField label="x" type="datetime-local" />;\n'],
    ['type="time"', 'export const A = () => <input type="time" />;\n'],
    ["type={cond ? 'date' : 'text'}", "export const A = ({ d }: { d: boolean }) => <input type={d ? 'date' : 'text'} />;\n"],
  ])('fails a screen with a native date or time input (%s): the browser would show its own format', async (_name, source) => {
    const messages = await dateMessages('src/features/books/Fixture.tsx', source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('DateField');
    expect(await dateMessages('src/ui/Fixture.tsx', source)).toHaveLength(1);
  });

  it('lets screens use the shared date fields and ordinary text inputs', async () => {
    const source =
      'import { DateField } from \'../../ui/DateField\';\nexport const A = () => <><DateField label="x" value="" onValueChange={() => {}} /><input type="text" /></>;\n';
    expect(await dateMessages('src/features/books/Fixture.tsx', source)).toEqual([]);
  });

  it('shows times in 24-hour form and date-times as dd/mm/yyyy hh:mm', () => {
    const evening = new Date(2026, 10, 23, 23, 31, 26);
    expect(formatDisplayTime(evening)).toBe('23:31');
    expect(formatDisplayTime(evening.getTime(), { seconds: true })).toBe('23:31:26');
    expect(formatDisplayDateTime(evening)).toBe('23/11/2026 23:31');
    expect(formatDisplayDateTime('2026-11-03T08:05:00')).toBe('03/11/2026 08:05');
    expect(formatDisplayTime(null)).toBe('');
  });
});
