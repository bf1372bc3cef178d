// node-redlock (npm "redlock" v5, on ioredis) as an application runs it, for tst_noderedlock:
//   node redlock-client.mjs acquire PORTS KEY TTL_MS         prints the lock's token
//   node redlock-client.mjs release PORTS KEY TOKEN TTL_MS   releases the lock that token holds
// PORTS: the five servers' loopback ports, comma-separated. Exit 0 when the library said yes.
import Redis from "ioredis";
import Redlock, { Lock } from "redlock";

const [command, ports, key, ...rest] = process.argv.slice(2);
const clients = ports.split(",").map((port) => new Redis({ host: "127.0.0.1", port: Number(port), lazyConnect: false, maxRetriesPerRequest: 1 }));
const redlock = new Redlock(clients, { retryCount: 0 });

let code = 0;
try {
  if (command === "acquire") {
    const lock = await redlock.acquire([key], Number(rest[0]));
    // acquire() answers once a majority said yes: the others' answers are still on the way.
    await Promise.all(lock.attempts);
    process.stdout.write(lock.value + "\n");
  } else if (command === "release") {
    const [token, ttlMs] = rest;
    const lock = new Lock(redlock, [key], token, [], Date.now() + Number(ttlMs));
    const result = await redlock.release(lock);
    const released = (await Promise.all(result.attempts)).every((a) => a.membershipSize >= a.quorumSize);
    process.stdout.write(released ? "released\n" : "no quorum\n");
    code = released ? 0 : 1;
  } else {
    process.stderr.write(`unknown command ${command}\n`);
    code = 2;
  }
} catch (e) {
  process.stderr.write(`${e.name}: ${e.message}\n`);
  code = 1;
}
// QUIT after every pending reply, so no command in flight is cut off.
await Promise.all(clients.map((c) => c.quit().catch(() => {})));
process.exit(code);
