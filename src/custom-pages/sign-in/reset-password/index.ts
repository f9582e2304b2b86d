/** Reset password from an emailed link or an expired password; part of the first download. */
export { ResetPasswordPage as Page } from './ResetPasswordPage';
export const path = 'reset-password/:token';
export const title = 'app.routes.resetPassword';
