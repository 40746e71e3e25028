export { loader } from '~/routes/tutors._index/tutors.server'
export { contentMeta as meta, ContentRoute as default } from '~/content/content-page'
