// The two structured-data packages ship JavaScript without types; these are the parts the tests use.
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] })
    parse(html: string): { jsonld?: Record<string, Array<Record<string, unknown>>> } & Record<string, unknown>
  }
}

declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown)
    validate(extracted: unknown): Promise<unknown[]>
  }
}
