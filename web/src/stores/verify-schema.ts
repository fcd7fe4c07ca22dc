/**
 * The session check's answer schema alone: session-store.ts imports this module as the check
 * starts, so the entry chunk carries no zod and the chunk it loads nothing else of the contract
 * (docs/PERFORMANCE.md#contract-chunks).
 */
export { ZVerifyResponse } from '@pano/contract';
