import { EventEmitter } from "node:events";
import { Client } from "pg";
import { HANDOVER_CHANNEL } from "@/db/queries/handovers";
import { listenOn } from "@/db/queries/liveness";
import { env } from "@/env";
import { failureFields, log } from "@/observability/log";

export type ApprovalEvent = { approvalId: string; tenantId: string; status: string; version: number };
export type HandoverEvent = { handoverId: string; tenantId: string; status: string; version: number };

type Listener = { emitter: EventEmitter; client: Client | null; connecting: Promise<void> | null };

const globalForEvents = globalThis as unknown as { __approvalEvents?: Listener };

function state(): Listener {
  globalForEvents.__approvalEvents ??= { emitter: new EventEmitter().setMaxListeners(0), client: null, connecting: null };
  return globalForEvents.__approvalEvents;
}

/**
 * One LISTEN connection per process on channel approval_events (fed by a trigger on the
 * approvals table) and on the handovers' channel (the handover queries announce their
 * changes), fanned out to every open console. Reconnects after a dropped connection.
 */
function connect(s: Listener): Promise<void> {
  if (s.client) return Promise.resolve();
  s.connecting ??= (async () => {
    const client = new Client({ connectionString: env().DATABASE_URL });
    client.on("notification", (msg) => {
      if (!msg.payload) return;
      if (msg.channel === "approval_events") s.emitter.emit("approval", JSON.parse(msg.payload) as ApprovalEvent);
      else if (msg.channel === HANDOVER_CHANNEL) s.emitter.emit("handover", JSON.parse(msg.payload) as HandoverEvent);
    });
    client.on("error", (error) => {
      log().error({ event: "listen.connection_lost", channel: "approval_events", ...failureFields(error) });
      s.client = null;
      client.end().catch(() => undefined);
      setTimeout(() => void connect(s).catch(() => undefined), 1000);
    });
    await client.connect();
    await listenOn(client, "approval_events");
    await listenOn(client, HANDOVER_CHANNEL);
    s.client = client;
  })().finally(() => {
    s.connecting = null;
  });
  return s.connecting;
}

/** Calls `onEvent` for every change to the tenant's approvals until the returned function is called. */
export async function subscribeApprovalEvents(tenantId: string, onEvent: (event: ApprovalEvent) => void): Promise<() => void> {
  const s = state();
  await connect(s);
  const listener = (event: ApprovalEvent) => {
    if (event.tenantId === tenantId) onEvent(event);
  };
  s.emitter.on("approval", listener);
  return () => s.emitter.off("approval", listener);
}

/** Calls `onEvent` for every change to the tenant's handovers until the returned function is called. */
export async function subscribeHandoverEvents(tenantId: string, onEvent: (event: HandoverEvent) => void): Promise<() => void> {
  const s = state();
  await connect(s);
  const listener = (event: HandoverEvent) => {
    if (event.tenantId === tenantId) onEvent(event);
  };
  s.emitter.on("handover", listener);
  return () => s.emitter.off("handover", listener);
}
