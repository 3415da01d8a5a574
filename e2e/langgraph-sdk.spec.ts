import { randomUUID } from "node:crypto";
import { Client, overrideFetchImplementation } from "@langchain/langgraph-sdk";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { checkedFetch, signIn } from "./api-client";
import { approvalOfCase, ledgerEntriesOf } from "./seed";
import { inboxAnswer, lastAi, refusal, seedPayments, sessionCookie, type Interrupt, type Values } from "./support/langgraph-sdk";
import { personalIn } from "../test/personal-data";

/** The bank's review of a refund that a customer never sees: policy reasons (risk, limits, refund counts), approvers, versions. */
function expectNoReview(seen: unknown) {
  const text = JSON.stringify(seen);
  for (const word of [
    "policyReason",
    "firstApprovedBy",
    "approvalsNeeded",
    '"version"',
    "Policy:",
    "auto-approval",
    "Antifraud",
    "refund(s)",
    "olga",
    "Olga",
  ]) {
    expect(text, `the customer's view names ${word}`).not.toContain(word);
  }
}

test.describe.serial("the official LangGraph SDK drives the app through /api/langgraph", () => {
  let sdk: Record<"alice" | "bob" | "olga" | "sam" | "ivan", Client>;
  let olgaApi: APIRequestContext;
  let refund: { threadId: string; runId: string; interrupt: Interrupt; caseId: string };

  let checked: ReturnType<typeof checkedFetch>;

  test.beforeAll(async ({ baseURL }) => {
    await seedPayments();
    // Every answer the SDK receives is checked against the OpenAPI document the app serves.
    checked = checkedFetch(baseURL!);
    overrideFetchImplementation(checked.fetch);
    const users = ["alice", "bob", "olga", "sam", "ivan"] as const;
    const cookies = await Promise.all(users.map((u) => sessionCookie(baseURL!, u, checked.fetch)));
    sdk = Object.fromEntries(
      users.map((u, i) => [u, new Client({ apiUrl: `${baseURL}/api/langgraph`, defaultHeaders: { cookie: cookies[i]! } })]),
    ) as typeof sdk;
    olgaApi = await signIn(baseURL!, "olga");
  });

  test.afterEach(() => {
    expect(checked.problems, "every answer the SDK received is as the OpenAPI document says").toEqual([]);
  });

  test.afterAll(() => {
    overrideFetchImplementation(globalThis.fetch);
  });

  test("a customer's chat turn with runs.wait answers LangChain messages, in both input shapes", async () => {
    const [assistant] = await sdk.alice.assistants.search({ graphId: "agent" });
    expect(assistant).toMatchObject({ graph_id: "agent", assistant_id: expect.any(String) });
    expect(await sdk.alice.assistants.get("agent")).toEqual(assistant);

    const thread = await sdk.alice.threads.create();
    expect(thread).toMatchObject({ status: "idle", values: { messages: [] } });
    const first = (await sdk.alice.runs.wait(thread.thread_id, assistant!.assistant_id, {
      input: { messages: [{ type: "human", content: "what are my card limits" }] },
    })) as Values;
    expect(first.messages.map((m) => m.type)).toEqual(["human", "ai"]);
    expect(first.messages[0]).toMatchObject({ content: "what are my card limits", id: expect.any(String) });
    expect(lastAi(first)).toContain("card limits");
    expect(first.__interrupt__).toBeUndefined();

    const second = (await sdk.alice.runs.wait(thread.thread_id, "agent", {
      input: { messages: [{ role: "user", content: [{ type: "text", text: "what's the status of my refund" }] }] },
    })) as Values;
    expect(second.messages.map((m) => m.type)).toEqual(["human", "ai", "human", "ai"]);
    expect(second.messages[2]!.content).toBe("what's the status of my refund");

    expect(await sdk.alice.threads.get(thread.thread_id)).toMatchObject({ status: "idle", values: second });
    const state = await sdk.alice.threads.getState(thread.thread_id);
    expect(state.values).toEqual(second);
    expect(state).toMatchObject({ next: [], tasks: [], checkpoint: { thread_id: thread.thread_id, checkpoint_id: expect.any(String) } });
    const history = await sdk.alice.threads.getHistory(thread.thread_id, { limit: 50 });
    expect(history.length).toBeGreaterThan(3);
    expect(history[0]!.values).toEqual(second);
    expect(history[0]!.checkpoint.checkpoint_id).toBe(state.checkpoint.checkpoint_id);
    const mine = await sdk.alice.threads.search({ limit: 100 });
    expect(mine.map((t) => t.thread_id)).toContain(thread.thread_id);
  });

  test("a client that leaves a stream early stops hearing the run, not the run: joining it finds the answer", async () => {
    const thread = await sdk.alice.threads.create();
    const runId = randomUUID();
    const leave = new AbortController();
    const parts = sdk.alice.runs.stream(thread.thread_id, "agent", {
      input: { messages: [{ id: runId, type: "human", content: "what are my card limits" }] },
      streamMode: ["values", "messages-tuple"],
      signal: leave.signal,
    });
    for await (const part of parts) {
      expect(part).toEqual({ event: "metadata", data: { run_id: runId, attempt: 1 } });
      leave.abort();
      break;
    }
    const joined = (await sdk.alice.runs.join(thread.thread_id, runId)) as Values;
    expect(joined.messages.map((m) => m.type)).toEqual(["human", "ai"]);
    expect(lastAi(joined)).toContain("card limits");
    expect(await sdk.alice.runs.get(thread.thread_id, runId)).toMatchObject({ status: "success" });
  });

  test("a streamed refund turn pauses at the approval: the interrupt is in the stream and in the state, in Agent Inbox's shape", async () => {
    const thread = await sdk.alice.threads.create();
    const messageId = randomUUID();
    const events: { event: string; data: unknown }[] = [];
    for await (const part of sdk.alice.runs.stream(thread.thread_id, "agent", {
      input: { messages: [{ id: messageId, type: "human", content: "I don't recognise the Skyline Air payment of 312.00" }] },
      streamMode: ["values", "updates", "messages-tuple"],
    })) {
      events.push(part);
    }
    expect(events[0]).toEqual({ event: "metadata", data: { run_id: messageId, attempt: 1 } });
    expect(events.filter((e) => e.event === "messages").length).toBeGreaterThan(0);
    const update = events.find((e) => e.event === "updates")?.data as { __interrupt__: Interrupt[] };
    // As the Platform streams them: the values, then the interrupt as a values chunk of its own.
    const [streamed, paused, ...more] = events.filter((e) => e.event === "values").map((e) => e.data) as [Values, { __interrupt__: Interrupt[] }];
    expect(more).toHaveLength(0);
    expect(events.at(-1)).toEqual({ event: "values", data: paused });
    expect(streamed.__interrupt__).toBeUndefined();
    expect(streamed.messages.map((m) => m.type)).toEqual(["human", "ai"]);
    expect(paused.__interrupt__).toHaveLength(1);
    expect(update.__interrupt__).toEqual(paused.__interrupt__);
    const interrupt = paused.__interrupt__[0]!;
    expect(interrupt.value).toEqual([
      {
        action_request: { action: "approve_refund", args: { caseId: expect.any(String), merchant: "Skyline Air", amountMinor: 31_200, currency: "EUR" } },
        config: { allow_ignore: false, allow_respond: false, allow_edit: false, allow_accept: false },
        description: expect.stringMatching(/^Your refund of 312\.00 EUR for Skyline Air \(case [^)]+\) is with an operator for review\.$/),
      },
    ]);
    expect(streamed.messages[0]).toMatchObject({ type: "human", id: messageId });

    const state = await sdk.alice.threads.getState(thread.thread_id);
    expect(state.next).toEqual(["approvalGate"]);
    expect(state.tasks).toHaveLength(1);
    expect(state.tasks[0]).toMatchObject({ name: "approvalGate", interrupts: [interrupt] });
    expect((state as unknown as { interrupts: Interrupt[] }).interrupts).toEqual([interrupt]);
    const waiting = await sdk.alice.threads.get(thread.thread_id);
    expect(waiting.status).toBe("interrupted");
    expect(Object.values(waiting.interrupts)).toEqual([[interrupt]]);
    expect(await sdk.alice.runs.get(thread.thread_id, messageId)).toMatchObject({ run_id: messageId, thread_id: thread.thread_id, status: "success" });
    expectNoReview([events, state, waiting, await sdk.alice.threads.getHistory(thread.thread_id, { limit: 5 })]);

    const inbox = await sdk.olga.threads.search({ status: "interrupted", limit: 100 });
    expect(inbox.find((t) => t.thread_id === thread.thread_id)).toMatchObject({ status: "interrupted" });
    const staff = ((await sdk.olga.threads.getState(thread.thread_id)) as unknown as { interrupts: Interrupt[] }).interrupts[0]!;
    expect(staff.id).toBe(interrupt.id);
    expect(staff.value[0]).toMatchObject({
      action_request: {
        action: "approve_refund",
        args: {
          merchant: "Skyline Air",
          amountMinor: 31_200,
          currency: "EUR",
          version: expect.any(Number),
          approvalsNeeded: 1,
          policyReason: expect.any(String),
        },
      },
      config: { allow_ignore: false, allow_respond: true, allow_edit: true, allow_accept: true },
      description: expect.stringContaining("Policy: "),
    });
    refund = { threadId: thread.thread_id, runId: messageId, interrupt: staff, caseId: String(interrupt.value[0]!.action_request.args.caseId) };
  });

  test("no one resumes around the gate: the customer gets 403, another customer 404, an auditor 403", async () => {
    const accept = { command: { resume: inboxAnswer("accept", refund.interrupt.value[0]!.action_request) } };
    expect(await refusal(sdk.alice.runs.wait(refund.threadId, "agent", accept))).toEqual({ status: 403, code: "forbidden:role" });
    expect(await refusal(sdk.bob.threads.get(refund.threadId))).toEqual({ status: 404, code: "not_found:thread" });
    expect(await refusal(sdk.bob.threads.getState(refund.threadId))).toEqual({ status: 404, code: "not_found:thread" });
    expect(await refusal(sdk.bob.runs.wait(refund.threadId, "agent", { input: { messages: [{ type: "human", content: "refund it" }] } }))).toEqual({
      status: 404,
      code: "not_found:thread",
    });
    expect(await refusal(sdk.ivan.threads.get(refund.threadId))).toEqual({ status: 403, code: "forbidden:role" });
    expect(await refusal(sdk.olga.runs.wait(refund.threadId, "agent", { input: { messages: [{ type: "human", content: "approved" }] } }))).toEqual({
      status: 403,
      code: "forbidden:role",
    });
    expect(await ledgerEntriesOf(olgaApi, refund.caseId)).toHaveLength(0);
    expect(await approvalOfCase(olgaApi, refund.caseId)).toMatchObject({ status: "pending" });
  });

  test("an operator's resume is the console's decision: stale versions and stray interrupts get 409, an accept pays the refund once", async () => {
    const request = refund.interrupt.value[0]!.action_request;
    const version = Number(request.args.version);
    const stale = { command: { resume: inboxAnswer("accept", request, { version: String(version + 1) }) } };
    expect(await refusal(sdk.olga.runs.wait(refund.threadId, "agent", stale))).toEqual({ status: 409, code: "conflict:approval" });
    const stray = { command: { resume: { "no-such-interrupt": inboxAnswer("accept", request) } } };
    expect(await refusal(sdk.olga.runs.wait(refund.threadId, "agent", stray))).toEqual({ status: 409, code: "conflict:interrupt" });
    const ignore = { command: { resume: [{ type: "ignore", args: null }] } };
    expect(await refusal(sdk.olga.runs.wait(refund.threadId, "agent", ignore))).toEqual({ status: 400, code: "bad_request:resume" });
    expect(await ledgerEntriesOf(olgaApi, refund.caseId)).toHaveLength(0);

    const resumed = (await sdk.olga.runs.wait(refund.threadId, "agent", {
      command: { resume: { [refund.interrupt.id]: inboxAnswer("accept", request) } },
    })) as Values;
    expect(resumed.__interrupt__).toBeUndefined();
    expect(lastAi(resumed)).toContain("312.00");
    const [entry, ...more] = await ledgerEntriesOf(olgaApi, refund.caseId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ amountMinor: 31_200, status: "committed" });
    expect(await approvalOfCase(olgaApi, refund.caseId)).toMatchObject({ status: "executed", decidedBy: "olga" });

    expect(await refusal(sdk.sam.runs.wait(refund.threadId, "agent", { command: { resume: inboxAnswer("accept", request) } }))).toEqual({
      status: 409,
      code: "conflict:approval",
    });
    expect(await ledgerEntriesOf(olgaApi, refund.caseId)).toHaveLength(1);
    expect(await sdk.alice.threads.get(refund.threadId)).toMatchObject({ status: "idle" });
  });

  test("an operator over their limit is refused; a supervisor's edit of the amount pays that amount, as a background run", async () => {
    const thread = await sdk.alice.threads.create();
    const run = await sdk.alice.runs.create(thread.thread_id, "agent", {
      input: { messages: [{ type: "human", content: "I don't recognise the Harbour Hotel payment of 780.00" }] },
    });
    expect(["pending", "running", "success"]).toContain(run.status);
    const joined = (await sdk.alice.runs.join(thread.thread_id, run.run_id)) as Values;
    expect(await sdk.alice.runs.get(thread.thread_id, run.run_id)).toMatchObject({ status: "success" });
    expect(joined.__interrupt__).toHaveLength(1);
    expectNoReview(joined);
    const joinedStream: unknown[] = [];
    for await (const part of sdk.alice.runs.joinStream(thread.thread_id, run.run_id, { streamMode: ["values", "updates"] })) joinedStream.push(part);
    expect(joinedStream.length).toBeGreaterThan(2);
    expectNoReview(joinedStream);
    const request = ((await sdk.olga.runs.join(thread.thread_id, run.run_id)) as Values).__interrupt__![0]!.value[0]!.action_request;
    expect(request.args).toMatchObject({ merchant: "Harbour Hotel", amountMinor: 78_000 });
    const caseId = String(request.args.caseId);

    expect(await refusal(sdk.olga.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("accept", request) } }))).toEqual({
      status: 403,
      code: "forbidden:amount_limit",
    });
    expect(
      await refusal(sdk.sam.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("edit", request, { amountMinor: "90000" }) } })),
    ).toEqual({
      status: 400,
      code: "bad_request:approval",
    });
    expect(await ledgerEntriesOf(olgaApi, caseId)).toHaveLength(0);

    const decision = await sdk.sam.runs.create(thread.thread_id, "agent", { command: { resume: inboxAnswer("edit", request, { amountMinor: "70000" }) } });
    expect(decision).toMatchObject({ status: "success", thread_id: thread.thread_id });
    expect(await sdk.sam.runs.get(thread.thread_id, decision.run_id)).toMatchObject({ status: "success" });
    const entries = await ledgerEntriesOf(olgaApi, caseId);
    expect(entries).toEqual([expect.objectContaining({ amountMinor: 70_000, status: "committed" })]);
    const after = (await sdk.alice.threads.getState(thread.thread_id)).values as Values;
    expect(lastAi(after)).toContain("700.00");
  });

  test("Agent Inbox's response rejects with its text as the reason and pays nothing", async () => {
    const thread = await sdk.alice.threads.create();
    const paused = (await sdk.alice.runs.wait(thread.thread_id, "agent", {
      input: { messages: [{ type: "human", content: "I don't recognise the Riverside Cinema payment of 64.00" }] },
    })) as Values;
    expectNoReview(paused);
    const caseId = String(paused.__interrupt__![0]!.value[0]!.action_request.args.caseId);
    const rejected = (await sdk.olga.runs.wait(thread.thread_id, "agent", {
      command: { resume: [{ type: "response", args: "The customer bought the tickets." }] },
    })) as Values;
    expect(rejected.__interrupt__).toBeUndefined();
    expect(await approvalOfCase(olgaApi, caseId)).toMatchObject({ status: "rejected", decidedBy: "olga" });
    expect(await ledgerEntriesOf(olgaApi, caseId)).toHaveLength(0);
    expect(await refusal(sdk.sam.runs.wait(thread.thread_id, "agent", { command: { resume: [{ type: "response", args: "again" }] } }))).toEqual({
      status: 409,
      code: "conflict:approval",
    });
  });

  test("four eyes through the API: the first accept leaves the refund waiting, the same person cannot give the second, a supervisor's pays", async () => {
    const thread = await sdk.alice.threads.create();
    const paused = (await sdk.alice.runs.wait(thread.thread_id, "agent", {
      input: { messages: [{ type: "human", content: "I don't recognise the Grand Jewels payment of 1,450.00" }] },
    })) as Values;
    expectNoReview(paused);
    const first = ((await sdk.olga.threads.getState(thread.thread_id)) as unknown as { interrupts: Interrupt[] }).interrupts[0]!.value[0]!.action_request;
    expect(first.args).toMatchObject({ amountMinor: 145_000, approvalsNeeded: 2, firstApprovedBy: null });
    const caseId = String(first.args.caseId);

    const halfway = (await sdk.olga.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("accept", first) } })) as Values;
    const second = halfway.__interrupt__![0]!.value[0]!.action_request;
    expect(second.args).toMatchObject({ approvalsNeeded: 1, firstApprovedBy: "olga", firstApprovedAmountMinor: 145_000 });
    expect(Number(second.args.version)).toBeGreaterThan(Number(first.args.version));
    expect(await ledgerEntriesOf(olgaApi, caseId)).toHaveLength(0);

    expect(await refusal(sdk.olga.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("accept", second) } }))).toEqual({
      status: 403,
      code: "forbidden:four_eyes",
    });
    expect(await refusal(sdk.sam.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("accept", first) } }))).toEqual({
      status: 409,
      code: "conflict:approval",
    });
    expect(
      await refusal(sdk.sam.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("edit", second, { amountMinor: "100000" }) } })),
    ).toEqual({
      status: 409,
      code: "conflict:amount",
    });
    const paid = (await sdk.sam.runs.wait(thread.thread_id, "agent", { command: { resume: inboxAnswer("accept", second) } })) as Values;
    expect(paid.__interrupt__).toBeUndefined();
    expectNoReview(await sdk.alice.threads.getHistory(thread.thread_id, { limit: 50 }));
    expect(await ledgerEntriesOf(olgaApi, caseId)).toEqual([expect.objectContaining({ amountMinor: 145_000, status: "committed" })]);
  });

  test("staff see customers' names and card numbers masked in the whole answer: values, interrupts, descriptions, history, run results", async () => {
    const thread = await sdk.alice.threads.create();
    await sdk.alice.runs.wait(thread.thread_id, "agent", {
      input: { messages: [{ type: "human", content: "what are my card limits, my card ends in 4242" }] },
    });
    const paused = (await sdk.alice.runs.wait(thread.thread_id, "agent", {
      input: { messages: [{ type: "human", content: "I don't recognise the Kowalski Garden payment of 88.00" }] },
    })) as Values;
    expect(paused.__interrupt__![0]!.value[0]!.action_request.args).toMatchObject({ merchant: "Kowalski Garden", amountMinor: 8_800 });

    const state = (await sdk.olga.threads.getState(thread.thread_id)) as unknown as { interrupts: Interrupt[] };
    const shown = state.interrupts[0]!.value[0]!;
    expect(shown.action_request.args).toMatchObject({ merchant: "K******* Garden", policyReason: expect.any(String) });
    expect(shown.description).toContain("K******* Garden");
    const views: unknown[] = [
      state,
      await sdk.olga.threads.get(thread.thread_id),
      await sdk.olga.threads.getHistory(thread.thread_id, { limit: 50 }),
      await sdk.olga.threads.search({ ids: [thread.thread_id] }),
    ];
    const stream: unknown[] = [];
    for await (const part of sdk.olga.runs.stream(thread.thread_id, "agent", {
      command: { resume: [{ type: "response", args: "The customer shopped at Kowalski Garden with card 4242." }] },
      streamMode: ["values", "updates"],
    })) {
      stream.push(part);
    }
    expect(stream.length).toBeGreaterThan(1);
    const decisionRunId = (stream[0] as { data: { run_id: string } }).data.run_id;
    views.push(stream, await sdk.olga.runs.join(thread.thread_id, decisionRunId));
    const text = JSON.stringify(views);
    expect(personalIn(text, ["Kowalski", "Alice", "Novak", "4242"]), "personal data staff see").toEqual([]);
    expect(text).toContain("K******* Garden");
  });
});
