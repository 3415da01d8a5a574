import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { onConnection } from "@/db/client";
import { advisoryLockIsFree, holdAdvisoryLock, listenOn } from "@/db/queries/liveness";
import { expireLeases } from "@/db/queries/threads";
import { failureFields, log } from "@/observability/log";

/**
 * This app process, as other instances see it: an id, and a Postgres advisory lock held
 * on a connection of its own for as long as the process lives. When the process dies its
 * connection closes and the lock is free, which is how another instance knows the threads
 * it held can be recovered (once their leases have run out too).
 *
 * When the connection drops while the process lives (a restarted database, a terminated
 * backend), the instance reconnects, with back-off, and takes its lock again. Until then it
 * has no liveness, and the rule is: it claims no thread and recovers none (both wait for
 * `ready()`), and a run it already has goes on only while it can renew the thread's lease.
 * A renewal is a compare-and-set on the owner, and another instance takes a thread over
 * only when its owner looks dead *and* its lease has run out; so a renewed lease proves the
 * thread is still this instance's, and a run that cannot renew stops before its lease ends
 * (see `holdThread` in runs.ts). A dropped connection thus never gives a thread two writers.
 */
export type Instance = {
  id: string;
  /** Resolves once the liveness lock is held (at once while it is; after reconnecting when it dropped). */
  ready(): Promise<void>;
  /** Whether the instance that took a lease is still alive. */
  isAlive(owner: string | null): Promise<boolean>;
  /** Calls `onPayload` for every NOTIFY on `channel`, on the liveness connection (listened to again after a reconnect). */
  subscribe(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** Lets go of this instance's leases and gives up the lock: to other instances, this one is now gone. */
  close(): Promise<void>;
};

/** The advisory lock's key, also the liveness connection's application_name (so it shows in pg_stat_activity). */
export const lockKey = (id: string) => `instance:${id}`;

/** Reconnection back-off: the first wait after a drop, doubled after each failed attempt up to the last. */
export type Backoff = { firstMs: number; maxMs: number };

export function createInstance(databaseUrl: string, id = randomUUID(), backoff: Backoff = { firstMs: 250, maxMs: 5_000 }): Instance {
  const handlers = new Map<string, (payload: string) => void>();
  /** The connection holding the lock, or being opened to take it. */
  let current: Promise<Client> | undefined;
  let live: Client | undefined;
  let closed = false;
  let closing: Promise<void> | undefined;
  let waitMs = backoff.firstMs;

  const open = async (): Promise<Client> => {
    const client = new Client({ connectionString: databaseUrl, application_name: lockKey(id) });
    client.on("error", (error) => log().error({ event: "listen.connection_lost", channel: "instance", ...failureFields(error) }));
    client.on("notification", (msg) => {
      if (msg.payload !== undefined) handlers.get(msg.channel)?.(msg.payload);
    });
    client.on("end", () => dropped(client));
    try {
      await client.connect();
      await holdAdvisoryLock(client, lockKey(id));
      for (const channel of handlers.keys()) await listenOn(client, channel);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  const connection = (): Promise<Client> => {
    if (closed) return Promise.reject(new Error("this instance is closed"));
    current ??= open().then(
      (client) => {
        live = client;
        waitMs = backoff.firstMs;
        return client;
      },
      (error: unknown) => {
        current = undefined;
        throw error;
      },
    );
    return current;
  };

  const reconnectSoon = () => {
    setTimeout(() => {
      if (closed) return;
      connection().then(
        () => log().warn({ event: "instance.liveness_restored", instanceId: id }),
        (error: Error) => {
          log().error({ event: "instance.liveness_reconnect_failed", instanceId: id, retryInMs: waitMs, ...failureFields(error) });
          waitMs = Math.min(waitMs * 2, backoff.maxMs);
          reconnectSoon();
        },
      );
    }, waitMs).unref();
  };

  function dropped(client: Client) {
    if (client !== live || closed) return;
    live = undefined;
    current = undefined;
    log().error({ event: "instance.liveness_lost", instanceId: id });
    reconnectSoon();
  }

  return {
    id,
    async ready() {
      await connection();
    },
    async isAlive(owner) {
      if (!owner) return false;
      if (owner === id) return true;
      const client = await connection();
      return !(await advisoryLockIsFree(client, lockKey(owner)));
    },
    async subscribe(channel, onPayload) {
      const known = handlers.has(channel);
      handlers.set(channel, onPayload);
      if (current && !known) await listenOn(await current, channel);
    },
    close() {
      closing ??= (async () => {
        const client = live ?? (await current?.catch(() => undefined));
        closed = true;
        if (!client) return;
        await expireLeases(onConnection(client), id);
        await client.end();
      })();
      return closing;
    },
  };
}
