/** Forgotten password; a login-layout page, so part of the first download. */
export { ForgotPasswordPage as Page } from './ForgotPasswordPage';
export const path = 'forgot-password';
export const title = 'app.routes.forgotPassword';
