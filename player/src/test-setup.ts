import { configure } from '@testing-library/react';

// findBy* and waitFor wait for a condition, 1 s by default. The player parses its answers with
// the contract, imported on first use (docs/CONTRACT.md); on a busy 2-core machine that import
// can take longer than a second in jsdom, as the dashboard's lazily imported code does
// (web/src/test-setup.ts). A condition still has to hold; only the patience grows.
configure({ asyncUtilTimeout: 5000 });
