// The ceiling: a bare node:http server answering fixed bodies, one per path, with the
// shop's content type. Usage: node ceiling-server.mjs <bodies.json>, where the file maps
// a path (with its query) to the exact body to send. Prints `listening <port>` when ready.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = new Map(
  Object.entries(spec.bodies).map(([url, body]) => {
    const buf = Buffer.from(body, 'utf8');
    return [url, { buf, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': buf.length } }];
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.buf);
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
