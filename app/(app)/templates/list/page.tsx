// /templates/list: the same list as /templates.
export { default, generateMetadata } from '../page'
