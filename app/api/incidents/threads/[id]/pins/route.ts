import { pinStep } from "@/app/_lib/retention-holds";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";

/** Pins a checkpoint for an incident, so retention keeps it and its diff. */
export const POST = route<{ id: string }>((req, { id }) => {
  const { db, agent } = services();
  return pinStep(db, agent, req, id);
});
