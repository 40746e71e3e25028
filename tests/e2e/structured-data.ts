// Checks a page's structured data as a search engine would: every JSON-LD block is extracted from the
// HTML (web-auto-extractor) and validated (Adobe's structured-data-validator: schema.org's types and
// properties, and Google's rules for rich results) against schema.org's vocabulary, kept offline in
// tests/fixtures (tests/tools/schema-org-vocabulary.mjs writes it from a release).
import { readFileSync } from 'node:fs'

import Validator from '@adobe/structured-data-validator'
import WebAutoExtractor from '@marbec/web-auto-extractor'

type Vocabulary = { release: string; types: Record<string, string[]>; properties: Record<string, string[]> }
const vocabulary = JSON.parse(readFileSync(new URL('../fixtures/schema-org-vocabulary.json', import.meta.url), 'utf8')) as Vocabulary

// The validator reads the vocabulary as schema.org publishes it, a JSON-LD graph.
const schemaOrgGraph = {
  '@graph': [
    ...Object.entries(vocabulary.types).map(([name, parents]) => ({ '@id': `schema:${name}`, '@type': 'rdfs:Class', 'rdfs:subClassOf': parents.map((parent) => ({ '@id': `schema:${parent}` })) })),
    ...Object.entries(vocabulary.properties).map(([name, domains]) => ({ '@id': `schema:${name}`, '@type': 'rdf:Property', 'schema:domainIncludes': domains.map((domain) => ({ '@id': `schema:${domain}` })) })),
  ],
}

export type StructuredDataIssue = { severity: 'ERROR' | 'WARNING'; issueMessage: string; errorType?: string; rootType?: string; fieldNames?: string[] }

export type StructuredItem = Record<string, unknown> & { '@type': string | string[] }

/** An item's type as one word: 'BreadcrumbList', or 'EducationalOrganization+LocalBusiness' for an item of two. */
export const typeOf = (item: StructuredItem) => [item['@type']].flat().join('+')

/**
 * The page's JSON-LD items and the validator's issues with them. Errors break Google's rules or name
 * no schema.org type; among the warnings, a property schema.org does not have on that type (a typo, as
 * likely as not) is a `schemaOrg` warning, and a field Google only recommends says "(optional)".
 */
export async function checkStructuredData(html: string) {
  const extracted = new WebAutoExtractor({ addLocation: false, embedSource: false }).parse(html)
  // The extractor files an item of two types under each; it is one item.
  const items = [...new Set(Object.values(extracted.jsonld ?? {}).flat())] as StructuredItem[]
  const issues = (await new Validator(schemaOrgGraph).validate(extracted)) as StructuredDataIssue[]
  return { items, errors: issues.filter((issue) => issue.severity === 'ERROR'), warnings: issues.filter((issue) => issue.severity === 'WARNING') }
}
