import { z } from "zod";
import { healthAnswer } from "@/app/api/health/schema";
import { clockAnswer, clockBody } from "@/app/api/test/clock/schema";
import { json, plainText, type Operation, type Paths } from "../operation";

/**
 * `app/api/[...path]`: any path under /api that no route serves, of any depth. OpenAPI's
 * path parameters hold one segment; this entry stands for all of them.
 */
function unknownRoutes(): Paths {
  const missing: Operation = {
    public: true,
    summary: "Any API path no route serves (`{path}` is one or more segments): a JSON 404 after the same origin and media-type checks as every route.",
    path: z.object({ path: z.string() }),
    responses: {},
    errors: { 404: "`not_found:route`: there is no such API route." },
  };
  return { "/api/{path}": { get: missing, post: missing, put: missing, patch: missing, delete: missing } };
}

/** Health, metrics, this document, the test clock, and paths no route serves. */
export const servicePaths = {
  "/api/health": {
    get: {
      public: true,
      summary: "200 once the database and the bank systems answer, 503 otherwise.",
      responses: { 200: json(healthAnswer, "Healthy"), 503: json(healthAnswer, "Not ready: what does not answer") },
    },
  },
  "/api/openapi.json": {
    get: {
      public: true,
      summary: "This document: the API's contract, generated from the schemas the routes parse with.",
      responses: { 200: json(z.looseObject({ openapi: z.string() }), "OpenAPI 3.1") },
    },
  },
  "/api/metrics": {
    get: {
      summary:
        "This instance's metrics in the Prometheus text format (version 0.0.4), with the database's pending approvals and queued messages read at the scrape.",
      description: "For a scraper with `Authorization: Bearer <METRICS_TOKEN>`, or a signed-in supervisor, auditor or ops user.",
      alsoBy: ["metricsToken"],
      responses: { 200: plainText("Prometheus text exposition") },
      errors: {
        401: "`unauthorized:metrics_token`: a bearer token that is not METRICS_TOKEN, or any bearer token while METRICS_TOKEN is unset. Without a token, the session errors as on every route.",
      },
    },
  },
  "/api/test/clock": {
    post: {
      summary:
        "Moves the server's clock forward, for browser tests of expiry (staff). Demo mode with ENABLE_TEST_CLOCK=1 only; otherwise 404 `not_found:route`.",
      body: clockBody,
      responses: { 200: json(clockAnswer, "Moved") },
      errors: { 404: "`not_found:route`: the test clock is off." },
    },
  },
  ...unknownRoutes(),
  ...unknownRoutes(),
} satisfies Paths;
