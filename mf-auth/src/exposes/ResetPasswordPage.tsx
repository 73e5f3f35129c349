export { ResetPasswordPage as default } from '../password/ResetPasswordPage';
