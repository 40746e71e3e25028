export { loader } from '~/routes/tutors._index/tutors.server'
export { contentMeta as meta } from '~/content/page-meta'
export { ContentRoute as default } from '~/content/content-page'
