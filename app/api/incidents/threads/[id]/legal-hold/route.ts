import { placeLegalHold } from "@/app/_lib/retention-holds";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";

/** Places a legal hold on the whole conversation. */
export const POST = route<{ id: string }>((req, { id }) => placeLegalHold(services().db, req, id));
