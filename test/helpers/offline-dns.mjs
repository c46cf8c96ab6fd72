// Preloaded into a child `dugout` (NODE_OPTIONS=--import=…) to stand for a machine without a
// network: every host name lookup fails as the resolver fails for a name that does not exist
// (ENOTFOUND), without a packet leaving the machine (the resolver here would ask a DNS server).
// Connections to an IP address (the test's database and servers on 127.0.0.1) need no lookup.
import dns from 'node:dns';

function notFound(hostname, options, callback) {
  const cb = typeof options === 'function' ? options : callback;
  const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    errno: -3008,
    syscall: 'getaddrinfo',
    hostname,
  });
  process.nextTick(cb, err);
}

dns.lookup = notFound;
dns.promises.lookup = async (hostname) => {
  await new Promise((resolve) => notFound(hostname, {}, resolve));
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
};
