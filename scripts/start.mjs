// `npm start`: builds what is not built yet, then serves the web app and the API on one port.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/api/dist/main.js');
