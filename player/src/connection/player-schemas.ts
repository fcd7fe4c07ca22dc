/**
 * The contract schemas of what the player reads, and nothing else of the contract: parse-answer.ts
 * loads them (with zod) off the first load. Importing the contract's index there made the first
 * load export everything it shares with the contract's other modules to that chunk, and pushed it
 * over its budget (docs/PERFORMANCE.md#contract-chunks).
 */
export {
  ZDeviceScreensResponse,
  ZPairDeviceResponse,
  ZPlaysUploadResponse,
  ZScreenConfig,
  ZScreenConfigEvent,
  ZSelectDeviceScreenResponse,
} from '@pano/contract';
