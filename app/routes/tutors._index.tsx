export { loader } from '~/route-handlers/tutors._index.server'
export { contentMeta as meta, ContentRoute as default } from '~/components/content-page'
