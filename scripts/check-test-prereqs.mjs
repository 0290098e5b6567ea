// `npm test` needs one thing outside npm: a Chromium for the browser tests.
// Say so at once, before the unit tests run, rather than after them.
import { accessSync, constants } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    [
      `npm test needs Chromium for the browser tests, and there is none at ${chromium}.`,
      'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.warn(`Node ${process.versions.node}: the shop supports Node 22 LTS; Node 20 still works for now.`);
}
