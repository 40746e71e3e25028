// The reference for `npm run bench`: a bare Remix v2 app whose one page is about 32 KB of HTML.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
}
