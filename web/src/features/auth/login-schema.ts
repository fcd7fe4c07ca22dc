/**
 * The login form's schema alone. The form imports this module when it is first used, not with
 * the page, so /login loads and runs zod only for someone about to sign in
 * (docs/PERFORMANCE.md#contract-chunks); importing the contract's index here would bring every
 * schema of the contract along.
 */
export { ZLoginRequest } from '@pano/contract';
