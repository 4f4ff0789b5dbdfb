// `npm run admin -- <command>`: builds the API if needed, then runs its admin command line with
// the same configuration as the server (DATABASE_URL, or PGlite in DATA_DIR).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/api/dist/admin.js');
