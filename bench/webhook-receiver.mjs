// A webhook receiver for bench/delivery.ts, in a process of its own: reads each body, answers 204,
// counts. Tells its port to the parent, then the count when asked.
import http from 'node:http';

let count = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    count++;
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
process.on('message', () => process.send(count));
process.on('disconnect', () => process.exit(0));
