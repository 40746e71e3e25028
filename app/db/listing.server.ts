// The office's lists, a page at a time: which page a request asks for, of how many, and where it starts.
import { RULES } from '~/site'

export type Listing<Item> = { items: Item[]; total: number; page: number; pageCount: number }

/** The window of a list's page: which page it is (within the list), of how many, and the rows before it. */
export function paging(total: number, page: number) {
  const pageCount = Math.max(1, Math.ceil(total / RULES.officePerPage))
  const current = Math.min(Math.max(1, page), pageCount)
  return { page: current, pageCount, offset: (current - 1) * RULES.officePerPage }
}
