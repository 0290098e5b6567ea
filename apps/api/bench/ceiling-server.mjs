// The ceiling: a bare node:http server answering fixed bodies, one per path, with the
// shop's content type. Usage: node ceiling-server.mjs <bodies.json>, where the file maps
// a path (with its query) to the exact body to send (`bodies`: JSON text), or to the exact
// bytes and headers (`raw`: base64 and content type/encoding, for pages sent compressed;
// a key ending in `#cookie` answers requests that carry a Cookie header).
// Prints `listening <port>` when ready.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answer = (buf, headers) => ({ buf, headers: { ...headers, 'content-length': buf.length } });
const answers = new Map([
  ...Object.entries(spec.bodies ?? {}).map(([url, body]) => [
    url,
    answer(Buffer.from(body, 'utf8'), { 'content-type': 'application/json; charset=utf-8' }),
  ]),
  ...Object.entries(spec.raw ?? {}).map(([url, { base64, headers }]) => [
    url,
    answer(Buffer.from(base64, 'base64'), headers),
  ]),
]);

const server = http.createServer((req, res) => {
  const found = answers.get(req.headers.cookie ? `${req.url}#cookie` : req.url);
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, found.headers);
  res.end(found.buf);
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
