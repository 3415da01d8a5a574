import { releaseLegalHold } from "@/app/_lib/retention-holds";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";

/** Releases the conversation's legal hold. */
export const POST = route<{ id: string }>((req, { id }) => releaseLegalHold(services().db, req, id));
