/**
 * The reverse proxy of the two-instance topology, as nginx does it in docker-compose.yml:
 * requests go round robin to the instances; one that refuses the connection is skipped (the
 * request had not reached it, so sending it to the next is safe); answers stream back as the
 * instance writes them, so Server-Sent Events pass unbuffered.
 */
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = {
  url: string;
  /** Requests each instance answered, by its URL. */
  served: Map<string, number>;
  /** Connections an instance refused, by its URL (its request went to the next instance). */
  refused: Map<string, number>;
  close(): Promise<void>;
};

/** Headers that belong to one connection, never forwarded. */
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const served = new Map(upstreams.map((u) => [u, 0]));
  const refused = new Map(upstreams.map((u) => [u, 0]));
  let turn = 0;

  const server = createServer(async (req, res) => {
    // The app reads at most 16 KB of a body, so holding it lets a refused request be sent again.
    const body = await readBody(req);
    const first = turn++ % upstreams.length;
    const attempt = (tries: number) => {
      const upstream = upstreams[(first + tries) % upstreams.length]!;
      const outgoing = request(`${upstream}${req.url}`, {
        method: req.method,
        headers: { ...forwardable(req.headers), "content-length": String(body.length) },
      });
      outgoing.on("response", (answer) => {
        served.set(upstream, served.get(upstream)! + 1);
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        res.flushHeaders();
        answer.pipe(res);
        // An instance that dies mid-answer cuts the client's connection too, as nginx does.
        answer.on("close", () => {
          if (!answer.complete) res.destroy();
        });
      });
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (res.headersSent) return res.destroy();
        if (error.code === "ECONNREFUSED" && tries + 1 < upstreams.length) {
          refused.set(upstream, refused.get(upstream)! + 1);
          return attempt(tries + 1);
        }
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "unavailable:proxy", message: "No app instance answered." }));
      });
      // A client that goes away (an event stream closed) ends the instance's request too.
      res.on("close", () => {
        if (!res.writableFinished) outgoing.destroy();
      });
      outgoing.end(body);
    };
    attempt(0);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    refused,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
