import { EventEmitter } from "node:events";
import { Client } from "pg";
import { HANDOVER_CHANNEL } from "@/db/queries/handovers";
import { listenOn } from "@/db/queries/liveness";
import { SESSION_ENDED_CHANNEL } from "@/db/queries/sessions";
import { env } from "@/env";
import { failureFields, log } from "@/observability/log";

export type ApprovalEvent = { approvalId: string; tenantId: string; status: string; version: number };
export type HandoverEvent = { handoverId: string; tenantId: string; status: string; version: number };

/** What open streams follow, by kind, with what each event carries. */
type Events = {
  approval: [ApprovalEvent];
  handover: [HandoverEvent];
  /** A session ended: its id. */
  sessionEnded: [string];
  /** The connection is back after a drop: whatever was announced meanwhile went unheard. */
  reconnected: [];
};

const APPROVAL_CHANNEL = "approval_events";
/** The connection's application_name, so it shows in pg_stat_activity. */
export const LIVE_EVENTS_APPLICATION = "bank_live_events";

/** The channels heard, each with the kind of event its payloads become. */
const CHANNELS: Record<string, (payload: string) => [keyof Events, ...unknown[]]> = {
  [APPROVAL_CHANNEL]: (payload) => ["approval", JSON.parse(payload) as ApprovalEvent],
  [HANDOVER_CHANNEL]: (payload) => ["handover", JSON.parse(payload) as HandoverEvent],
  [SESSION_ENDED_CHANNEL]: (payload) => ["sessionEnded", payload],
};

export type LiveEvents = {
  /** Calls `listener` for every event of `kind` until the returned function is called; resolves once the connection listens. */
  on<K extends keyof Events>(kind: K, listener: (...args: Events[K]) => void): Promise<() => void>;
  close(): Promise<void>;
};

/**
 * One LISTEN connection on channel approval_events (fed by a trigger on the approvals table),
 * on the handovers' channel (the handover queries announce their changes) and on
 * session_ended (triggers on sessions and users), fanned out to every open stream. After a
 * dropped connection it reconnects every `retryMs` until it is back, then says `reconnected`.
 */
export function createLiveEvents(databaseUrl: string | undefined, retryMs = 1000): LiveEvents {
  const emitter = new EventEmitter().setMaxListeners(0);
  let client: Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const reconnectSoon = () => {
    setTimeout(() => {
      if (closed) return;
      connect().then(
        () => emitter.emit("reconnected"),
        (error: unknown) => {
          log().error({ event: "listen.reconnect_failed", channel: APPROVAL_CHANNEL, retryInMs: retryMs, ...failureFields(error) });
          reconnectSoon();
        },
      );
    }, retryMs).unref();
  };

  const dropped = (lost: Client, error?: Error) => {
    if (lost !== client) return;
    client = null;
    log().error({ event: "listen.connection_lost", channel: APPROVAL_CHANNEL, ...(error ? failureFields(error) : {}) });
    lost.end().catch(() => undefined);
    if (!closed) reconnectSoon();
  };

  const connect = (): Promise<void> => {
    if (client) return Promise.resolve();
    if (closed) return Promise.reject(new Error("the live events are closed"));
    connecting ??= (async () => {
      const next = new Client({ connectionString: databaseUrl, application_name: LIVE_EVENTS_APPLICATION });
      next.on("notification", (msg) => {
        const toEvent = CHANNELS[msg.channel];
        if (msg.payload && toEvent) emitter.emit(...toEvent(msg.payload));
      });
      next.on("error", (error) => dropped(next, error));
      next.on("end", () => dropped(next));
      try {
        await next.connect();
        for (const channel of Object.keys(CHANNELS)) await listenOn(next, channel);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await next.end();
        throw new Error("the live events are closed");
      }
      client = next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async on(kind, listener) {
      await connect();
      emitter.on(kind, listener as (...args: unknown[]) => void);
      return () => emitter.off(kind, listener as (...args: unknown[]) => void);
    },
    async close() {
      closed = true;
      const open = client;
      client = null;
      emitter.removeAllListeners();
      await open?.end();
    },
  };
}

const globalForEvents = globalThis as unknown as { __liveEvents?: LiveEvents };

/** This process's live events: one connection, shared by every stream it serves. */
export function liveEvents(): LiveEvents {
  globalForEvents.__liveEvents ??= createLiveEvents(env().DATABASE_URL);
  return globalForEvents.__liveEvents;
}

/** Calls `onEvent` for every change to the tenant's approvals until the returned function is called. */
export function subscribeApprovalEvents(tenantId: string, onEvent: (event: ApprovalEvent) => void): Promise<() => void> {
  return liveEvents().on("approval", (event) => {
    if (event.tenantId === tenantId) onEvent(event);
  });
}

/** Calls `onEvent` for every change to the tenant's handovers until the returned function is called. */
export function subscribeHandoverEvents(tenantId: string, onEvent: (event: HandoverEvent) => void): Promise<() => void> {
  return liveEvents().on("handover", (event) => {
    if (event.tenantId === tenantId) onEvent(event);
  });
}
