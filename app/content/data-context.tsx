// Data files made available to MDX components while a page is rendered on the server.
import { createContext, useContext, type ReactNode } from 'react'

import type {
  Curriculum,
  FaqsFile,
  PricingFile,
  Step,
  StepsFile,
  SubjectRecord,
  TestimonialsFile,
} from '~/content/schema'
import type { Facts } from '~/content/facts'

export type ContentData = {
  subjects: SubjectRecord[]
  curricula: Curriculum[]
  pricing: PricingFile
  steps: StepsFile
  faqs: FaqsFile
  testimonials: TestimonialsFile
  tutorRequirements: Step[]
  facts: Facts
  /** Whether the site has a scheduling partner: what pages say of its booking button and cookies. */
  hasBookingPartner: boolean
}

const ContentDataContext = createContext<ContentData | null>(null)

export function ContentDataProvider({ value, children }: { value: ContentData; children?: ReactNode }) {
  return <ContentDataContext.Provider value={value}>{children}</ContentDataContext.Provider>
}

export function useContentData(): ContentData {
  const data = useContext(ContentDataContext)
  if (!data) throw new Error('MDX data components render only inside a content page')
  return data
}
