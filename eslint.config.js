import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layer table of docs/architecture.md: what each folder may import. An import against it fails
// lint, tests included (tests/unit/layers.test.ts proves the rule bites). Imports are relative, so the
// rule is written per depth: from a file k folders below its layer's root, `../` × (k + 1) is `src/`
// (for a feature, `src/features/`).
const layers = {
  features: ['session', 'directory', 'ui', 'db', 'sync', 'api', 'i18n', 'lib', 'workers'],
  session: ['ui', 'db', 'sync', 'api', 'i18n', 'lib'],
  directory: ['db', 'sync', 'api', 'lib'],
  ui: ['i18n', 'lib'],
  sync: ['db', 'api', 'lib'],
  db: ['lib'],
  api: ['lib'],
  workers: ['lib'],
  i18n: [],
  lib: [],
};
const MAX_DEPTH = 4;

// Inside a layer, a folder that may not import a sibling folder: the sync's write side (what a user's
// action leaves on the device) knows nothing of its replay side, which reads the outbox it fills.
const sides = [
  {
    layer: 'sync',
    folder: 'write',
    forbidden: 'replay',
    message:
      'src/sync/write imports nothing of src/sync/replay: the replay reads the outbox, the write side never calls it (docs/architecture.md, "The two halves of sync").',
  },
];

// Each library is wrapped once (style.md §4): only the wrapper may import it.
const wrappedLibraries = [
  { name: 'i18next', message: 'Use src/i18n (the single i18next init).', allowTypeImports: true },
  { name: 'comlink', message: 'Use src/workers/photoCompressor.ts (the single comlink wrap).', allowTypeImports: true },
  { name: 'lucide-react', message: 'Use src/ui/icons.tsx (the one icon set, its table of route and action icons).', allowTypeImports: false },
];
const wrappers = ['src/db/db.ts', 'src/i18n/i18n.ts', 'src/workers/photoCompressor.ts', 'src/workers/*.worker.ts', 'src/ui/icons.tsx', 'src/ui/Icon.tsx'];

/** Folders outside src/ with a rule of their own: what they may import from the project root. */
const outside = {
  sw: { allowed: ['src/sync', 'src/db', 'src/api', 'src/lib'], message: 'sw/ may import only src/sync, src/db, src/api and src/lib (no React, no DOM).' },
  server: { allowed: ['server', 'src/lib'], message: 'server/ may import only its own code and src/lib (docs/architecture.md, "Layers").' },
};

// A component (`.tsx`) holds no API client: the feature's repository (`*Repo.ts`) or a hook (`use*.ts`)
// makes the call with the page's client (src/session/api.ts), so a screen only talks to those.
const apiClientImport = {
  regex: '^(?:\\./|(?:\\.\\./)+)(?:session/api|api(?:/client|/index)?)$',
  message:
    'A component holds no API client: call the feature\'s repository (*Repo.ts) or a hook (use*.ts), which take it from src/session/api.ts (docs/architecture.md, "Screens").',
  caseSensitive: true,
};
// (src/ui imports neither src/session nor src/api at all: its layer rule already refuses the client.)
const componentFolders = ['src/features'];

const enumSyntax = { selector: 'TSEnumDeclaration', message: 'Use union types, not enum.' };

// The server's layers (docs/architecture.md, "Server layers"): queries are built only in server/src/data
// (and db/, the database wrapper and its migrations, and seed/, the demo data); a route imports no db but
// the types it passes on, and nothing outside those folders imports kysely. server/src/data imports only
// db/ and src/lib. tests/unit/serverLayers.test.ts proves each rule bites.
const queryFolders = ['data', 'db', 'seed'];
const queryMessage = 'Queries live in server/src/data: call (or add) a function of the matching data module (docs/architecture.md, "Server layers").';
const querySyntax = [
  { selector: "MemberExpression[property.name='q']", message: queryMessage },
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: queryMessage,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: queryMessage },
];
const kyselyImport = { name: 'kysely', message: queryMessage };
const serverDepths = 4;
const datesMessage = 'Format dates and times with the helpers of src/lib/dates.ts (or useFormats): dd/mm/yyyy, 24-hour, in every language.';
const alertRole = {
  selector: "JSXAttribute[name.name='role'][value.value='alert']",
  message: 'A message announced at once is an <Alert> (src/ui/Alert.tsx), the one place that sets role="alert".',
};
const rawDateFormatting = [
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]', message: datesMessage },
  { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: datesMessage },
  { selector: "CallExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: datesMessage },
  // The browser's own date and time inputs show its format (mm/dd/yyyy, 12-hour in English Chromium).
  {
    selector: "JSXAttribute[name.name='type'] Literal[value=/^(date|datetime-local|time|month|week)$/]",
    message:
      'Use DateField, TimeField or DateTimeField of src/ui (dd/mm/yyyy, 24-hour, a calendar from Sunday), not a native date or time input (src/lib/dates.ts).',
  },
];

const up = (n) => `(?:\\.\\./){${n}}`;
const oneOf = (names) => (names.length === 0 ? '(?!)' : `(?:${names.join('|')})(?:/|$)`);

/** The forbidden import patterns of a file `depth` folders below the root of `layer`. */
function layerPatterns(layer, depth) {
  const toSrc = layer === 'features' ? depth + 2 : depth + 1;
  const allowed = layer === 'features' ? layers.features : [layer, ...layers[layer]];
  const others = allowed.filter((l) => l !== layer);
  const patterns = [
    {
      regex: `^${up(toSrc)}(?!${oneOf(allowed)})[^./]`,
      message: `${others.length > 0 ? `src/${layer} may import only ${others.join(', ')}` : `src/${layer} imports no other layer`} (docs/architecture.md, "Layers").`,
      caseSensitive: true,
    },
    { regex: `^${up(toSrc + 1)}`, message: 'Code under src/ imports nothing outside src/ (docs/architecture.md, "Layers").', caseSensitive: true },
  ];
  if (layer === 'features') {
    patterns.push({
      regex: `^${up(depth + 1)}[^./]`,
      message: 'A feature imports no other feature: move what they share to a shared layer, or compose them in src/app (docs/architecture.md).',
      caseSensitive: true,
    });
  }
  return patterns;
}

function layerRoot(layer) {
  return layer === 'features' ? 'src/features/*' : `src/${layer}`;
}

/** sw/ and server/: from `depth` folders below their root, `../` × (depth + 1) is the project root. */
function outsideBlocks() {
  return Object.entries(outside).flatMap(([folder, { allowed, message }]) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      files: [`${folder}${'/*'.repeat(depth)}/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: `^${up(depth + 1)}(?!${oneOf(allowed)})[^./]`, message, caseSensitive: true }] }] },
    })),
  );
}

/** The server's layers, below server/src (`depth` folders below a folder of server/src). */
function serverLayerBlocks() {
  const blocks = [];
  const toServerSrc = (depth) => up(depth + 1);
  // From a file `depth` folders below server/src/<folder>, `../` × (depth + 3) is the project root.
  const base = (depth) => ({
    regex: `^${up(depth + 3)}(?!${oneOf(outside.server.allowed)})[^./]`,
    message: outside.server.message,
    caseSensitive: true,
  });
  // server/src/app.ts and context.ts: the composition root, query-free too.
  blocks.push({
    files: ['server/src/*.ts'],
    ignores: ['server/src/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', enumSyntax, ...querySyntax],
      'no-restricted-imports': ['error', { paths: [kyselyImport], patterns: [base(-1)] }],
    },
  });
  for (let depth = 0; depth < serverDepths; depth += 1) {
    const below = `${'/*'.repeat(depth)}`;
    // Every folder but the query folders: no query, no kysely.
    blocks.push({
      files: [`server/src/*${below}/*.ts`],
      ignores: [...queryFolders.map((f) => `server/src/${f}/**`), 'server/src/**/*.test.ts'],
      rules: {
        'no-restricted-syntax': ['error', enumSyntax, ...querySyntax],
        'no-restricted-imports': ['error', { paths: [kyselyImport], patterns: [base(depth)] }],
      },
    });
    // A route passes the Db handle it got from the context or the mutation on: it imports types of db/ only.
    blocks.push({
      files: [`server/src/routes${below}/*.ts`],
      ignores: ['server/src/**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [kyselyImport],
            patterns: [
              base(depth),
              {
                regex: `^${toServerSrc(depth)}db/`,
                allowTypeImports: true,
                message:
                  'A route imports no db, only the types it passes on (Db): its queries are functions of server/src/data (docs/architecture.md, "Server layers").',
                caseSensitive: true,
              },
            ],
          },
        ],
      },
    });
    // The data modules sit on the database only: nothing of http, routes, auth or messaging.
    blocks.push({
      files: [`server/src/data${below}/*.ts`],
      ignores: ['server/src/**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              base(depth),
              {
                regex: `^${toServerSrc(depth)}(?!db/|data/)[^./]`,
                message: 'server/src/data imports only server/src/db and src/lib (docs/architecture.md, "Server layers").',
                caseSensitive: true,
              },
            ],
          },
        ],
      },
    });
  }
  return blocks;
}

function layerBlocks() {
  const blocks = [];
  for (const layer of Object.keys(layers)) {
    for (let depth = 0; depth <= MAX_DEPTH; depth += 1) {
      const dir = `${layerRoot(layer)}${'/*'.repeat(depth)}`;
      const tests = [`${dir}/*.test.{ts,tsx}`];
      const ownWrappers = wrappers.filter((w) => w.split('/').length === dir.split('/').length + 1 && w.startsWith(`${dir.replace(/\/\*$/, '')}/`));
      const patterns = layerPatterns(layer, depth);
      const componentPatterns = componentFolders.includes(`src/${layer}`) ? [...patterns, apiClientImport] : patterns;
      blocks.push({
        files: [`${dir}/*.ts`],
        ignores: [...tests, ...ownWrappers],
        rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries, patterns }] },
      });
      blocks.push({
        files: [`${dir}/*.tsx`],
        ignores: [...tests, ...ownWrappers],
        rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries, patterns: componentPatterns }] },
      });
      blocks.push({ files: [...tests, ...ownWrappers], rules: { 'no-restricted-imports': ['error', { patterns }] } });
    }
  }
  for (const { layer, folder, forbidden, message } of sides) {
    for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
      const dir = `src/${layer}/${folder}${'/*'.repeat(depth)}`;
      const tests = [`${dir}/*.test.{ts,tsx}`];
      const toLayer = depth + 1;
      const patterns = [...layerPatterns(layer, depth + 1), { regex: `^${up(toLayer)}(?:\\.\\./${layer}/)?${forbidden}(?:/|$)`, message, caseSensitive: true }];
      blocks.push({ files: [`${dir}/*.{ts,tsx}`], ignores: tests, rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries, patterns }] } });
      blocks.push({ files: tests, rules: { 'no-restricted-imports': ['error', { patterns }] } });
    }
  }
  return blocks;
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', enumSyntax],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dates and times are shown only through src/lib/dates.ts (dd/mm/yyyy, 24-hour, spec §5 and §9), and a
    // message announced at once only through src/ui/Alert.tsx.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/dates.ts', 'src/ui/Alert.tsx'],
    rules: { 'no-restricted-syntax': ['error', enumSyntax, ...rawDateFormatting, alertRole] },
  },
  {
    files: ['src/ui/Alert.tsx'],
    rules: { 'no-restricted-syntax': ['error', enumSyntax, ...rawDateFormatting] },
  },
  {
    // src/app and src/main.tsx may import every layer; the wrapped libraries stay behind their wrappers.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...wrappers, 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries }] },
  },
  {
    // ... but the app's components hold no API client either.
    files: ['src/app/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries, patterns: [apiClientImport] }] },
  },
  // The layers (each block repeats the wrapped libraries: a later block replaces a rule's options).
  ...layerBlocks(),
  ...outsideBlocks(),
  ...serverLayerBlocks(),
);
