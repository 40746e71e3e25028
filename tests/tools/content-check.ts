// `npm run content:check`: builds every page and parses every data file under
// content/, printing each problem with its file and field. Exits 1 on any.
import { getData, listDataNames } from '~/content/data.server'
import { getPage, listPageSlugs } from '~/content/pages.server'

const problems: string[] = []

for (const name of listDataNames()) {
  await getData(name).catch((error: Error) => problems.push(error.message))
}
const slugs = await listPageSlugs()
for (const slug of slugs) {
  await getPage(slug).catch((error: unknown) => problems.push(error instanceof Error ? error.message : `content/pages/${slug}.mdx: not found`))
}

if (problems.length > 0) {
  console.error(`content:check found ${problems.length} problem(s):\n${problems.join('\n')}`)
  process.exit(1)
}
console.log(`content:check: ${slugs.length} pages and ${listDataNames().length} data files are valid`)
