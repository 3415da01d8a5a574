import path from "node:path";
import { build } from "esbuild";

/**
 * A page driving the SDK's React `useStream` against the app's API, for a browser test to
 * serve on the app's own origin (so the session cookie and Origin are the app's). It
 * renders the messages, the interrupt and any error; `window.lgSend(text)` submits.
 */
const APP = `
import { createElement as h, useState } from "react";
import { createRoot } from "react-dom/client";
import { useStream } from "@langchain/langgraph-sdk/react";

function App() {
  const [threadId, setThreadId] = useState(null);
  const stream = useStream({ apiUrl: location.origin + "/api/langgraph", assistantId: "agent", threadId, onThreadId: setThreadId });
  window.lgSend = (text) => stream.submit({ messages: [{ type: "human", content: text }] });
  const text = (m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));
  return h("main", null,
    h("ol", { "aria-label": "messages" }, stream.messages.map((m) => h("li", { key: m.id, "data-type": m.type }, text(m)))),
    h("p", { "aria-label": "loading" }, String(stream.isLoading)),
    h("p", { "aria-label": "interrupt" }, stream.interrupt ? JSON.stringify(stream.interrupt.value) : ""),
    h("p", { "aria-label": "thread" }, threadId ?? ""),
    h("p", { "aria-label": "error" }, stream.error ? String(stream.error) : ""));
}
createRoot(document.getElementById("root")).render(h(App));
`;

export async function useStreamPage(): Promise<string> {
  const bundle = await build({
    stdin: { contents: APP, resolveDir: path.resolve(import.meta.dirname, "../.."), loader: "js" },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]!.text.replaceAll("</script", "<\\/script");
  return `<!doctype html><html><body><div id="root"></div><script>${script}</script></body></html>`;
}
