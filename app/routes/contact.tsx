import { useActionData, useLoaderData } from '@remix-run/react'

import { ContactForm, type ContactActionData } from '~/components/contact-form'
import { ContactPanel } from '~/components/contact-panel'
import { ContentPage } from '~/components/content-page'
import type { loader } from '~/route-handlers/contact.server'

export { loader, action } from '~/route-handlers/contact.server'
export { contentMeta as meta } from '~/components/content-page'

export default function ContactRoute() {
  const { page, defaultSubject } = useLoaderData<typeof loader>()
  const data = useActionData<ContactActionData>()
  return (
    <ContentPage page={page} aside={<ContactPanel />}>
      <ContactForm data={data} defaultSubject={defaultSubject} />
    </ContentPage>
  )
}
