import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createSession } from "@/app/_lib/session";
import { listNodeEventsByThread } from "@/db/queries/node-events";
import { listRevisions } from "@/db/queries/revisions";
import { createThread, getThreadById } from "@/db/queries/threads";
import { cases } from "@/db/schema";
import { agentHarness, FAST_SETTINGS, TENANT } from "@/test/agent-support";
import { callRoute } from "@/test/routes";
import { createAgent } from "../index";
import { revisionOf } from "./revision";

const h = agentHarness();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const aliceCookie = async () => `bank_session=${(await createSession(h.db, "user-alice")).token}`;
const agentMessageRevisions = async (threadId: string) => (await h.transcript(threadId)).filter((m) => m.role === "agent").map((m) => m.revisionId);

describe("the agent's revision", () => {
  it("is recorded on a new conversation, and on each answer, node event and case as the revision that ran it", async () => {
    const revision = h.agent.revision;
    const created = await callRoute({ method: "POST", route: "/api/threads", cookie: await aliceCookie() });
    const { threadId } = (await created.json()) as { threadId: string };
    expect((await getThreadById(h.db, TENANT, threadId))?.revisionId).toBe(revision.id);

    expect(await h.say(threadId, "I was charged twice at Coffee Corner")).toMatchObject({ kind: "ok" });
    expect(await agentMessageRevisions(threadId)).toEqual([revision.id]);
    const events = await listNodeEventsByThread(h.db, TENANT, threadId);
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(new Set(events.map((e) => e.revisionId))).toEqual(new Set([revision.id]));
    const [opened] = await h.db.select().from(cases).where(eq(cases.threadId, threadId));
    expect(opened?.revisionId).toBe(revision.id);
  });

  it("of a conversation continued under the next revision: the thread keeps the one it started on, each turn names its own, the incident timeline shows both", async () => {
    const first = h.agent;
    await first.revisionRegistered();
    const threadId = (await createThread(h.db, TENANT, "cust-alice", first.revision.id)).id;
    await h.say(threadId, "what are my card limits");

    const nextRevision = revisionOf({ ...first.revision.components, replies: `${first.revision.components.replies}-next` });
    const next = createAgent({ db: h.app.db, pool: h.app.pool, revision: nextRevision, deps: { settings: FAST_SETTINGS } });
    try {
      const [older, newer] = [await first.revisionRegistered(), await next.revisionRegistered()];
      expect(newer.number).toBe(older.number + 1);
      expect(await next.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text: "and my ATM limit?", actor: "cust-alice" })).toMatchObject({
        kind: "ok",
      });

      expect((await getThreadById(h.db, TENANT, threadId))?.revisionId).toBe(first.revision.id);
      expect(await agentMessageRevisions(threadId)).toEqual([first.revision.id, nextRevision.id]);
      const timeline = await next.incidents.timeline(TENANT, threadId);
      const shown = timeline.flatMap((entry) => ("revision" in entry && entry.revision ? [entry.revision] : []));
      expect([...new Set(shown)]).toEqual([first.revision.id, nextRevision.id]);
      expect((await listRevisions(h.db)).map((r) => r.id)).toEqual([first.revision.id, nextRevision.id]);
    } finally {
      await next.close();
    }
  });

  it("is the LangGraph API's assistant version: the assistant at the running revision, every revision that ran listed newest first", async () => {
    const cookie = await aliceCookie();
    await h.agent.revisionRegistered();
    const other = revisionOf({ ...h.agent.revision.components, model: "openai:a-candidate" });
    const next = createAgent({ db: h.app.db, pool: h.app.pool, revision: other, deps: { settings: FAST_SETTINGS } });
    try {
      await next.revisionRegistered();
    } finally {
      await next.close();
    }

    const assistant = (await (await callRoute({ method: "GET", route: "/api/langgraph/assistants/:id", params: { id: "agent" }, cookie })).json()) as {
      version: number;
      metadata: { revision: string };
    };
    expect(assistant).toMatchObject({ version: 1, metadata: { revision: h.agent.revision.id } });

    const versions = async (body?: object) =>
      (await (
        await callRoute({
          method: "POST",
          route: "/api/langgraph/assistants/:id/versions",
          params: { id: "agent" },
          cookie,
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      ).json()) as { version: number; metadata: { revision: string; components: { model: string } } }[];
    expect((await versions()).map((v) => [v.version, v.metadata.revision, v.metadata.components.model])).toEqual([
      [2, other.id, "openai:a-candidate"],
      [1, h.agent.revision.id, "offline"],
    ]);
    expect((await versions({ metadata: { revision: other.id } })).map((v) => v.version)).toEqual([2]);
    expect(await versions({ limit: 1, offset: 1 })).toHaveLength(1);

    const unknown = await callRoute({ method: "POST", route: "/api/langgraph/assistants/:id/versions", params: { id: "no-such-assistant" }, cookie });
    expect(unknown.status).toBe(404);
    const malformed = await callRoute({ method: "POST", route: "/api/langgraph/assistants/:id/versions", params: { id: "agent" }, cookie, body: "{" });
    expect(malformed.status).toBe(400);
  });
});
