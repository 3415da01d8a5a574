import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** The incident report, as a JSON download and as a printable page. */
export function ExportLinks({ threadId, reveal }: { threadId: string; reveal: boolean }) {
  const id = encodeURIComponent(threadId);
  const download = `/api/incidents/threads/${id}/report?download=1${reveal ? "&reveal=1" : ""}`;
  const printable = `/incidents/${id}/report${reveal ? "?reveal=1" : ""}`;
  return (
    <nav aria-label="Export" className="flex flex-wrap items-center gap-2">
      <a href={download} download={`incident-${threadId}.json`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Download JSON report
      </a>
      <Link href={printable} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Printable report
      </Link>
    </nav>
  );
}
