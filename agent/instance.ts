import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { failureFields, log } from "@/observability/log";

/**
 * This app process, as other instances see it: an id, and a Postgres advisory lock held
 * for as long as the process lives. When the process dies its connection closes and the
 * lock is free, which is how another instance knows the threads it held can be recovered.
 */
export type Instance = {
  id: string;
  /** Takes the liveness lock; call before leasing anything under this id. */
  ready(): Promise<void>;
  /** Whether the instance that took a lease is still alive. */
  isAlive(owner: string | null): Promise<boolean>;
  /** Calls `onPayload` for every NOTIFY on `channel`, on the liveness connection. */
  subscribe(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** Gives up the lock: to other instances, this one is now gone. */
  close(): Promise<void>;
};

const lockKey = (id: string) => `instance:${id}`;

export function createInstance(databaseUrl: string, id = randomUUID()): Instance {
  const client = new Client({ connectionString: databaseUrl });
  client.on("error", (error) => log().error({ event: "listen.connection_lost", channel: "instance", ...failureFields(error) }));
  const handlers = new Map<string, (payload: string) => void>();
  client.on("notification", (msg) => {
    if (msg.payload !== undefined) handlers.get(msg.channel)?.(msg.payload);
  });
  let locked: Promise<void> | undefined;
  const listen = (channel: string) => client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  const ready = () =>
    (locked ??= (async () => {
      await client.connect();
      await client.query("select pg_advisory_lock(hashtext($1))", [lockKey(id)]);
      for (const channel of handlers.keys()) await listen(channel);
    })());
  return {
    id,
    ready,
    async isAlive(owner) {
      if (!owner) return false;
      if (owner === id) return true;
      await ready();
      const { rows } = await client.query<{ free: boolean }>("select pg_try_advisory_lock(hashtext($1)) as free", [lockKey(owner)]);
      if (!rows[0]?.free) return true;
      await client.query("select pg_advisory_unlock(hashtext($1))", [lockKey(owner)]);
      return false;
    },
    async subscribe(channel, onPayload) {
      const known = handlers.has(channel);
      handlers.set(channel, onPayload);
      if (locked && !known) {
        await locked;
        await listen(channel);
      }
    },
    async close() {
      if (locked) await client.end();
    },
  };
}
