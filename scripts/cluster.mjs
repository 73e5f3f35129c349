#!/usr/bin/env node
// `npm run cluster -- <command>`: talks to the running `npm run start:cluster` of this site's port (SITE_PORT, 8080)
// over its control socket (.runtime/cluster-<port>/control.sock).
//   restart api      restarts the API processes one at a time, each ready again before the next stops
//   restart pages    the same for the page servers; `restart api-2` restarts one process
//   status           each process's id, port and restarts
//   trace [id]       the latest traces the cluster's collector wrote (.runtime/cluster-<port>/traces.jsonl), or one whole
import { resolveClusterConfig } from './lib/cluster.mjs';
import { controlRequest } from './lib/supervisor.mjs';
import { formatTrace, latestTraces, spanLabel } from './lib/traceCollector.mjs';
import path from 'node:path';

const usage = 'usage: npm run cluster -- restart <api|pages|api-1|page-1|nginx…> | status | trace [trace id]';
const [command, what] = process.argv.slice(2);
let cluster;
try {
  cluster = resolveClusterConfig();
} catch (error) {
  console.error(`Configuration error: ${error.message}`);
  process.exit(2);
}
const socketPath = path.join(cluster.runtimeDir, 'control.sock');

async function main() {
  if (command === 'trace') {
    const file = cluster.tracing.file;
    if (what) {
      const text = formatTrace(file, what);
      if (!text) {
        console.error(`No trace ${what} in ${path.relative(process.cwd(), file)}.`);
        return 1;
      }
      console.log(text);
      return 0;
    }
    const traces = latestTraces(file, 15);
    if (traces.length === 0) {
      console.log(`No traces yet in ${path.relative(process.cwd(), file)} (start:cluster writes them there unless TRACING=off).`);
      return 0;
    }
    for (const t of traces) console.log(`${t.traceId}  ${t.root.start}  ${spanLabel(t.root)}  [${t.root.service}]  ${t.root.durationMs.toFixed(1)} ms, ${t.spans} span(s)`);
    console.log(`\nnpm run cluster -- trace <id> shows one.`);
    return 0;
  }
  if (command === 'status') {
    let body = '';
    const status = await controlRequest(socketPath, 'GET', '/status', (line) => (body += line));
    if (status !== 200) throw new Error(body);
    const { processes, rolling } = JSON.parse(body);
    for (const p of processes) console.log(`${p.name.padEnd(8)} ${p.pid ? `pid ${p.pid}` : 'not running'}  port ${p.port}  restarts ${p.restarts}`);
    if (rolling) console.log(`a rolling restart of ${rolling} is under way`);
    return 0;
  }
  if (command === 'restart' && what) {
    let last = '';
    const status = await controlRequest(socketPath, 'POST', `/restart/${encodeURIComponent(what)}`, (line) => {
      last = line;
      console.log(line);
    });
    return status === 200 && last === 'done' ? 0 : 1;
  }
  console.error(usage);
  return 2;
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') {
      console.error(`No cluster is running for site port ${cluster.sitePort} (no control socket at ${path.relative(process.cwd(), socketPath)}); start one with \`npm run start:cluster\`, or set SITE_PORT to its port.`);
      process.exit(2);
    }
    console.error(error.message);
    process.exit(1);
  });
