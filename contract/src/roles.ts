/*
 * A member's role in an account, with no zod (docs/architecture/accounts.md#roles): the
 * dashboard's first load asks it (the sidebar, useCan) without the contract's schemas, as
 * '@pano/contract/roles'. The contract's index re-exports it beside ZAccountRole.
 */
export * from './role-order.js';
export * from './role-labels.js';
