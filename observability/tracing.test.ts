import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { context, propagation, trace } from "@opentelemetry/api";
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-node";
import { afterEach, describe, expect, it } from "vitest";
import { currentTracing, exportProcessors, inSpan, startTracing, tracer, tracesUrl } from "./tracing";

afterEach(async () => {
  await currentTracing()?.shutdown();
});

/** An OTLP/HTTP collector that keeps each request's path and JSON body. */
function collector(): Promise<{ server: Server; url: string; received: { path: string; body: string }[] }> {
  const received: { path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received })),
  );
}

describe("tracing settings", () => {
  it("has no exporter without an endpoint, and the OTLP exporter with one", () => {
    expect(exportProcessors(undefined)).toEqual([]);
    expect(exportProcessors("")).toEqual([]);
    const processors = exportProcessors("http://collector:4318");
    expect(processors).toHaveLength(1);
    expect(processors[0]).toBeInstanceOf(BatchSpanProcessor);
  });

  it("sends traces to the endpoint's /v1/traces", () => {
    expect(tracesUrl("http://collector:4318")).toBe("http://collector:4318/v1/traces");
    expect(tracesUrl("http://collector:4318/")).toBe("http://collector:4318/v1/traces");
    expect(tracesUrl("https://otel.bank.example/otlp")).toBe("https://otel.bank.example/otlp/v1/traces");
  });

  it("starts nothing without an endpoint: spans are the API's no-op and no traceparent is sent", async () => {
    expect(startTracing({ serviceName: "bank-support-agent" })).toBeUndefined();
    expect(currentTracing()).toBeUndefined();
    await inSpan("agent.turn", {}, async (span) => {
      expect(span.isRecording()).toBe(false);
      const headers: Record<string, string> = {};
      propagation.inject(context.active(), headers);
      expect(headers).toEqual({});
    });
  });

  it("exports over OTLP/HTTP to the endpoint, under the service's name", async () => {
    const otlp = await collector();
    try {
      const tracing = startTracing({ serviceName: "bank-support-agent-test", endpoint: otlp.url });
      expect(tracing).toBeDefined();
      await inSpan("agent.turn", { attributes: { "agent.tenant": "demo-bank" } }, async (span) => {
        expect(span.isRecording()).toBe(true);
        const headers: Record<string, string> = {};
        propagation.inject(context.active(), headers);
        expect(headers.traceparent).toMatch(new RegExp(`^00-${span.spanContext().traceId}-${span.spanContext().spanId}-01$`));
      });
      await tracing!.provider.forceFlush();
      expect(otlp.received.map((r) => r.path)).toEqual(["/v1/traces"]);
      const body = otlp.received[0].body;
      expect(body).toContain('"name":"agent.turn"');
      expect(body).toContain('"stringValue":"bank-support-agent-test"');
      expect(body).toContain('"stringValue":"demo-bank"');
    } finally {
      otlp.server.close();
    }
  });

  it("keeps one provider per process, and a span's children follow it across awaits", async () => {
    const memory = new InMemorySpanExporter();
    const first = startTracing({ serviceName: "a", spanProcessors: [new SimpleSpanProcessor(memory)] });
    expect(startTracing({ serviceName: "b", spanProcessors: [new SimpleSpanProcessor(new InMemorySpanExporter())] })).toBe(first);
    await inSpan("parent", {}, async () => {
      await new Promise((r) => setTimeout(r, 5));
      tracer().startSpan("child").end();
    });
    const [child, parent] = memory.getFinishedSpans();
    expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
  });

  it("records a failure by its class, never its message", async () => {
    const memory = new InMemorySpanExporter();
    startTracing({ serviceName: "a", spanProcessors: [new SimpleSpanProcessor(memory)] });
    class BankSystemError extends Error {
      name = "BankSystemError";
    }
    await expect(inSpan("bank.ledger", {}, async () => Promise.reject(new BankSystemError("card 4111 1111 1111 1111 refused")))).rejects.toThrow();
    const [span] = memory.getFinishedSpans();
    expect(span.attributes["error.type"]).toBe("BankSystemError");
    expect(span.status).toEqual({ code: 2 });
    expect(span.events).toEqual([]);
    expect(JSON.stringify(span.attributes)).not.toContain("4111");
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
