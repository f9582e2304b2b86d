/**
 * The call contracts, loaded on first use. They bring zod (about 25 KB gzipped), which the sign-in
 * page does not need to render; it arrives with the first API call instead. Code that is itself
 * loaded on demand may import the contracts directly.
 */
export const loadAuthContracts = () => import('../../schemas/contracts/auth');
