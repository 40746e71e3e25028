// ESLint 9, flat config: the recommended rules of JavaScript, TypeScript, React, its hooks
// and jsx-a11y for the app and the tests.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
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
    // Server code, the tests and the tools run in Node.
    files: ['app/**/*.server.{ts,tsx}', 'app/entry.server.tsx', 'tests/**/*.{js,mjs,ts,tsx}', '*.{js,cjs}', '.postcssrc.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
)
