/**
 * The login form's schema and its answer's, alone. The form imports this module when it is
 * first used, not with the page, so /login loads and runs zod only for someone about to sign in
 * (docs/PERFORMANCE.md#contract-chunks); importing the contract's index here would bring every
 * schema of the contract along. The answer's schema is loaded by then: the form's check needs
 * this module before anything is sent.
 */
import { ZLoginResponse, ZLoginSecondStep } from '@pano/contract';

export { ZLoginRequest } from '@pano/contract';

/** The token, or the second step's ticket (docs/PRODUCT.md#two-factor). */
export const ZLoginAnswer = ZLoginResponse.or(ZLoginSecondStep);
