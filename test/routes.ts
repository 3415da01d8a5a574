import * as approvalClaim from "@/app/api/approvals/[id]/claim/route";
import * as approvalDecision from "@/app/api/approvals/[id]/decision/route";
import * as approvalQuestions from "@/app/api/approvals/[id]/questions/route";
import * as approvalDetail from "@/app/api/approvals/[id]/route";
import * as approvalEvents from "@/app/api/approvals/events/route";
import * as approvals from "@/app/api/approvals/route";
import * as lgAssistantSearch from "@/app/api/langgraph/assistants/search/route";
import * as lgAssistant from "@/app/api/langgraph/assistants/[id]/route";
import * as lgAssistantVersions from "@/app/api/langgraph/assistants/[id]/versions/route";
import * as lgThreads from "@/app/api/langgraph/threads/route";
import * as lgThreadSearch from "@/app/api/langgraph/threads/search/route";
import * as lgThread from "@/app/api/langgraph/threads/[id]/route";
import * as lgThreadState from "@/app/api/langgraph/threads/[id]/state/route";
import * as lgThreadHistory from "@/app/api/langgraph/threads/[id]/history/route";
import * as lgRuns from "@/app/api/langgraph/threads/[id]/runs/route";
import * as lgRunStream from "@/app/api/langgraph/threads/[id]/runs/stream/route";
import * as lgRunWait from "@/app/api/langgraph/threads/[id]/runs/wait/route";
import * as lgRun from "@/app/api/langgraph/threads/[id]/runs/[runId]/route";
import * as lgRunJoin from "@/app/api/langgraph/threads/[id]/runs/[runId]/join/route";
import * as lgRunJoinStream from "@/app/api/langgraph/threads/[id]/runs/[runId]/stream/route";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as unknownApi from "@/app/api/[...path]/route";
import * as me from "@/app/api/auth/me/route";
import * as caseDetail from "@/app/api/cases/[id]/route";
import * as handoverAnswer from "@/app/api/handovers/[id]/answer/route";
import * as handoverClose from "@/app/api/handovers/[id]/close/route";
import * as handoverDetail from "@/app/api/handovers/[id]/route";
import * as handovers from "@/app/api/handovers/route";
import * as incidentCheckpointReplay from "@/app/api/incidents/threads/[id]/checkpoints/[checkpointId]/replay/route";
import * as incidentCheckpoint from "@/app/api/incidents/threads/[id]/checkpoints/[checkpointId]/route";
import * as incidentCheckpoints from "@/app/api/incidents/threads/[id]/checkpoints/route";
import * as incidentReplay from "@/app/api/incidents/threads/[id]/replay/route";
import * as incidentReport from "@/app/api/incidents/threads/[id]/report/route";
import * as incidentRetention from "@/app/api/incidents/threads/[id]/retention/route";
import * as incidentPins from "@/app/api/incidents/threads/[id]/pins/route";
import * as incidentLegalHold from "@/app/api/incidents/threads/[id]/legal-hold/route";
import * as incidentLegalHoldRelease from "@/app/api/incidents/threads/[id]/legal-hold/release/route";
import * as incidentTimeline from "@/app/api/incidents/threads/[id]/timeline/route";
import * as incidentSearch from "@/app/api/incidents/threads/route";
import * as metricsRoute from "@/app/api/metrics/route";
import * as opsSummaryRoute from "@/app/api/ops/summary/route";
import * as shadowReportsRoute from "@/app/api/releases/shadow/route";
import * as shadowReportRoute from "@/app/api/releases/shadow/[id]/route";
import * as canaryRoute from "@/app/api/tenant/canary/route";
import * as canaryAnswerRoute from "@/app/api/tenant/canary/[id]/route";
import * as canaryStopRoute from "@/app/api/tenant/canary/[id]/stop/route";
import * as tenantPolicy from "@/app/api/tenant/policy/route";
import * as tenantPolicyChange from "@/app/api/tenant/policy/changes/[id]/route";
import * as staffUnlock from "@/app/api/tenant/staff/[username]/unlock/route";
import * as testClock from "@/app/api/test/clock/route";
import * as threadReplay from "@/app/api/threads/[id]/checkpoints/[checkpointId]/replay/route";
import * as threadCheckpoint from "@/app/api/threads/[id]/checkpoints/[checkpointId]/route";
import * as threadHistory from "@/app/api/threads/[id]/history/route";
import * as threadMessages from "@/app/api/threads/[id]/messages/route";
import * as thread from "@/app/api/threads/[id]/route";
import * as threads from "@/app/api/threads/route";
import { openApiDocument } from "@/app/_lib/openapi/document";
import { contract, type Contract } from "./contract";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The app's route handlers by path pattern, called in-process with real Requests. */
export const ROUTES: Record<string, Partial<Record<"GET" | "POST" | "PUT" | "DELETE", Handler>>> = {
  "/api/auth/login": login as never,
  "/api/auth/logout": logout as never,
  "/api/auth/me": me as never,
  "/api/threads": threads as never,
  "/api/threads/:id": thread as never,
  "/api/threads/:id/messages": threadMessages as never,
  "/api/threads/:id/history": threadHistory as never,
  "/api/threads/:id/checkpoints/:checkpointId": threadCheckpoint as never,
  "/api/threads/:id/checkpoints/:checkpointId/replay": threadReplay as never,
  "/api/approvals": approvals as never,
  "/api/approvals/events": approvalEvents as never,
  "/api/approvals/:id": approvalDetail as never,
  "/api/approvals/:id/decision": approvalDecision as never,
  "/api/approvals/:id/claim": approvalClaim as never,
  "/api/approvals/:id/questions": approvalQuestions as never,
  "/api/cases/:id": caseDetail as never,
  "/api/handovers": handovers as never,
  "/api/handovers/:id": handoverDetail as never,
  "/api/handovers/:id/answer": handoverAnswer as never,
  "/api/handovers/:id/close": handoverClose as never,
  "/api/incidents/threads": incidentSearch as never,
  "/api/incidents/threads/:id/timeline": incidentTimeline as never,
  "/api/incidents/threads/:id/checkpoints": incidentCheckpoints as never,
  "/api/incidents/threads/:id/checkpoints/:checkpointId": incidentCheckpoint as never,
  "/api/incidents/threads/:id/checkpoints/:checkpointId/replay": incidentCheckpointReplay as never,
  "/api/incidents/threads/:id/replay": incidentReplay as never,
  "/api/incidents/threads/:id/report": incidentReport as never,
  "/api/incidents/threads/:id/retention": incidentRetention as never,
  "/api/incidents/threads/:id/pins": incidentPins as never,
  "/api/incidents/threads/:id/legal-hold": incidentLegalHold as never,
  "/api/incidents/threads/:id/legal-hold/release": incidentLegalHoldRelease as never,
  "/api/metrics": metricsRoute as never,
  "/api/ops/summary": opsSummaryRoute as never,
  "/api/releases/shadow": shadowReportsRoute as never,
  "/api/releases/shadow/:id": shadowReportRoute as never,
  "/api/tenant/canary": canaryRoute as never,
  "/api/tenant/canary/:id": canaryAnswerRoute as never,
  "/api/tenant/canary/:id/stop": canaryStopRoute as never,
  "/api/tenant/policy": tenantPolicy as never,
  "/api/tenant/policy/changes/:id": tenantPolicyChange as never,
  "/api/tenant/staff/:username/unlock": staffUnlock as never,
  "/api/test/clock": testClock as never,
  "/api/langgraph/assistants/search": lgAssistantSearch as never,
  "/api/langgraph/assistants/:id": lgAssistant as never,
  "/api/langgraph/assistants/:id/versions": lgAssistantVersions as never,
  "/api/langgraph/threads": lgThreads as never,
  "/api/langgraph/threads/search": lgThreadSearch as never,
  "/api/langgraph/threads/:id": lgThread as never,
  "/api/langgraph/threads/:id/state": lgThreadState as never,
  "/api/langgraph/threads/:id/history": lgThreadHistory as never,
  "/api/langgraph/threads/:id/runs": lgRuns as never,
  "/api/langgraph/threads/:id/runs/stream": lgRunStream as never,
  "/api/langgraph/threads/:id/runs/wait": lgRunWait as never,
  "/api/langgraph/threads/:id/runs/:runId": lgRun as never,
  "/api/langgraph/threads/:id/runs/:runId/join": lgRunJoin as never,
  "/api/langgraph/threads/:id/runs/:runId/stream": lgRunJoinStream as never,
  "/api/no-such-route": unknownApi as never,
};

export type Call = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  route: string;
  params?: Record<string, string>;
  query?: string;
  cookie?: string;
  /** A string, or a stream sent chunked without content-length. */
  body?: string | (() => ReadableStream<Uint8Array>);
  /** Defaults to application/json on every POST and DELETE; null sends none. */
  contentType?: string | null;
  /** More request headers, such as the Origin a browser would send. */
  headers?: Record<string, string>;
};

let documented: Contract | undefined;

/**
 * Calls a route handler the way Next.js would: a Request, and params as a promise. Every
 * answer must be as the OpenAPI document describes it (status, media type, JSON body),
 * or the call throws.
 */
export async function callRoute(call: Call): Promise<Response> {
  const handler = ROUTES[call.route]?.[call.method];
  if (!handler) throw new Error(`no ${call.method} ${call.route}`);
  const path = call.route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? ""));
  const headers: Record<string, string> = { ...call.headers };
  if (call.cookie) headers.cookie = call.cookie;
  const contentType = call.contentType === undefined ? (call.method === "GET" ? null : "application/json") : call.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  let body: BodyInit | undefined;
  if (typeof call.body === "string") {
    headers["content-length"] = String(Buffer.byteLength(call.body));
    body = call.body;
  } else if (call.body) {
    body = call.body();
  }
  const req = new Request(`http://localhost${path}${call.query ? `?${call.query}` : ""}`, {
    method: call.method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  const res = await handler(req, { params: Promise.resolve(call.params ?? {}) });
  documented ??= contract(openApiDocument());
  const problems = await documented.problems({
    method: call.method,
    url: req.url,
    status: res.status,
    contentType: res.headers.get("content-type"),
    body: () => res.clone().text(),
  });
  if (problems.length > 0) throw new Error(`The answer is not as the OpenAPI document says:\n${problems.join("\n")}`);
  return res;
}
