import Link from "next/link";
import { useState } from "react";
import { errorMessage, networkError, readApiError } from "@/components/api/request-json";
import { Button, buttonClasses } from "@/components/ui/button";

/** Saves a fetched file under `name` through a temporary link, as a download does. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The incident report as a JSON download and as a printable page. The download is a POST
 * (it is audited as an export, and as a reveal when names are shown); the printable page
 * is always masked.
 */
export function ExportControls({ threadId, reveal }: { threadId: string; reveal: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = encodeURIComponent(threadId);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      let res: Response;
      try {
        res = await fetch(`/api/incidents/threads/${id}/report`, {
          method: "POST",
          cache: "no-store",
          credentials: "same-origin",
          headers: { accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify({ reveal }),
        });
      } catch {
        throw networkError();
      }
      if (!res.ok) throw await readApiError(res);
      saveFile(await res.blob(), `incident-${threadId}.json`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Export" className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => void download()} disabled={busy}>
          {busy ? "Preparing the report…" : "Download JSON report"}
        </Button>
        <Link href={`/incidents/${id}/report`} prefetch={false} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Printable report (masked)
        </Link>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-800">
          The report could not be downloaded: {error}
        </p>
      ) : null}
    </div>
  );
}
