import { useActionData, useLoaderData } from '@remix-run/react'

import { ContactForm } from '~/routes/contact/contact-form'
import { ContactPanel } from '~/routes/contact/contact-panel'
import { ContentPage } from '~/content/content-page'
import type { ContactActionData, loader } from '~/routes/contact/contact.server'

export { loader, action } from '~/routes/contact/contact.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function ContactRoute() {
  const { page, defaultSubject, panel } = useLoaderData<typeof loader>()
  const data = useActionData<ContactActionData>()
  return (
    <ContentPage page={page} aside={<ContactPanel {...panel} />}>
      <ContactForm data={data} defaultSubject={defaultSubject} />
    </ContentPage>
  )
}
