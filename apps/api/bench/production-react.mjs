// Loaded into the bench's shop (`node --import`): React and react-dom as production loads them.
// The shop runs with NODE_ENV=test in the bench (production refuses the test payment provider the
// orders use), and React picks its development build, several times slower to render, whenever
// NODE_ENV is not 'production'. A shop in production (NODE_ENV=production) renders with these.
import { createRequire } from 'node:module';
import path from 'node:path';

// The storefront beside the shop being measured (apps/api/dist/main.js → apps/web/build), so that
// `--server <an older build>` renders with that build's own React, in production too.
const storefront = path.resolve(path.dirname(process.argv[1]), '../../web/build/server/index.js');
const require = createRequire(storefront);
const asked = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(name);
process.env.NODE_ENV = asked;
