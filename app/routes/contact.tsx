import { useLoaderData } from '@remix-run/react'

import { ContactPanel } from '~/components/contact-panel'
import { ContentPage, type PageData } from '~/components/content-page'

export { loadContentPage as loader } from '~/content-loader.server'
export { contentMeta as meta } from '~/components/content-route'

export default function ContactRoute() {
  const { page } = useLoaderData<{ page: PageData }>()
  return <ContentPage page={page} aside={<ContactPanel />} />
}
