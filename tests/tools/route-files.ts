// The site's routes as the app's files define them: the flat route files of app/routes and the
// content pages the catch-all serves, so a test or a load script covers a new route or page
// without being edited.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type Route = { id: string; pattern: string; hasAction: boolean }

/**
 * The site's routes from the flat route files, and the content pages the catch-all serves (one
 * GET target each; posts to the catch-all are sent to its `*`).
 */
export function discoverRoutes(routesDir = 'app/routes', pagesDir = 'content/pages'): Route[] {
  const routes = routeFiles(routesDir)
  const contentPages = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .map((file) => ({ id: 'routes/$', pattern: `/${file.slice(0, -'.mdx'.length).split(path.sep).join('/')}`, hasAction: false }))
    .filter((page) => page.pattern !== '/index' && !routes.some((route) => route.pattern === page.pattern))
  return [...routes, ...contentPages]
}

function routeFiles(routesDir: string): Route[] {
  return readdirSync(routesDir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? routeModuleOfFolder(path.join(routesDir, entry.name)) : entry.name))
    .filter((file): file is string => file !== null && /\.tsx?$/.test(file))
    .sort()
    .map((file) => {
      const name = path.dirname(file) === '.' ? file.replace(/\.tsx?$/, '') : path.dirname(file)
      // `[.]` is a dot inside a segment (office.newsletter[.]csv is /office/newsletter.csv).
      const segments = name
        .split(/(?<!\[)\.(?!\])/)
        .map((segment) => segment.replace('[.]', '.'))
        .filter((segment) => segment !== '_index')
        // A trailing underscore only keeps the route out of its parent's layout.
        .map((segment) => segment.replace(/_$/, ''))
        .map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
      const source = readFileSync(path.join(routesDir, file), 'utf8')
      return {
        id: `routes/${name}`,
        pattern: `/${segments.join('/')}`,
        hasAction: /export\s+(async\s+)?function\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/.test(source),
      }
    })
}

// A route folder's module is its route.tsx (or route.ts); other files there are its parts.
function routeModuleOfFolder(folder: string) {
  const file = ['route.tsx', 'route.ts'].find((candidate) => existsSync(path.join(folder, candidate)))
  return file ? path.join(path.basename(folder), file) : null
}
