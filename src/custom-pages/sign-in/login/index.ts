/** Sign-in. Part of the first download (not lazy): it is the page most visits start on. */
export { LoginPage as Page } from './LoginPage';
export const path = 'login';
export const title = 'app.routes.login';
