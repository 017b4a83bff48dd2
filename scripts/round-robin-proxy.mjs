// A small round-robin reverse proxy: each request goes to the next upstream port in turn, with
// the client's address appended to X-Forwarded-For. For `npm run start:cluster` and the tests of
// several instances; not a production proxy (use any load balancer there).
import http from 'node:http';

/** Listens on `port` (0: a free one) of loopback; answers the server (its address) once listening. */
export function roundRobinProxy(upstreams, port = 0, host = '127.0.0.1') {
  let next = 0;
  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length];
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway\n');
    });
    req.pipe(out);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
