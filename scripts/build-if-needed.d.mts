// Types of build-if-needed.mjs, for the TypeScript tests that import it.

/** Builds the web app and the API bundle when they are missing or older than their sources. */
export function buildIfNeeded(): void;

/** Builds the API bundle (apps/api/dist) when it is missing or older than its sources. */
export function buildApiIfNeeded(): void;
