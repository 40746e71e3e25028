export { loadContentPage as loader, contentMeta as meta, ContentRoute as default } from '~/components/content-page'
