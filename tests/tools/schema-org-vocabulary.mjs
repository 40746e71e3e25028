// Writes tests/fixtures/schema-org-vocabulary.json, the part of the schema.org vocabulary the
// structured-data validator reads (each type's parents, each property's types), from a release's
// schemaorg-current-https.jsonld, so `npm test` checks our JSON-LD offline. To move to a new release:
//   curl -LO https://schema.org/version/latest/schemaorg-current-https.jsonld
//   node tests/tools/schema-org-vocabulary.mjs schemaorg-current-https.jsonld 30.0
import { readFileSync, writeFileSync } from 'node:fs'

const [source, version] = process.argv.slice(2)
if (!source || !version) {
  console.error('usage: node tests/tools/schema-org-vocabulary.mjs <schemaorg-current-https.jsonld> <release, e.g. 30.0>')
  process.exit(1)
}
const names = (references) => [references ?? []].flat().map((reference) => reference['@id'].replace(/^schema:/, ''))
const types = {}
const properties = {}
for (const entity of JSON.parse(readFileSync(source, 'utf8'))['@graph']) {
  // The validator knows a type by '@type' exactly 'rdfs:Class' (data types such as Text are not types of things).
  if (entity['@type'] === 'rdfs:Class') types[names(entity)[0]] = names(entity['rdfs:subClassOf'])
  if (entity['@type'] === 'rdf:Property') properties[names(entity)[0]] = names(entity['schema:domainIncludes'])
}
const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))
const lines = (record) => Object.entries(sorted(record)).map(([name, list]) => `    ${JSON.stringify(name)}: ${JSON.stringify(list)}`).join(',\n')
const text = `{\n  "release": ${JSON.stringify(version)},\n  "source": "https://schema.org/version/${version}/schemaorg-current-https.jsonld",\n  "types": {\n${lines(types)}\n  },\n  "properties": {\n${lines(properties)}\n  }\n}\n`
writeFileSync(new URL('../fixtures/schema-org-vocabulary.json', import.meta.url), text)
console.log(`${Object.keys(types).length} types, ${Object.keys(properties).length} properties`)
