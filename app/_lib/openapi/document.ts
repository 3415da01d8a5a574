import { createDocument } from "zod-openapi";
import { paths } from "./paths";

const DESCRIPTION = `The chat widget, the operator console and the incident viewer call these routes. The routes under /api/langgraph follow the LangGraph Platform API (its paths and snake_case shapes), so the official LangGraph SDK and Agent Inbox work against this app unchanged.

**Errors.** Every error is JSON \`{code: "type:surface", message}\`; the status follows the type (bad_request 400, unauthorized 401, forbidden 403, not_found 404, conflict 409, payload_too_large 413, unsupported_media_type 415, too_many_requests 429, rate_limited 429, internal 500, unavailable 503). Bad input gets a 4xx and changes nothing. An API path no route serves answers 404 \`not_found:route\` in the same shape. A method a route does not serve is answered by the framework before any route runs: 405 with no body.

**Budgets.** Each customer may send CUSTOMER_TURNS_PER_MINUTE (20) and CUSTOMER_TURNS_PER_DAY (500) messages, chat and LangGraph runs together, and start CUSTOMER_CONVERSATIONS_PER_DAY (50) conversations (days in UTC); each client address may make ADDRESS_REQUESTS_PER_MINUTE (300) requests without a session. Past one: 429 \`rate_limited:turn\`, \`rate_limited:thread\` or \`rate_limited:address\`, with \`Retry-After\` (seconds until the window closes), the same as retryAfterSeconds in the body, and the budget's name; nothing is stored or run. Every instance counts into the same Postgres rows.

**Money** is integer minor units (\`amountMinor\`: 4.90 EUR is 490), never floats.

**The session** is the cookie \`__Host-bank_session\` (HttpOnly, Secure, SameSite=Lax, Path=/) set by sign-in; in demo mode over plain http to a host other than localhost it is \`bank_session\` without Secure. It ends after SESSION_MAX_AGE_MS (12 h), after SESSION_IDLE_MS (30 min) without a request, and when the user's role changes. Without a session a route answers 401 \`unauthorized:session\`; with a malformed or unknown one \`unauthorized:session_invalid\`; past its lifetime \`unauthorized:session_expired\`; after the user's role changed \`unauthorized:session_role_changed\`.

**Writes from other sites.** Every request that changes something (any method but GET, HEAD and OPTIONS), on every route, is checked before it runs. From a browser it must come from the app's own origin (APP_ORIGIN, else the origin the request was addressed to); the chat routes \`POST /api/threads\` and \`POST /api/threads/{id}/messages\` also accept the origins in WIDGET_ORIGINS. \`Origin: null\` is refused; without \`Origin\`, \`Sec-Fetch-Site\` must be \`same-origin\` or \`none\`. A request with neither header (a server, an SDK, curl) passes. Otherwise: 403 \`forbidden:origin\`.

**Media type and size.** Every such request must carry \`content-type: application/json\` (optionally \`; charset=utf-8\`, nothing else), including routes that take no input: send \`{}\` or an empty body, which those routes do not read. Otherwise: 415 \`unsupported_media_type:body\`. Bodies are read up to 16 KB as they arrive, with or without content-length; past that: 413 \`payload_too_large:body\`. Bytes that are not UTF-8: 400 \`bad_request:encoding\`.

**Streams.** Besides the LangGraph runs' streams, two routes answer Server-Sent Events (\`text/event-stream\`): a customer turn when asked with \`Accept: text/event-stream\`, and the console's live queue, \`GET /api/approvals/events\`.

**Personal data.** Staff see customers' names and card numbers masked, in free text too. Auditors and supervisors reach a conversation through the incident viewer's routes, which audit every view, replay and export under their name; a reveal is a POST with \`{"reveal": true}\`, audited as \`incident.revealed\`.`;

let built: ReturnType<typeof createDocument> | undefined;

/** The API's OpenAPI 3.1 document, generated once from the route schemas. */
export function openApiDocument() {
  built ??= createDocument({
    openapi: "3.1.0",
    info: { title: "Bank support agent API", version: "1.0.0", description: DESCRIPTION },
    security: [{ session: [] }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__Host-bank_session" },
        metricsToken: { type: "http", scheme: "bearer", description: "The METRICS_TOKEN setting; unset, only sessions may read the metrics." },
      },
    },
    paths,
  });
  return built;
}
