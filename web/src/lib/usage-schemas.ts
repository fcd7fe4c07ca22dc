/**
 * The schemas of the delete confirmations' usage answers, and nothing else of the contract:
 * `fetch-usage.ts` imports this module when a delete is asked for, so the chunk it loads holds
 * zod and these schemas, not every schema of the contract
 * (docs/PERFORMANCE.md#contract-chunks).
 */
export { ZAssignedUsage, ZMediaUsage, ZPackageUsage, ZScreenGroupUsage, ZScreenUsage } from '@pano/contract';
