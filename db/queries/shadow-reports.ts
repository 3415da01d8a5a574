import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { shadowReports } from "../schema";

export type ShadowReportRow = typeof shadowReports.$inferSelect;

/** Keeps a shadow replay's report for the bank's supervisors and auditors; its id. */
export async function saveShadowReport(
  db: DbOrTx,
  input: { tenantId: string; candidateRevisionId: string; since: Date; until: Date; turns: number; outcomesChanged: number; ranBy: string; report: object },
): Promise<string> {
  const [row] = await db
    .insert(shadowReports)
    .values({ id: randomUUID(), ...input })
    .returning({ id: shadowReports.id });
  return row!.id;
}

/** The bank's reports, newest first, without their bodies. */
export async function listShadowReports(db: DbOrTx, tenantId: string, limit = 50) {
  return db
    .select({
      id: shadowReports.id,
      candidateRevisionId: shadowReports.candidateRevisionId,
      since: shadowReports.since,
      until: shadowReports.until,
      turns: shadowReports.turns,
      outcomesChanged: shadowReports.outcomesChanged,
      ranBy: shadowReports.ranBy,
      createdAt: shadowReports.createdAt,
    })
    .from(shadowReports)
    .where(eq(shadowReports.tenantId, tenantId))
    .orderBy(desc(shadowReports.createdAt))
    .limit(limit);
}

export async function getShadowReport(db: DbOrTx, tenantId: string, id: string): Promise<ShadowReportRow | null> {
  const [row] = await db
    .select()
    .from(shadowReports)
    .where(and(eq(shadowReports.tenantId, tenantId), eq(shadowReports.id, id)));
  return row ?? null;
}
