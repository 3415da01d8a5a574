import { retentionStateOf } from "@/app/_lib/retention-holds";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The conversation's pinned steps and legal hold (auditors, supervisors). */
export const GET = route<{ id: string }>((req, { id }) => retentionStateOf(services().db, req, id));
