export { loadContentPage as loader, contentMeta as meta, ContentRoute as default } from '~/content/content-page'
