// ESLint 9, flat config: the recommended rules of JavaScript, TypeScript, React, its hooks
// and jsx-a11y for the app and the tests, and the app's layers (decision 008).
import { readFileSync } from 'node:fs'

import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The layers of app/, top first, as decision 008 lists them in its `layers` block: each line a
// layer, each word a folder or file of app/. Read from the decision, so the rule is what it says.
const LAYERS = /```layers\n([\s\S]*?)```/
  .exec(readFileSync(new URL('docs/decisions/008-feature-folders.md', import.meta.url), 'utf8'))[1]
  .split('\n')
  .map((line) => line.trim().split(/\s+/).filter(Boolean))
  .filter((layer) => layer.length > 0)

// A part of app/ may not import from a layer above its own, nor from another part of its own layer.
const layerZones = LAYERS.flatMap((layer, index) =>
  layer.map((part) => ({
    target: `./app/${part}`,
    from: [...LAYERS.slice(0, index).flat(), ...layer.filter((other) => other !== part)].map((other) => `./app/${other}`),
    message: `app/${part} is below these in decision 008's layers: it may import only from its own folder and the layers under it.`,
  })),
)

export default tseslint.config(
  { ignores: ['build/', 'public/build/', 'node_modules/', 'test-results/', 'playwright-report/', 'tests/bench/bare-remix/build/', 'tests/bench/bare-remix/public/build/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,jsx,ts,tsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { ...react.configs.flat.recommended.languageOptions, globals: { ...globals.browser } },
    settings: {
      react: { version: 'detect' },
      formComponents: ['Form'],
      linkComponents: [
        { name: 'Link', linkAttribute: 'to' },
        { name: 'NavLink', linkAttribute: 'to' },
      ],
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Every redirect carries its Cache-Control (decision 004), so routes use ours, not Remix's.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/http/responses.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@remix-run/node', importNames: ['redirect'], message: "Use redirect from '~/http/responses.server': it marks the response private." }] },
      ],
    },
  },
  {
    // Dependencies point one way (decision 008): down the layers, and never round in a cycle.
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server code, the tests and the tools run in Node.
    files: ['app/**/*.server.{ts,tsx}', 'app/entry.server.tsx', 'tests/**/*.{js,mjs,ts,tsx}', '*.{js,cjs}', '.postcssrc.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
)
