import { configure } from '@testing-library/dom';

// findBy* and waitFor wait for a condition, 1 s by default. On a busy 2-core machine a page's
// lazily imported code (the delete confirmation's schemas, a route's chunk) can take longer to
// arrive in jsdom, and the wait gave up before the condition could hold
// (docs/architecture/tests.md#tests). A condition still has to hold; only the patience grows.
configure({ asyncUtilTimeout: 5000 });
