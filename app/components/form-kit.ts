// What a form page builds its form from, imported from this one module: the browser build
// splits shared code by which pages import it, so importing the pieces one by one would
// make each a script file of its own on every form page.
export { AuthCard } from '~/components/auth-card'
export {
  FieldError,
  FormNotice,
  Honeypot,
  PasswordField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '~/components/form-field'
export { useValidatedForm } from '~/components/use-validated-form'
export { useIsPosting } from '~/form-navigation'
