// Layers point one way (docs/architecture.md, "Layers"):
//
//   src/ui ─▶ src/machines ◀─ src/app, src/effects, src/bridge ─▶ src/platform ─▶ contract ◀─ mocks
//                  │                                                                 ▲
//                  ▼                                                                 │
//             src/domain ────────────────────────────────────────────────────────────┘
//
//   db (the app's schema) ─▶ contract; the platform takes it as input and neither imports the other.
//
// `npm run lint:deps` fails on any import against these arrows, type-only imports included.

// dependency-cruiser 17 (the last on Node 20) cannot read TypeScript 7, which has no JS compiler
// API, so it parses with swc; but it never asks swc for JSX, and a .tsx file fails (fixed in 18,
// which needs Node 22). It calls the same @swc/core exports object as this, so turn JSX on here.
const swc = require('@swc/core')
const parseFileSync = swc.parseFileSync
swc.parseFileSync = (file, options) =>
  parseFileSync(file, { ...options, tsx: /\.[jt]sx$/.test(file) })

/** Everything of ours outside `allowed` (a regex of folders), plus npm packages and Node's own. */
const anythingBut = (allowed) => ({ pathNot: `^(${allowed})/` })

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; break it by moving the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ui-only-to-machines-and-domain',
      severity: 'error',
      comment: 'Views read machines (useSelector) and send to them; they never reach effects.',
      from: { path: '^src/ui/' },
      to: { path: '^(src/(?!ui/|machines/|domain/)|contract/|mocks/|db/)' },
    },
    {
      name: 'machines-only-to-machines-domain-and-xstate',
      severity: 'error',
      comment: 'Machines hold behaviour only: their effects are provided from outside.',
      from: { path: '^src/machines/' },
      to: anythingBut('src/machines|src/domain|node_modules/xstate'),
    },
    {
      name: 'domain-only-to-domain-and-contract',
      severity: 'error',
      comment:
        'Pure types and rules of the app; it may build on the wire types and check input with valibot, nothing else.',
      from: { path: '^src/domain/' },
      to: anythingBut('src/domain|contract|node_modules/valibot'),
    },
    {
      name: 'sdk-only-to-sdk-and-contract',
      severity: 'error',
      comment: 'The SDK is a product of its own: it never imports the app (machines included).',
      from: { path: '^src/platform/' },
      to: { path: '^(src/(?!platform/)|mocks/|db/)' },
    },
    {
      name: 'providers-only-to-providers-and-domain',
      severity: 'error',
      comment: 'The LLM adapters speak the domain chat types and nothing else of the app.',
      from: { path: '^src/providers/' },
      to: { path: '^(src/(?!providers/|domain/)|contract/|mocks/|db/)' },
    },
    {
      name: 'app-only-to-the-layers-below',
      severity: 'error',
      comment:
        'The app wires machines to the SDK and providers; the platform is reached over HTTP.',
      from: { path: '^src/(app|effects|bridge)/' },
      to: {
        path: '^(src/|mocks/)',
        pathNot: '^src/(app|effects|bridge|machines|domain|platform|providers|ui)/|^src/[^/]+$',
      },
    },
    {
      name: 'only-the-app-wires-views',
      severity: 'error',
      comment: 'Effects and the bridge serve machines; only src/app mounts the views.',
      from: { path: '^src/(effects|bridge)/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'src-never-to-mocks',
      severity: 'error',
      comment: 'The app and the SDK talk to the platform only over the wire.',
      from: { path: '^src/' },
      to: { path: '^mocks/' },
    },
    {
      name: 'mocks-never-to-src',
      severity: 'error',
      comment: 'The platform and the SDK share wire types only through contract/.',
      from: { path: '^mocks/' },
      to: { path: '^src/' },
    },
    {
      name: 'platform-never-to-app-schema',
      severity: 'error',
      comment:
        "The platform takes the app's migrations and seed as input (db/), never imports them.",
      from: { path: '^mocks/platform/' },
      to: { path: '^db/' },
    },
    {
      name: 'db-never-to-mocks-or-src',
      severity: 'error',
      comment:
        "The app's schema (db/) is input to the platform: it speaks contract/app-schema.ts, never the platform's code nor the browser app's.",
      from: { path: '^db/' },
      to: { path: '^(mocks|src)/' },
    },
    {
      name: 'contract-only-to-contract',
      severity: 'error',
      comment: 'Wire types and rules, written once for both sides: no dependencies at all.',
      from: { path: '^contract/' },
      to: anythingBut('contract'),
    },
    {
      name: 'extension-only-to-extension-and-domain',
      severity: 'error',
      comment:
        'The Chrome extension is built on its own: it shares the pure domain (the bridge messages, prompt search) and nothing else of the app.',
      from: { path: '^extension/' },
      to: { path: '^(src/(?!domain/)|mocks/|db/|contract/|tests/|e2e/)' },
    },
    {
      name: 'nothing-to-extension',
      severity: 'error',
      comment: 'The app, the SDK and the platform never reach into the extension.',
      from: { path: '^(src|contract|mocks|db)/' },
      to: { path: '^extension/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 has no JS compiler API for dependency-cruiser: swc parses instead, and it
    // keeps type-only imports, which count as much as value imports.
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^styled-system/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
