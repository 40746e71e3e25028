export { loadContentPage as loader } from '~/content-loader.server'
export { contentMeta as meta, ContentRoute as default } from '~/components/content-route'
