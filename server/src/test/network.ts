import os from 'node:os';

/**
 * An IPv4 address of this machine that is not loopback: a test that listens on 0.0.0.0 and connects
 * to it is a caller "from the network" as the server sees it (the socket's peer address is not 127.x).
 */
export function networkAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) return entry.address;
    }
  }
  throw new Error('This machine has no non-loopback IPv4 address: the remote-caller tests need one.');
}
