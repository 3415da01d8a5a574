import { EventEmitter } from "node:events";
import { failureFields, log } from "@/observability/log";
import type { Instance } from "./instance";

/**
 * What any instance announces on a Postgres NOTIFY channel, heard on this instance's own
 * connection and fanned out in this process by key (`keyOf` the payload), so a request can
 * wait for an event instead of asking the database again and again.
 */
export function announcements<T>(instance: Instance, channel: string, keyOf: (payload: T) => string) {
  const emitter = new EventEmitter().setMaxListeners(0);
  const listening = instance.subscribe(channel, (payload) => emitter.emit(keyOf(JSON.parse(payload) as T)));
  listening.catch((error: unknown) => log().error({ event: "announcements.listen_failed", channel, ...failureFields(error) }));
  return {
    /** Calls `listener` on every announcement for `key` from when this resolves until the returned function is called. */
    async on(key: string, listener: () => void): Promise<() => void> {
      await listening;
      emitter.on(key, listener);
      return () => emitter.off(key, listener);
    },
  };
}
