/** ZOkResponse alone, for api/entry-schemas.ts (a module of its own, so its chunk holds nothing else of the contract). */
export { ZOkResponse } from '@pano/contract';
