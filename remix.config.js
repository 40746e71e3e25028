/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*'],
  serverModuleFormat: 'esm',
  postcss: true,
  tailwind: false,
  // Content edits must reload the dev server, like code edits do.
  watchPaths: ['content/**/*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: it matched every prefix of a requested path against every route, seconds for a long path (decision 024).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
}
