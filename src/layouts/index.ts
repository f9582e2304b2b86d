/**
 * The seven layouts of spec §2 (plus react-admin's fallback frame). Only the login layout is
 * imported eagerly; the others are loaded with their pages (see routing/appRoutes.tsx).
 */
export { LoginLayout } from './LoginLayout';
export { FallbackLayout } from './FallbackLayout';
