import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { messages } from "@/db/schema";
import * as join from "@/app/api/langgraph/threads/[id]/runs/[runId]/join/route";
import * as joinStream from "@/app/api/langgraph/threads/[id]/runs/[runId]/stream/route";
import { agentHarness, TENANT } from "@/test/agent-support";
import { cookie } from "@/test/bad-input-corpus";

const h = agentHarness();
let token: string;
let thread: string;
const runId = "msg-unanswered-0001";

beforeAll(async () => {
  await h.freshStart();
  token = (await createSession(h.db, "user-alice")).token;
  thread = await h.newThread("cust-alice");
  // A message still waiting its turn: its run has no answer yet.
  await h.db
    .insert(messages)
    .values({ tenantId: TENANT, threadId: thread, role: "customer", text: "what are my card limits", queued: true, clientMessageId: runId });
});
afterAll(() => h.pool.end());

function request(path: string, signal: AbortSignal) {
  return new Request(`http://localhost/api/langgraph/threads/${thread}/runs/${runId}${path}`, { headers: { cookie: cookie(token) }, signal });
}

const params = () => ({ params: Promise.resolve({ id: thread, runId }) });
const leaveAfter = (ms: number) => {
  const leave = new AbortController();
  setTimeout(() => leave.abort(), ms);
  return leave.signal;
};

describe("a client that stops waiting for a run", () => {
  it("ends a join at once instead of polling on for minutes", async () => {
    const started = Date.now();
    const res = await join.GET(request("/join", leaveAfter(300)), params() as never);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: "timeout:client" });
  });

  it("ends a joined stream at once, with an error event", async () => {
    const started = Date.now();
    const res = await joinStream.GET(request("/stream", leaveAfter(300)), params() as never);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(text).toContain(`event: metadata\ndata: {"run_id":"${runId}","attempt":1}`);
    expect(text).toContain('event: error\ndata: {"code":"timeout:client","message":"The client stopped waiting.","error":"timeout:client"}');
  });
});
